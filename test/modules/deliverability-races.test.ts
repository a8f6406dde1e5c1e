import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { refundFailedMessages } from '../../src/modules/campaigns/index.js';
import { claimMessages, recordOutcomes } from '../../src/modules/messages/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import { campaignMessages, messagingLimits, transactions } from '../../src/platform/db/schema/index.js';
import { useTestApp } from '../harness.js';
import { queuedCampaign, statusCounts, useGateway } from '../jobs/helpers.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';

const WORKER = fileURLToPath(new URL('../jobs/fixtures/dispatch-worker.ts', import.meta.url));
const OPTIONS = {
  pollMs: 30,
  leaseMs: 5_000,
  concurrency: 16,
  batchSize: 16,
  ratePerSecond: 0,
  retryBaseMs: 50,
  retryMaxMs: 200,
};

function startWorker(databaseUrl: string, gatewayUrl: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', WORKER, databaseUrl, gatewayUrl, JSON.stringify(OPTIONS)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
  });
}
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

// Several processes and connections at once: PostgreSQL only (PGlite runs one statement at a time).
describe.skipIf(!process.env.TEST_DATABASE_URL)('deliverability under concurrency (PostgreSQL)', () => {
  const t = useTestApp();
  const sim = useGateway({ latencyMs: 5 });

  it('two dispatcher processes never start more conversations together than the limit', async () => {
    const { campaign, user } = await queuedCampaign(t, 200);
    await t.db.insert(messagingLimits).values({ businessId: user.businessId, dailyRecipients: 70 });
    const url = t.testDb.url!;
    const workers = await Promise.all([startWorker(url, sim.gateway.url), startWorker(url, sim.gateway.url)]);
    try {
      await vi.waitFor(async () => expect((await statusCounts(t, campaign.id)).sent).toBe(70), {
        timeout: 30_000,
        interval: 50,
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(await statusCounts(t, campaign.id)).toEqual({ sent: 70, queued: 130 });
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM messaging_window WHERE business_id = ${user.businessId}`,
      );
      expect(Number(row!.n)).toBe(70);
      expect(sim.gateway.totalSends).toBe(70);
    } finally {
      for (const w of workers) w.kill('SIGTERM');
      for (const w of workers) expect(await exited(w)).toBe(0);
    }
  });

  it('concurrent claims of one business under a limit take exactly the limit', async () => {
    const { user } = await queuedCampaign(t, 300);
    await t.db.insert(messagingLimits).values({ businessId: user.businessId, dailyRecipients: 120 });
    const { claimWithinLimit } = await import('../../src/modules/messages/index.js');
    const now = new Date();
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        claimWithinLimit(t.db, {
          businessId: user.businessId,
          limit: 40,
          workerId: `w${i}`,
          leaseMs: 60_000,
          dailyRecipients: 120,
          now,
        }),
      ),
    );
    const phones = new Set(claims.flatMap((c) => c.messages.map((m) => m.phoneNumber)));
    expect(phones.size).toBe(120);
    expect(claims.reduce((n, c) => n + c.messages.length, 0)).toBe(120);
  });

  it('refunds are exact and single while failed reports and refund sweeps race', async () => {
    const n = 300;
    const { campaign, user } = await queuedCampaign(t, n);
    const claimed = await claimMessages(t.db, {
      businessId: user.businessId,
      limit: n,
      workerId: 'race',
      leaseMs: 60_000,
    });
    await recordOutcomes(
      t.db,
      'race',
      claimed.map((m, i) => ({
        id: m.id,
        kind: 'sent' as const,
        providerMessageId: `rr-${i}`,
        at: new Date(),
      })),
    );
    const phoneOf = new Map(claimed.map((m, i) => [`rr-${i}`, m.phoneNumber]));
    // Two thirds fail for good, reported in 20 concurrent callbacks (each twice), while 10 sweeps run.
    const failing = claimed.map((_, i) => `rr-${i}`).filter((_, i) => i % 3 !== 0);
    const chunks = Array.from({ length: 20 }, (_, c) => failing.filter((_, i) => i % 20 === c));
    const report = (ids: string[]) =>
      t.request({
        url: '/webhooks/messaging-provider/delivery-reports',
        body: ids.map((id) => ({
          externalId: id,
          eventType: 'FAILED',
          eventTs: Date.now(),
          destAddr: phoneOf.get(id)!.replace(/\D/g, ''),
          cause: 'UNKNOWN_SUBSCRIBER',
          errorCode: '003',
        })),
      });
    const sweeps = () => t.db.transaction((tx) => refundFailedMessages(tx, campaign.id));
    const results = await Promise.all([
      ...chunks.map((c) => report(c)),
      ...chunks.map((c) => report(c)),
      ...Array.from({ length: 10 }, sweeps),
    ]);
    for (const r of results.slice(0, 40)) expect((r as { status: number }).status).toBe(200);
    await Promise.all(Array.from({ length: 5 }, sweeps));

    const messages = await t.db
      .select()
      .from(campaignMessages)
      .where(eq(campaignMessages.campaignId, campaign.id));
    const failed = messages.filter((m) => m.status === 'failed');
    expect(failed).toHaveLength(failing.length);
    expect(
      failed
        .filter((m) => m.refundId === null || m.failureOutcome !== 'fail')
        .map((m) => [m.failureOutcome, m.refundId, m.error]),
    ).toEqual([]);
    const refunds = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.campaignId, campaign.id), eq(transactions.kind, 'campaign_refund')));
    const total = refunds.reduce((s, r) => s.plus(r.credits!), new Decimal(0));
    expect(total.toFixed(4)).toBe(new Decimal(campaign.rate!).times(failing.length).toFixed(4));
    // Each refund entry is the batch its messages point at.
    for (const r of refunds)
      expect(failed.filter((m) => m.refundId === r.id).length).toBe(
        (r.metadata as { messages: number }).messages,
      );
    await expectLedgerBalanced(t);
  });
});
