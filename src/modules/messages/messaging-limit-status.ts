import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { messagingLimits } from '../../platform/db/schema/index.js';
import { windowUsage } from './recipient-window.js';

/** A business's limits as the dispatcher applies them (null fields: no limit of that kind). */
export interface MessagingLimit {
  dailyRecipients: number | null;
  messagesPerSecond: number | null;
  tier: string | null;
  qualityRating: string | null;
}

/** The limit row of a business (read here, written by the deliverability module); null: unlimited. */
export async function messagingLimitOf(db: Db, businessId: string): Promise<MessagingLimit | null> {
  const [row] = await db
    .select({
      dailyRecipients: messagingLimits.dailyRecipients,
      messagesPerSecond: messagingLimits.messagesPerSecond,
      tier: messagingLimits.tier,
      qualityRating: messagingLimits.qualityRating,
    })
    .from(messagingLimits)
    .where(eq(messagingLimits.businessId, businessId));
  return row ?? null;
}

export const messagingLimitStatusSchema = z.object({
  dailyRecipients: z
    .number()
    .int()
    .nullable()
    .describe('Distinct people per rolling 24 hours; null = unlimited'),
  messagesPerSecond: z.number().int().nullable().describe("The number's throughput; null = the default rate"),
  tier: z.string().nullable().describe('The Cloud API tier (TIER_250 ... TIER_UNLIMITED), when it told us'),
  qualityRating: z.string().nullable().describe("The number's quality: GREEN, YELLOW, RED, FLAGGED, UNKNOWN"),
  used: z.number().int().describe('People whose conversation started in the last 24 hours'),
  remaining: z.number().int().nullable().describe('New people that can be reached now; null = unlimited'),
  freesAt: z.string().nullable().describe('When the next place frees (ISO time), when the limit is reached'),
});
export type MessagingLimitStatus = z.infer<typeof messagingLimitStatusSchema>;

/** The limit, what is left of it at `now`, and when a place frees once it is used up. */
export async function messagingLimitStatus(
  db: Db,
  businessId: string,
  now = new Date(),
): Promise<MessagingLimitStatus> {
  const limit = await messagingLimitOf(db, businessId);
  const usage = await windowUsage(db, businessId, now);
  const daily = limit?.dailyRecipients ?? null;
  const remaining = daily === null ? null : Math.max(0, daily - usage.used);
  return {
    dailyRecipients: daily,
    messagesPerSecond: limit?.messagesPerSecond ?? null,
    tier: limit?.tier ?? null,
    qualityRating: limit?.qualityRating ?? null,
    used: usage.used,
    remaining,
    freesAt: remaining === 0 && usage.freesAt ? usage.freesAt.toISOString() : null,
  };
}
