import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import {
  ACTIVITY_KINDS,
  type ActivityKind,
  ENGAGEMENTS,
  FAILED_AFTER_SENT,
  type FunnelStep,
  funnelOf,
  MESSAGE_STATE_MODEL,
  MESSAGE_STATES,
  type MessageState,
  PENDING_STATES,
  recordOf,
} from '../../vocabulary/message-states.js';

/**
 * The numbers of campaigns and businesses, read from the counters the `campaign_messages` triggers keep
 * (never by scanning messages): one row per campaign, one row per campaign and failure reason, one row per
 * campaign and minute of activity.
 */

export interface CampaignCounters extends Record<MessageState, number> {
  /** Messages the campaign has (one per recipient); the states' counts add up to it. */
  recipients: number;
  /** Of `failed`, those the gateway had accepted (failed after sent). */
  failedAfterSent: number;
  /** Waiting to be sent (the pending states: held + queued + sending). */
  pending: number;
  /**
   * The funnel, "reached at least" each milestone: accepted by the gateway (sent, delivered, read, or failed
   * after sent), delivered (delivered or read), read.
   */
  reached: Record<FunnelStep, number>;
}

/** The states counted live when read (counted within another state's counter: `sending` in `queued`). */
const LIVE_STATES = MESSAGE_STATES.filter((s) => MESSAGE_STATE_MODEL[s].counter !== s);

/**
 * Reads counters rows `c` with each state apart: the counters keep the messages being sent within `queued`,
 * because a claim (queued -> sending) that moved a count would lock the campaign's counters row, which every
 * outcome write of the campaign also updates. The in-flight messages are few (a dispatcher's batches) and
 * counted by index, in the same statement as the counters, so the two agree.
 */
export const COUNTERS_WITH_IN_FLIGHT = sql.raw(
  `SELECT c.campaign_id, c.recipients, ${MESSAGE_STATES.map((s) =>
    LIVE_STATES.includes(s)
      ? `live_${s}.n AS ${s}`
      : `c.${s}${LIVE_STATES.filter((l) => MESSAGE_STATE_MODEL[l].counter === s)
          .map((l) => ` - live_${l}.n`)
          .join('')} AS ${s}`,
  ).join(', ')}, c.${FAILED_AFTER_SENT.column}, ${ENGAGEMENTS.map((e) => `c.${e}`).join(', ')}
  FROM campaign_counters c${LIVE_STATES.map(
    (s) => `
  CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM campaign_messages m
                      WHERE m.campaign_id = c.campaign_id AND m.status = '${s}') live_${s}`,
  ).join('')}`,
);

/** A counters row as `COUNTERS_WITH_IN_FLIGHT` reads it (numbers may come back as strings). */
export type CountersRow = Record<string, unknown>;

/** The counts of a row read with `COUNTERS_WITH_IN_FLIGHT` (all zero for none). */
export function toCampaignCounters(row: CountersRow | undefined): CampaignCounters {
  const n = (k: string) => Number(row?.[k] ?? 0);
  const states = recordOf(MESSAGE_STATES, n);
  const failedAfterSent = n(FAILED_AFTER_SENT.column);
  return {
    ...states,
    recipients: n('recipients'),
    failedAfterSent,
    pending: PENDING_STATES.reduce((sum, s) => sum + states[s], 0),
    reached: funnelOf({ ...states, failedAfterSent, ...recordOf(ENGAGEMENTS, n) }),
  };
}

/** A campaign's counts (all zero for a campaign with no messages or none at all). */
export async function campaignCounters(db: Db, campaignId: string): Promise<CampaignCounters> {
  const [row] = await queryRows<CountersRow>(
    db,
    sql`${COUNTERS_WITH_IN_FLIGHT} WHERE c.campaign_id = ${campaignId}`,
  );
  return toCampaignCounters(row);
}

/** Why a campaign's failed messages failed, most frequent first (ties by reason). */
export async function campaignFailureReasons(
  db: Db,
  campaignId: string,
  limit = 20,
): Promise<{ reason: string; count: number }[]> {
  const rows = await queryRows<{ reason: string; count: number }>(
    db,
    sql`SELECT reason, count FROM campaign_failure_reasons
        WHERE campaign_id = ${campaignId} AND count > 0
        ORDER BY count DESC, reason LIMIT ${limit}`,
  );
  return rows.map((r) => ({ reason: r.reason, count: Number(r.count) }));
}

/** Messages that reached each milestone, and that failed, in a span of time (by the messages' own timestamps). */
export type ActivityCounts = Record<ActivityKind, number>;

/** `sum(sent)::int AS sent, ...`: each activity kind summed over `message_activity` rows. */
const SUM_ACTIVITY = sql.raw(ACTIVITY_KINDS.map((k) => `sum(${k})::int AS ${k}`).join(', '));
/** `COALESCE(b.sent, 0) AS sent, ...`: each activity kind of the bucket `b`, 0 when it has none. */
const BUCKET_ACTIVITY = sql.raw(ACTIVITY_KINDS.map((k) => `COALESCE(b.${k}, 0) AS ${k}`).join(', '));
const activityOf = (r: Record<string, unknown>): ActivityCounts =>
  recordOf(ACTIVITY_KINDS, (k) => Number(r[k]));

/** At most this many buckets in one timeline: a wider range needs wider buckets. */
export const MAX_TIMELINE_BUCKETS = 2_000;

/**
 * A campaign's activity in buckets of `bucketSeconds` (a whole number of minutes: the counters are kept per
 * minute) from `from` up to `to`, empty buckets included; bucket starts are aligned to the Unix epoch.
 */
export async function campaignTimeline(
  db: Db,
  campaignId: string,
  opts: { from: Date; to: Date; bucketSeconds: number },
): Promise<({ start: string } & ActivityCounts)[]> {
  const size = Math.max(60, Math.round(opts.bucketSeconds / 60) * 60);
  const buckets = Math.ceil((opts.to.getTime() - opts.from.getTime()) / 1000 / size);
  if (buckets > MAX_TIMELINE_BUCKETS)
    throw new RangeError(`A timeline has at most ${MAX_TIMELINE_BUCKETS} buckets`);
  if (buckets <= 0) return [];
  const rows = await queryRows<{ start: string } & ActivityCounts>(
    db,
    sql`
      WITH s AS (
        SELECT to_timestamp(floor(extract(epoch FROM ${opts.from.toISOString()}::timestamptz) / ${size}) * ${size})
          AS first
      ), b AS (
        SELECT floor(extract(epoch FROM bucket_start) / ${size}) * ${size} AS epoch,
               ${SUM_ACTIVITY}
        FROM message_activity
        WHERE campaign_id = ${campaignId} AND bucket_start >= (SELECT first FROM s)
          AND bucket_start < ${opts.to.toISOString()}::timestamptz
        GROUP BY 1
      )
      SELECT to_char(g AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start, ${BUCKET_ACTIVITY}
      FROM s, generate_series(s.first, ${opts.to.toISOString()}::timestamptz - interval '1 microsecond',
                              ${size} * interval '1 second') AS g
      LEFT JOIN b ON b.epoch = extract(epoch FROM g)
      ORDER BY g`,
  );
  return rows.map((r) => ({ start: r.start, ...activityOf(r) }));
}

/**
 * Messages sent, delivered, read and failed per calendar day in `timeZone` (an IANA name), for one
 * business or (null) all of them, every day from the one containing `from` to the one before `to` ends.
 * Counted by minute, so any time zone's days are exact. A deleted campaign's messages still count.
 */
export async function messageActivityByDay(
  db: Db,
  opts: { businessId: string | null; from: Date; to: Date; timeZone: string },
): Promise<({ day: string } & ActivityCounts)[]> {
  if (opts.to <= opts.from) return [];
  const business = opts.businessId ? sql`AND business_id = ${opts.businessId}` : sql``;
  const rows = await queryRows<{ day: string } & ActivityCounts>(
    db,
    sql`
      WITH b AS (
        SELECT (bucket_start AT TIME ZONE ${opts.timeZone})::date AS day,
               ${SUM_ACTIVITY}
        FROM message_activity
        WHERE bucket_start >= ${opts.from.toISOString()}::timestamptz
          AND bucket_start < ${opts.to.toISOString()}::timestamptz ${business}
        GROUP BY 1
      )
      SELECT to_char(g, 'YYYY-MM-DD') AS day, ${BUCKET_ACTIVITY}
      FROM generate_series((${opts.from.toISOString()}::timestamptz AT TIME ZONE ${opts.timeZone})::date,
                           ((${opts.to.toISOString()}::timestamptz - interval '1 microsecond')
                             AT TIME ZONE ${opts.timeZone})::date,
                           interval '1 day') AS g
      LEFT JOIN b ON b.day = g::date
      ORDER BY g`,
  );
  return rows.map((r) => ({ day: r.day, ...activityOf(r) }));
}
