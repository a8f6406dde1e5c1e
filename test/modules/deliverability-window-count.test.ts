import { describe, expect, it } from 'vitest';
import { messagingLimitStatus, takeWindowPlace } from '../../src/modules/messages/index.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';

const DAY = 86_400_000;

/**
 * The messaging window's count (what a limit leaves, what `GET /business` shows) is kept by the minute
 * beside the window's rows. Whatever the times people enter at, it must equal a count of the rows, at any
 * moment: the minute the window starts in is split between people in and out of it.
 */
describe('the messaging window count, kept by the minute', () => {
  const t = useTestApp();

  it('equals a count of who entered in the last 24 hours, at every moment, across minute edges', async () => {
    const user = await createUser(t);
    const start = Date.parse('2026-03-01T10:00:00.000Z');
    // A deterministic spread: bursts within one minute, single people, re-entries a day later.
    const entries: { phone: string; at: number }[] = [];
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    for (let i = 0; i < 120; i++) {
      const at = start + (next() % (40 * 3_600_000)) + (i % 5 === 0 ? 0 : next() % 1000);
      entries.push({ phone: `+23480300${String(next() % 60).padStart(5, '0')}`, at });
    }
    entries.sort((a, b) => a.at - b.at);
    // Moments to read the count at, as time goes on: just before, at and just after the minute a day after
    // each entry, where that entry leaves the window (the count is only ever read at the present).
    const moments = entries
      .filter((_, i) => i % 3 === 0)
      .flatMap((e) => [e.at + DAY - 1, e.at + DAY, e.at + DAY + 1, e.at + DAY + 61_000]);
    const timeline = [
      ...entries.map((e) => ({ at: e.at, entry: e })),
      ...moments.map((at) => ({ at, entry: null })),
    ].sort((a, b) => a.at - b.at);
    // Who is in the window at `now`: each phone's latest start, moved only once it had expired.
    const starts = new Map<string, number>();
    const inWindow = (now: number) => [...starts.values()].filter((s) => s > now - DAY).length;
    let reads = 0;
    for (const { at, entry } of timeline) {
      if (entry) {
        const taken = await takeWindowPlace(t.db, {
          businessId: user.businessId,
          phoneNumber: entry.phone,
          dailyRecipients: 1_000,
          now: new Date(at),
        });
        expect(taken.taken).toBe(true);
        const previous = starts.get(entry.phone);
        if (previous === undefined || previous <= at - DAY) starts.set(entry.phone, at);
      }
      const status = await messagingLimitStatus(t.db, user.businessId, new Date(at));
      expect({ at: new Date(at).toISOString(), used: status.used }).toEqual({
        at: new Date(at).toISOString(),
        used: inWindow(at),
      });
      reads++;
    }
    // People did leave and re-enter the window along the way.
    expect(reads).toBeGreaterThan(entries.length);
    expect(inWindow(timeline.at(-1)!.at)).toBeLessThan(starts.size);
  });

  it("keeps each business's minutes to itself", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const now = new Date();
    for (const phone of ['+2348031230001', '+2348031230002'])
      await takeWindowPlace(t.db, { businessId: a.businessId, phoneNumber: phone, dailyRecipients: 10, now });
    expect((await messagingLimitStatus(t.db, a.businessId, now)).used).toBe(2);
    expect((await messagingLimitStatus(t.db, b.businessId, now)).used).toBe(0);
  });
});
