import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, queryRows } from '../../src/platform/db/client.js';
import { factoryHandle, type RunningService, SECRETS, startService } from '../cluster/processes.js';
import { createTestDatabase, type TestDatabase } from '../database.js';
import { createContacts, createUser } from '../factories.js';
import type { TestApp } from '../harness.js';
import { templateInput } from '../modules/cloud-support.js';
import { GraphApiSimulator } from '../simulators/graph-api.js';

const RECIPIENTS = 3_000;
const APP_SECRET = 'crash-test-app-secret-0123';
const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * SIGKILL of the whole service (`node --import tsx src/main.ts`, both roles) a third of the way into a
 * 3,000-recipient Cloud campaign, then a restart on the same PostgreSQL database. The Graph simulator posts
 * a signed `sent` status with the send's `biz_opaque_callback_data` for every message it accepted, and tries
 * again while the service is down, as Meta does. Every recipient gets exactly one send, counted at the
 * simulator: the messages whose lease ran out while they were being sent are settled by their statuses, not
 * sent again. No timing threshold: the figures are logged (and kept in BENCHMARKS.md).
 */
describe.runIf(onPostgres)('SIGKILL mid-way through a Cloud campaign', () => {
  let dataDir: string;
  let testDb: TestDatabase | undefined;
  let handle: { t: TestApp; database: Database } | undefined;
  let service: RunningService | undefined;
  const sim = new GraphApiSimulator({
    latencyMs: 30,
    statusWebhook: { url: 'http://127.0.0.1:9/unset', appSecret: APP_SECRET, retryMs: 250, parallel: 16 },
  });

  const env = () => ({
    ...SECRETS,
    DATA_DIR: dataDir,
    DATABASE_URL: testDb!.url!,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ENABLED: 'false',
    WHATSAPP_CLOUD_BASE_URL: sim.url,
    WHATSAPP_CLOUD_APP_SECRET: APP_SECRET,
    WHATSAPP_CLOUD_VERIFY_TOKEN: 'crash-test-verify-token',
    DISPATCH_RATE_PER_SECOND: '250',
    DISPATCH_POLL_MS: '100',
    DISPATCH_LEASE_MS: '4000',
    CLOUD_STATUS_GRACE_MS: '60000',
    RECEIPT_SWEEP_INTERVAL_MS: '500',
  });

  async function start(): Promise<RunningService> {
    const s = await startService(env());
    sim.statuses!.webhook.url = `${s.url}/api/v1/webhooks/whatsapp-cloud`;
    return s;
  }

  beforeAll(async () => {
    await sim.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'cloud-crash-'));
    testDb = await createTestDatabase({ poolSize: 2 });
    handle = await factoryHandle(testDb.url!);
    service = await start();
  }, 120_000);

  afterAll(async () => {
    if (service?.child.exitCode === null) service.child.kill('SIGKILL');
    await sim.stop();
    await handle?.database.close();
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends every message once: 0 missing, 0 duplicates', async () => {
    const { t } = handle!;
    const owner = await createUser(t, { businessVerified: 'accepted', credits: String(RECIPIENTS * 2) });
    const account = sim.addAccount({
      token: 'EAAG-crash-token',
      wabaId: '1090001',
      phoneNumberId: '2090001',
      // What Meta shows for the number: connecting checks it against the wabaNumber typed below.
      displayPhoneNumber: '+2348099990001',
    });
    const api = async (url: string, body: unknown) => {
      const res = await fetch(`${service!.url}/api/v1${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { data: { id: string } };
      if (res.status >= 300) console.log(url, res.status, JSON.stringify(json));
      return { status: res.status, body: json };
    };
    const connected = await api('/business/provider', {
      provider: 'whatsapp-cloud',
      wabaNumber: '+2348099990001',
      wabaProviderId: account.wabaId,
      providerHSMID: account.phoneNumberId,
      providerHSMPassword: account.token,
    });
    expect(connected.status).toBe(200);
    const template = await api('/templates', templateInput('crash_promo', 1));
    expect(template.status).toBe(201);
    const [stored] = await queryRows<{ provider_template_id: string }>(
      t.db,
      sql`SELECT provider_template_id FROM templates WHERE id = ${template.body.data.id}`,
    );
    sim.setTemplateStatus(stored!.provider_template_id, 'APPROVED');
    await t.db.execute(sql`UPDATE templates SET status = 'APPROVED' WHERE id = ${template.body.data.id}`);
    await createContacts(t, owner.businessId, RECIPIENTS);

    const started = Date.now();
    const published = await api('/campaigns', {
      name: 'Crash',
      message: 'Hello {{1}}, welcome',
      templateId: template.body.data.id,
      templateParameters: { body: [{ field: 'firstName' }] },
      sendToAllContact: true,
      isScheduled: false,
      paymentMethod: 'credit',
    });
    expect(published.status).toBe(201);
    const campaignId = published.body.data.id;

    await vi.waitFor(() => expect(sim.totalSends).toBeGreaterThanOrEqual(RECIPIENTS / 3), {
      timeout: 120_000,
      interval: 5,
    });
    service!.child.kill('SIGKILL');
    await service!.exited;
    const atKill = sim.totalSends;
    service = await start();

    await vi.waitFor(
      async () => {
        const [row] = await queryRows<{ done: boolean }>(
          t.db,
          sql`SELECT completed_at IS NOT NULL AS done FROM campaigns WHERE id = ${campaignId}`,
        );
        expect(row?.done).toBe(true);
      },
      { timeout: 240_000, interval: 250 },
    );
    const tookMs = Date.now() - started;
    await sim.statuses!.drained();

    const messages = await queryRows<{ id: string; status: string; provider_message_id: string | null }>(
      t.db,
      sql`SELECT id, status, provider_message_id FROM campaign_messages WHERE campaign_id = ${campaignId}`,
    );
    const sends = new Map<string, string[]>();
    for (const s of sim.sent) {
      const ref = String(s.body.biz_opaque_callback_data);
      sends.set(ref, [...(sends.get(ref) ?? []), `${s.phoneNumberId}:${s.wamid}`]);
    }
    const missing = messages.filter((m) => !sends.has(m.id)).length;
    const duplicates = [...sends.values()].reduce((n, ids) => n + ids.length - 1, 0);
    console.log(
      `cloud crash: ${RECIPIENTS} recipients, killed after ${atKill} sends; ${missing} missing, ` +
        `${duplicates} duplicates, ${sim.statuses!.retried} status posts retried; finished in ${tookMs} ms`,
    );
    expect(messages).toHaveLength(RECIPIENTS);
    expect({ missing, duplicates }).toEqual({ missing: 0, duplicates: 0 });
    // Each message is recorded sent under the id Meta gave its one send.
    for (const m of messages) {
      expect(m.status, m.id).toBe('sent');
      expect(sends.get(m.id), m.id).toEqual([m.provider_message_id]);
    }
  }, 400_000);
});
