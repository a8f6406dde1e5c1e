import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/platform/db/client.js';
import { useTestApp } from '../harness.js';
import { campaignRow, messagesOf, queuedCampaign, useGateway } from './helpers.js';

const WORKER = fileURLToPath(new URL('./fixtures/dispatch-worker.ts', import.meta.url));
const OPTIONS = {
  pollMs: 50,
  leaseMs: 1_500,
  concurrency: 16,
  batchSize: 64,
  ratePerSecond: 0,
  retryBaseMs: 50,
  retryMaxMs: 500,
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

// A separate process needs a database another process can reach: PostgreSQL only (PGlite lives in this one).
describe.skipIf(!process.env.TEST_DATABASE_URL)('dispatcher killed mid-campaign', () => {
  const t = useTestApp();
  const sim = useGateway({ latencyMs: 10 });

  it('loses nothing: after SIGKILL and a restart every recipient ends sent, duplicates bounded by the in-flight window', async () => {
    const recipients = 600;
    const { campaign, phones } = await queuedCampaign(t, recipients);
    const url = t.testDb.url!;

    const first = await startWorker(url, sim.gateway.url);
    await vi.waitFor(
      () => {
        const value = sim.gateway.totalSends;
        expect(value).toSatisfy((n) => n >= 150);
        return value;
      },
      { timeout: 30_000, interval: 30 },
    );
    first.kill('SIGKILL');
    await exited(first);
    const sentAtKill = sim.gateway.totalSends;
    const [{ inFlight }] = (await queryRows<{ inFlight: number }>(
      t.db,
      sql`SELECT count(*)::int AS "inFlight" FROM campaign_messages
          WHERE campaign_id = ${campaign.id} AND status = 'sending'`,
    )) as [{ inFlight: number }];
    expect(sentAtKill).toBeLessThan(recipients);

    const second = await startWorker(url, sim.gateway.url);
    try {
      const done = await vi.waitFor(
        async () => {
          const value = await campaignRow(t, campaign.id);
          expect(value).toSatisfy((c) => c.completedAt !== null);
          return value;
        },
        { timeout: 60_000, interval: 30 },
      );
      expect(done).toMatchObject({ sentCount: recipients, failedCount: 0 });
    } finally {
      second.kill('SIGTERM');
      expect(await exited(second)).toBe(0);
    }

    const rows = await messagesOf(t, campaign.id);
    expect(rows.every((m) => m.status === 'sent')).toBe(true);
    for (const phone of phones) expect(sim.gateway.sendsTo(phone)).toBeGreaterThanOrEqual(1);
    const duplicates = sim.gateway.duplicates();
    console.log(
      `crash test: killed after ${sentAtKill}/${recipients} sends with ${inFlight} messages leased; ` +
        `${duplicates} duplicate send(s) after the restart`,
    );
    // Only a message leased by the dead worker can have gone out twice.
    expect(duplicates).toBeLessThanOrEqual(inFlight);
  });
});
