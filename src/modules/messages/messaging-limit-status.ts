import { type AnyColumn, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { messagingLimits } from '../../platform/db/schema/index.js';
import { WINDOW_MS, windowCountSql, windowOldestSql, windowUsage } from './recipient-window.js';

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
  return toLimitStatus({ ...limit, used: usage.used, freesAt: usage.freesAt });
}

/** What `limitStatusSql` reads, as the driver returns it (a JSON object). */
export interface LimitStatusRow {
  dailyRecipients?: number | null;
  messagesPerSecond?: number | null;
  tier?: string | null;
  qualityRating?: string | null;
  used: number;
  /** When the oldest recipient in the window leaves it. */
  freesAt: Date | string | null;
}

/**
 * The messaging limit status of the business `businessId` names, as one JSON expression, for a read that
 * shows it beside other things in the same statement (`GET /business` runs on every screen): the limit row
 * and the window's count, read as `messagingLimitStatus` reads them; `windowStart` is the parameter given
 * `windowStartOf(now)`. Turn it into the answer with `toLimitStatus`.
 */
export function limitStatusSql(businessId: AnyColumn, windowStart: Placeholder): SQL<LimitStatusRow> {
  const business = sql`${businessId}`;
  const since = sql`${windowStart}::timestamptz`;
  return sql<LimitStatusRow>`(
    SELECT json_build_object(
      'dailyRecipients', l.daily_recipients, 'messagesPerSecond', l.messages_per_second, 'tier', l.tier,
      'qualityRating', l.quality_rating, 'used', ${windowCountSql(business, since)},
      'freesAt', ${windowOldestSql(business, since)} + ${WINDOW_MS} * interval '1 millisecond')
    FROM (SELECT 1) AS one LEFT JOIN messaging_limits l ON l.business_id = ${businessId})`;
}

/** The status as answered: the limit, what is left of it, and when a place frees once none is. */
export function toLimitStatus(row: LimitStatusRow): MessagingLimitStatus {
  const daily = row.dailyRecipients ?? null;
  const used = Number(row.used);
  const remaining = daily === null ? null : Math.max(0, daily - used);
  return {
    dailyRecipients: daily,
    messagesPerSecond: row.messagesPerSecond ?? null,
    tier: row.tier ?? null,
    qualityRating: row.qualityRating ?? null,
    used,
    remaining,
    freesAt: remaining === 0 && row.freesAt ? new Date(row.freesAt).toISOString() : null,
  };
}
