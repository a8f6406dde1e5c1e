import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { businesses, messagingLimits } from '../../platform/db/schema/index.js';

/** The Cloud API's tiers and the distinct people a day each allows (null: unlimited). */
export const TIER_RECIPIENTS: Record<string, number | null> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};

/** A tier's daily recipients; undefined for a tier we do not know (the limit is then left as it was). */
export function recipientsOfTier(tier: string): number | null | undefined {
  return tier in TIER_RECIPIENTS ? TIER_RECIPIENTS[tier] : undefined;
}

/** `throughput.level` as the Cloud API says it: STANDARD is 80 messages a second, HIGH 1,000. */
export function messagesPerSecondOf(level: string | null | undefined): number | null | undefined {
  if (level === 'STANDARD') return 80;
  if (level === 'HIGH') return 1_000;
  return undefined;
}

export async function businessExists(db: Db, businessId: string): Promise<boolean> {
  const [row] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId));
  return !!row;
}

type LimitPatch = {
  dailyRecipients?: number | null;
  messagesPerSecond?: number | null;
  tier?: string | null;
  qualityRating?: string | null;
};

/**
 * What changed: the fields given are written, the others kept. Returns the row before and after. An admin's
 * figures are an override: while they stand (`source` admin), the Cloud's tier and quality are recorded but
 * its limit and throughput are not applied; an admin clearing both hands the limit back to the Cloud.
 * `at`: when the Cloud event said so. Its quality, and its tier with the limit and throughput, apply only
 * when not older than the event whose quality (tier) was applied last: a late delivery never undoes a newer
 * event (docs/decisions/cloud-api.md "Are template events deduplicated?").
 */
export async function writeLimit(
  db: Db,
  businessId: string,
  patch: LimitPatch,
  source: 'admin' | 'cloud',
  at: Date | null = null,
) {
  return db.transaction(async (tx) => {
    const lock = () =>
      tx.select().from(messagingLimits).where(eq(messagingLimits.businessId, businessId)).for('update');
    let [before] = await lock();
    if (!before && at) {
      // A row to hold, so that two first events of a business are ordered by their times too: whichever
      // inserts second waits for the first and then reads its times.
      const [mine] = await tx
        .insert(messagingLimits)
        .values({ businessId, source })
        .onConflictDoNothing()
        .returning({ businessId: messagingLimits.businessId });
      if (!mine) [before] = await lock();
    }
    const timed: LimitPatch & { qualityEventAt?: Date; tierEventAt?: Date } = { ...patch };
    if (at) {
      const older = (appliedAt: Date | null | undefined) => !!appliedAt && appliedAt > at;
      if (older(before?.qualityEventAt)) delete timed.qualityRating;
      else if (timed.qualityRating !== undefined) timed.qualityEventAt = at;
      if (older(before?.tierEventAt)) {
        delete timed.tier;
        delete timed.dailyRecipients;
        delete timed.messagesPerSecond;
      } else if (timed.tier !== undefined || timed.dailyRecipients !== undefined) timed.tierEventAt = at;
      if (before && !Object.keys(timed).length) return { before, after: before };
    }
    let applied = timed;
    let by = source;
    if (source === 'cloud' && before?.source === 'admin') {
      const { dailyRecipients: _d, messagesPerSecond: _m, ...rest } = timed;
      applied = rest;
      by = 'admin';
    }
    if (source === 'admin') {
      const daily =
        patch.dailyRecipients !== undefined ? patch.dailyRecipients : (before?.dailyRecipients ?? null);
      const rate =
        patch.messagesPerSecond !== undefined ? patch.messagesPerSecond : (before?.messagesPerSecond ?? null);
      if (daily === null && rate === null) by = 'cloud';
    }
    const [after] = await tx
      .insert(messagingLimits)
      .values({ businessId, ...applied, source: by })
      .onConflictDoUpdate({
        target: messagingLimits.businessId,
        set: { ...applied, source: by, updatedAt: sql`now()` },
      })
      .returning();
    return { before: before ?? null, after: after! };
  });
}
