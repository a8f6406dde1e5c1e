import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { claimMessages, extendLeases } from '../../src/jobs/dispatch.repository.js';
import { campaignMessages } from '../../src/platform/db/schema/index.js';
import { useTestApp } from '../harness.js';
import { messagesOf, queuedCampaign } from './helpers.js';

// Needs two connections at once (one holding a row, one beating), which the embedded engine does not have.
describe.skipIf(!process.env.TEST_DATABASE_URL)('lease heartbeat', () => {
  const t = useTestApp();

  it('never waits on a row an outcome write holds, so the two cannot deadlock', async () => {
    const { user, campaign } = await queuedCampaign(t, 12);
    const claimed = await claimMessages(t.db, {
      businessId: user.businessId,
      limit: 12,
      workerId: 'worker-a',
      leaseMs: 1_000,
    });
    expect(claimed).toHaveLength(12);
    const busy = claimed[5]!.id;

    // An outcome write of the same worker, in progress: it holds one of the leased rows.
    let finishWrite!: () => void;
    let rowHeld!: () => void;
    const held = new Promise<void>((resolve) => {
      rowHeld = resolve;
    });
    const write = t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM campaign_messages WHERE id = ${busy} FOR UPDATE`);
      rowHeld();
      await new Promise<void>((resolve) => {
        finishWrite = resolve;
      });
    });
    await held;

    const beat = await Promise.race([
      extendLeases(t.db, 'worker-a', 60_000).then(() => 'extended'),
      new Promise((resolve) => setTimeout(() => resolve('waited on the held row'), 3_000)),
    ]);
    finishWrite();
    await write;
    expect(beat).toBe('extended');

    const rows = await messagesOf(t, campaign.id);
    const inAMinute = Date.now() + 30_000;
    for (const row of rows) {
      if (row.id === busy) expect(row.leaseExpiresAt!.getTime()).toBeLessThan(inAMinute);
      else expect(row.leaseExpiresAt!.getTime()).toBeGreaterThan(inAMinute);
    }
    // The next beat, with the row free again, extends it too.
    await extendLeases(t.db, 'worker-a', 60_000);
    const [again] = await t.db.select().from(campaignMessages).where(eq(campaignMessages.id, busy));
    expect(again!.leaseExpiresAt!.getTime()).toBeGreaterThan(inAMinute);
  });
});
