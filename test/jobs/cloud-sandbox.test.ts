import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCloudWebhook } from '../../src/modules/webhooks/cloud.payload.js';
import { CloudSandboxAdapter } from '../../src/providers/messaging/cloud-sandbox.adapter.js';
import { cloudSignatureValid } from '../../src/providers/messaging/cloud-signature.js';

/** The built-in Cloud sandbox of `npm start`: what it posts is what the service's own webhook reads. */
describe('Cloud sandbox', () => {
  const posts: { signature: string | undefined; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      posts.push({ signature: req.headers['x-hub-signature-256'] as string | undefined, body });
      res.end('{}');
    });
  });
  let sandbox: CloudSandboxAdapter;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    sandbox = new CloudSandboxAdapter({
      webhookUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
      appSecret: 'sandbox-secret',
      approveAfterMs: 10,
      deliveredDelayMs: 20,
      emit: true,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('approves a template through a signed template event the webhook reads', async () => {
    const created = await sandbox.createTemplate({ accessToken: 'any' }, '555', {
      name: 'welcome',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Hi' }],
    });
    expect(created.status).toBe('PENDING');
    await vi.waitFor(() => expect(posts.length).toBeGreaterThanOrEqual(1));
    const post = posts.shift()!;
    expect(cloudSignatureValid('sandbox-secret', post.signature, post.body)).toBe(true);
    const parsed = parseCloudWebhook(JSON.parse(post.body));
    expect(parsed.templateEvents).toHaveLength(1);
    expect(parsed.templateEvents[0]).toMatchObject({
      field: 'message_template_status_update',
      wabaId: '555',
      value: { event: 'APPROVED', message_template_id: Number(created.id), message_template_name: 'welcome' },
    });
  });

  it('reports a message sent, delivered and read under the key the send answered', async () => {
    const { providerMessageId } = await sandbox.send(
      { userId: '777', password: 'any', provider: 'whatsapp-cloud' },
      { to: '+2348031234567', text: 'Hi', reference: 'msg-1' },
    );
    await vi.waitFor(() => expect(posts.length).toBeGreaterThanOrEqual(3));
    const receipts = posts.splice(0).flatMap((p) => {
      expect(cloudSignatureValid('sandbox-secret', p.signature, p.body)).toBe(true);
      return parseCloudWebhook(JSON.parse(p.body)).receipts;
    });
    expect(receipts.map((r) => r.event).sort()).toEqual(['delivered', 'read', 'sent']);
    expect(new Set(receipts.map((r) => r.providerMessageId))).toEqual(new Set([providerMessageId]));
  });
});
