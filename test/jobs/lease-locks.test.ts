import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  campaignCounters,
  claimMessages,
  extendLeases,
  reclaimExpiredLeases,
} from '../../src/modules/messages/index.js';
import { campaignMessages } from '../../src/platform/db/schema/index.js';
import type { TestApp } from '../harness.js';
import { useTestApp } from '../harness.js';
import { expectCountersMatchRecount } from '../modules/message-counters.support.js';
import { messagesOf, queuedCampaign } from './helpers.js';

/** An outcome write in progress, as far as locks go: a transaction holding the row `id` until `finish`. */
async function holdRow(t: TestApp, id: string): Promise<{ finish: () => Promise<void> }> {
  let finishWrite!: () => void;
  let rowHeld!: () => void;
  const held = new Promise<void>((resolve) => {
    rowHeld = resolve;
  });
  const write = t.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM campaign_messages WHERE id = ${id} FOR UPDATE`);
    rowHeld();
    await new Promise<void>((resolve) => {
      finishWrite = resolve;
    });
  });
  await held;
  return {
    finish: async () => {
      finishWrite();
      await write;
    },
  };
}

/** What `work` came to, or `waited` if it was still running after three seconds. */
function unlessItWaits<T>(work: Promise<T>): Promise<T | 'waited'> {
  return Promise.race([work, new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000))]);
}

// The heartbeat and the reclaim each take many leased rows in one statement while an outcome write holds
// some of them: waiting on those rows could deadlock with it. Needs two connections at once (one holding a
// row, one upkeeping), which the embedded engine does not have.
describe.skipIf(!process.env.TEST_DATABASE_URL)('lease upkeep beside an outcome write', () => {
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
    const write = await holdRow(t, busy);
    const beat = await unlessItWaits(extendLeases(t.db, 'worker-a', 60_000).then(() => 'extended'));
    await write.finish();
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

  it('reclaims expired leases without waiting on one whose owner is writing its outcome', async () => {
    const { user, campaign } = await queuedCampaign(t, 6);
    await claimMessages(t.db, { businessId: user.businessId, limit: 6, workerId: 'slow', leaseMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [busy, ...rest] = await messagesOf(t, campaign.id);

    const write = await holdRow(t, busy!.id);
    const reclaimed = await unlessItWaits(reclaimExpiredLeases(t.db, 5));
    await write.finish();
    expect(reclaimed).toEqual([campaign.id]);

    const rows = new Map((await messagesOf(t, campaign.id)).map((m) => [m.id, m]));
    expect(rows.get(busy!.id)).toMatchObject({ status: 'sending', lockedBy: 'slow' });
    for (const m of rest) expect(rows.get(m.id)).toMatchObject({ status: 'queued', lockedBy: null });
    // Left to a later round, which takes it once it is free.
    expect(await reclaimExpiredLeases(t.db, 5)).toEqual([campaign.id]);
    const [later] = await t.db.select().from(campaignMessages).where(eq(campaignMessages.id, busy!.id));
    expect(later).toMatchObject({ status: 'queued', lockedBy: null });
  });
});

// The campaign's counters row is updated by every outcome write of the campaign and stays locked until that
// write commits. A claim moves no count (in-flight messages are counted within `queued`), so claiming the
// next batch never queues behind the outcome write of the previous one.
describe.skipIf(!process.env.TEST_DATABASE_URL)('claims beside an outcome write', () => {
  const t = useTestApp();

  it('claim the next batch while an outcome write holds the campaign counters, and the counts stay exact', async () => {
    const { user, campaign } = await queuedCampaign(t, 10);
    let finishWrite!: () => void;
    let counted!: () => void;
    const holding = new Promise<void>((resolve) => {
      counted = resolve;
    });
    const write = t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM campaign_counters WHERE campaign_id = ${campaign.id} FOR UPDATE`);
      counted();
      await new Promise<void>((resolve) => {
        finishWrite = resolve;
      });
    });
    await holding;
    const claimed = await unlessItWaits(
      claimMessages(t.db, { businessId: user.businessId, limit: 4, workerId: 'w', leaseMs: 60_000 }),
    );
    finishWrite();
    await write;
    expect(claimed).not.toBe('waited');
    expect(claimed).toHaveLength(4);

    expect(await campaignCounters(t.db, campaign.id)).toMatchObject({
      recipients: 10,
      queued: 6,
      sending: 4,
      pending: 10,
    });
    await expectCountersMatchRecount(t, campaign.id);
  });
});
