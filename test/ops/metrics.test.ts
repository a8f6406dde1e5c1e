import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import { businesses } from '../../src/platform/db/schema/index.js';
import { createLogger } from '../../src/platform/logger.js';
import { startMetricsServer } from '../../src/platform/metrics-server.js';
import { signWebhookBody } from '../../src/providers/payment/signature.js';
import { SECRETS, startService } from '../cluster/processes.js';
import { createTestDatabase } from '../database.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { campaignRow, queuedCampaign, testDispatcher, useGateway } from '../jobs/helpers.js';

const SECRET = 'sk_test_metrics';

/** The value of one sample of /metrics (0 when absent), matched by name and labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const line = text
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('metrics: what the work counts', () => {
  const t = useTestApp({
    env: {
      METRICS_ENABLED: 'true',
      PAYMENT_PROVIDER_SECRET_KEY: SECRET,
      PAYMENT_PROVIDER_BASE_URL: 'http://127.0.0.1:9',
    },
  });
  const sim = useGateway();
  const running: Dispatcher[] = [];
  afterAll(() => Promise.all(running.map((d) => d.stop())));

  const scrape = async () => {
    const res = await t.request({ url: '/metrics' });
    expect(res.status).toBe(200);
    return res.text;
  };
  const messages = async (outcome: string) => sample(await scrape(), 'campaign_messages_total', { outcome });
  const webhooks = async (provider: string, result: string) =>
    sample(await scrape(), 'webhook_events_total', { provider, result });

  it('counts dispatcher outcomes as they are recorded, and reads the queue depth at scrape time', async () => {
    const before = {
      sent: await messages('sent'),
      failed: await messages('failed'),
      retried: await messages('retried'),
    };
    const { campaign, phones } = await queuedCampaign(t, 6);
    expect(sample(await scrape(), 'campaign_queue_depth', { status: 'queued' })).toBe(6);
    sim.gateway.rejectRecipient(phones[0]!);
    sim.gateway.throttleNext(2, 0.05);
    running.push(testDispatcher(t, sim.adapter, { concurrency: 1, batchSize: 10 }).start());
    await vi.waitFor(
      async () => {
        const value = await campaignRow(t, campaign.id);
        expect(value).toSatisfy((c) => c.completedAt !== null);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    await vi.waitFor(
      async () => {
        const value = await messages('sent');
        expect(value).toSatisfy((n) => n >= before.sent + 5);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    expect(await messages('sent')).toBe(before.sent + 5);
    expect(await messages('failed')).toBe(before.failed + 1);
    // Each 429 sent its message back to the queue to wait for Retry-After.
    expect(await messages('retried')).toBeGreaterThanOrEqual(before.retried + 2);
    expect(sample(await scrape(), 'campaign_queue_depth', { status: 'queued' })).toBe(0);
  });

  it('counts payment webhook events: rejected, processed or ignored, duplicate', async () => {
    const url = '/webhooks/payment-provider';
    const event = {
      event: 'charge.success',
      data: { reference: `unknown-${Date.now()}`, status: 'success' },
    };
    const body = JSON.stringify(event);
    const post = (signature: string) =>
      t.request({
        url,
        payload: body,
        headers: { 'content-type': 'application/json', 'x-payment-provider-signature': signature },
      });
    const before = {
      rejected: await webhooks('payment-provider', 'rejected'),
      ignored: await webhooks('payment-provider', 'ignored'),
      duplicate: await webhooks('payment-provider', 'duplicate'),
    };

    expect((await post('0'.repeat(128))).status).toBe(401);
    expect(await webhooks('payment-provider', 'rejected')).toBe(before.rejected + 1);

    expect((await post(signWebhookBody(SECRET, body))).status).toBe(200);
    // Processed after the answer: an unknown reference is stored and ignored.
    await vi.waitFor(
      async () => {
        const value = await webhooks('payment-provider', 'ignored');
        expect(value).toSatisfy((n) => n === before.ignored + 1);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    expect((await post(signWebhookBody(SECRET, body))).status).toBe(200);
    expect(await webhooks('payment-provider', 'duplicate')).toBe(before.duplicate + 1);
    expect(await webhooks('payment-provider', 'ignored')).toBe(before.ignored + 1);
  });

  it('counts messaging webhook events: unreadable, ignored, processed, duplicate', async () => {
    const provider = 'messaging-provider';
    const post = (body: unknown) => t.request({ url: '/webhooks/messaging-provider', body });
    const before = Object.fromEntries(
      await Promise.all(
        ['rejected', 'ignored', 'processed', 'duplicate'].map(
          async (r) => [r, await webhooks(provider, r)] as const,
        ),
      ),
    );
    const owner = await createUser(t);
    await t.db
      .update(businesses)
      .set({ wabaNumber: '2349011112222' })
      .where(eq(businesses.id, owner.businessId));

    await post({ nothing: 'useful' });
    await post({
      waNumber: '2349000000000',
      mobile: '2348030000001',
      type: 'text',
      text: 'STOP',
      timestamp: '1',
    });
    const optIn = {
      waNumber: '2349011112222',
      mobile: '2348030000002',
      type: 'text',
      text: 'START',
      timestamp: '2',
    };
    await post(optIn);
    await post(optIn);

    expect(await webhooks(provider, 'rejected')).toBe(before.rejected! + 1);
    expect(await webhooks(provider, 'ignored')).toBe(before.ignored! + 1);
    expect(await webhooks(provider, 'processed')).toBe(before.processed! + 1);
    expect(await webhooks(provider, 'duplicate')).toBe(before.duplicate! + 1);
  });

  it("serves a worker's metrics and health on a listener of its own", async () => {
    const server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      database: t.deps.database,
      logger: createLogger('silent'),
    });
    try {
      const metrics = await fetch(`${server.url}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toMatch(/text\/plain/);
      const text = await metrics.text();
      expect(text).toContain('# TYPE campaign_messages_total counter');
      expect(text).toContain('campaign_queue_depth{status="queued"}');
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({
        code: 200,
        status: 'success',
        data: { status: 'ok', db: 'ok' },
      });
      expect((await fetch(`${server.url}/anything`)).status).toBe(404);
      expect((await fetch(`${server.url}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await server.close();
    }

    const down = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      database: { ping: () => Promise.reject(new Error('connection refused')) },
      logger: createLogger('silent'),
    });
    try {
      const health = await fetch(`${down.url}/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({
        code: 503,
        status: 'failure',
        message: 'Database unreachable',
      });
    } finally {
      await down.close();
    }
  });
});

describe('metrics: a worker process', () => {
  it('opens its metrics listener on METRICS_PORT (none on PORT) and stops cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'worker-metrics-'));
    const testDb = process.env.TEST_DATABASE_URL ? await createTestDatabase({ poolSize: 1 }) : undefined;
    try {
      const worker = await startService(
        {
          ...SECRETS,
          DATA_DIR: dataDir,
          ...(testDb ? { DATABASE_URL: testDb.url } : {}),
          METRICS_ENABLED: 'true',
          METRICS_PORT: '0',
          LOG_LEVEL: 'warn',
        },
        'worker',
      );
      expect(worker.url).toBe('');
      expect(worker.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const text = await (await fetch(worker.metricsUrl!)).text();
      expect(sample(text, 'campaign_queue_depth', { status: 'queued' })).toBe(0);
      expect(text).toContain('process_resident_memory_bytes');
      expect((await fetch(worker.metricsUrl!.replace('/metrics', '/health'))).status).toBe(200);
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toEqual({ code: 0, signal: null });
    } finally {
      await testDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
