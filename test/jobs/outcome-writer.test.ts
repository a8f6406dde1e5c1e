import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { OutcomeWriter } from '../../src/jobs/outcome-writer.js';
import type { Outcome } from '../../src/modules/messages/index.js';
import { campaignMessages } from '../../src/platform/db/schema/index.js';
import { useTestApp } from '../harness.js';
import { queuedCampaign, statusCounts } from './helpers.js';

const WORKER = 'writer-test';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A write's fixed cost is paid per batch, so the writer waits for a full batch (500) or for `flushMs`
// before writing, also right after a write ends (it used to write whatever had arrived at once).
describe('outcome writer batching', () => {
  const t = useTestApp();

  /** A published campaign whose `count` messages this worker holds, as after its claim. */
  async function heldMessages(count: number) {
    const { campaign } = await queuedCampaign(t, count);
    await t.db
      .update(campaignMessages)
      .set({ status: 'sending', lockedBy: WORKER, leaseExpiresAt: new Date(Date.now() + 600_000) })
      .where(eq(campaignMessages.campaignId, campaign.id));
    const rows = await t.db
      .select({ id: campaignMessages.id })
      .from(campaignMessages)
      .where(eq(campaignMessages.campaignId, campaign.id));
    const sent = (i: number): Outcome => ({
      id: rows[i]!.id,
      kind: 'sent',
      providerMessageId: `p-${i}`,
      at: new Date(),
    });
    return { campaign, sent };
  }

  it('writes the outcomes of one flush interval together, once the oldest has waited it', async () => {
    const { campaign, sent } = await heldMessages(10);
    const writer = new OutcomeWriter(t.deps, WORKER, 1_000);
    for (let i = 0; i < 10; i++) writer.add(sent(i));
    await sleep(200);
    expect(writer.stats.writes).toBe(0);
    expect(await statusCounts(t, campaign.id)).toEqual({ sending: 10 });

    await vi.waitFor(
      () => {
        const value = writer.stats.writes;
        expect(value).toSatisfy((n) => n === 1);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    expect(writer.stats.written).toBe(10);
    expect(await statusCounts(t, campaign.id)).toEqual({ sent: 10 });
    await writer.drain();
  });

  it('writes a full batch at once, and holds what arrives during that write for the next batch', async () => {
    const { campaign, sent } = await heldMessages(503);
    // An interval no test waits for: only a full batch, or the drain, can start a write.
    const writer = new OutcomeWriter(t.deps, WORKER, 600_000);
    for (let i = 0; i < 500; i++) writer.add(sent(i));
    for (let i = 500; i < 503; i++) writer.add(sent(i));
    const first = await vi.waitFor(
      () => {
        const value = writer.stats.writes;
        expect(value).toSatisfy((n) => n === 1);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    expect(first).toBe(1);
    expect(writer.stats.written).toBe(500);

    // The three that came during the first write are not written on its heels.
    await sleep(300);
    expect(writer.stats.writes).toBe(1);
    expect(await statusCounts(t, campaign.id)).toEqual({ sent: 500, sending: 3 });

    // Nothing is left behind at stop.
    await writer.drain();
    expect(writer.stats.writes).toBe(2);
    expect(await statusCounts(t, campaign.id)).toEqual({ sent: 503 });
  });
});
