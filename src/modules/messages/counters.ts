import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';

/**
 * The numbers of campaigns and businesses, read from the counters the `campaign_messages` triggers keep
 * (never by scanning messages): one row per campaign, one row per campaign and failure reason, one row per
 * campaign and minute of activity.
 */

export interface CampaignCounters {
  /** Messages the campaign has (one per recipient). */
  recipients: number;
  /** Messages currently in each state: these add up to `recipients`. */
  held: number;
  queued: number;
  sending: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  /** Of `failed`, those the gateway had accepted (failed after sent). */
  failedAfterSent: number;
  /** Waiting to be sent: held + queued + sending. */
  pending: number;
  /**
   * The funnel, "reached at least": accepted by the gateway (sent, delivered, read, or failed after sent),
   * delivered (delivered or read), read.
   */
  reached: { sent: number; delivered: number; read: number };
}

const ZERO = {
  recipients: 0,
  held: 0,
  queued: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  failed_after_sent: 0,
};

/**
 * Reads counters rows `c` with `queued` and `sending` split: the counters keep the messages being sent
 * within `queued`, because a claim (queued -> sending) that moved a count would lock the campaign's counters
 * row, which every outcome write of the campaign also updates. The in-flight messages are few (a
 * dispatcher's batches) and counted by index, in the same statement as the counters, so the two agree.
 */
export const COUNTERS_WITH_IN_FLIGHT = sql`SELECT c.campaign_id, c.recipients, c.held, c.queued - f.n AS queued,
    f.n AS sending, c.sent, c.delivered, c.read, c.failed, c.failed_after_sent
  FROM campaign_counters c
  CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM campaign_messages m
                      WHERE m.campaign_id = c.campaign_id AND m.status = 'sending') f`;

/** A campaign's counts (all zero for a campaign with no messages or none at all). */
export async function campaignCounters(db: Db, campaignId: string): Promise<CampaignCounters> {
  const [row] = await queryRows<typeof ZERO>(
    db,
    sql`${COUNTERS_WITH_IN_FLIGHT} WHERE c.campaign_id = ${campaignId}`,
  );
  const c = Object.fromEntries(Object.entries(row ?? ZERO).map(([k, v]) => [k, Number(v)])) as typeof ZERO;
  return {
    recipients: c.recipients,
    held: c.held,
    queued: c.queued,
    sending: c.sending,
    sent: c.sent,
    delivered: c.delivered,
    read: c.read,
    failed: c.failed,
    failedAfterSent: c.failed_after_sent,
    pending: c.held + c.queued + c.sending,
    reached: {
      sent: c.sent + c.delivered + c.read + c.failed_after_sent,
      delivered: c.delivered + c.read,
      read: c.read,
    },
  };
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

export interface ActivityCounts {
  sent: number;
  delivered: number;
  read: number;
  failed: number;
}

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
               sum(sent)::int AS sent, sum(delivered)::int AS delivered, sum(read)::int AS read,
               sum(failed)::int AS failed
        FROM message_activity
        WHERE campaign_id = ${campaignId} AND bucket_start >= (SELECT first FROM s)
          AND bucket_start < ${opts.to.toISOString()}::timestamptz
        GROUP BY 1
      )
      SELECT to_char(g AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start,
             COALESCE(b.sent, 0) AS sent, COALESCE(b.delivered, 0) AS delivered,
             COALESCE(b.read, 0) AS read, COALESCE(b.failed, 0) AS failed
      FROM s, generate_series(s.first, ${opts.to.toISOString()}::timestamptz - interval '1 microsecond',
                              ${size} * interval '1 second') AS g
      LEFT JOIN b ON b.epoch = extract(epoch FROM g)
      ORDER BY g`,
  );
  return rows.map((r) => ({
    start: r.start,
    sent: Number(r.sent),
    delivered: Number(r.delivered),
    read: Number(r.read),
    failed: Number(r.failed),
  }));
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
               sum(sent)::int AS sent, sum(delivered)::int AS delivered, sum(read)::int AS read,
               sum(failed)::int AS failed
        FROM message_activity
        WHERE bucket_start >= ${opts.from.toISOString()}::timestamptz
          AND bucket_start < ${opts.to.toISOString()}::timestamptz ${business}
        GROUP BY 1
      )
      SELECT to_char(g, 'YYYY-MM-DD') AS day, COALESCE(b.sent, 0) AS sent,
             COALESCE(b.delivered, 0) AS delivered, COALESCE(b.read, 0) AS read, COALESCE(b.failed, 0) AS failed
      FROM generate_series((${opts.from.toISOString()}::timestamptz AT TIME ZONE ${opts.timeZone})::date,
                           ((${opts.to.toISOString()}::timestamptz - interval '1 microsecond')
                             AT TIME ZONE ${opts.timeZone})::date,
                           interval '1 day') AS g
      LEFT JOIN b ON b.day = g::date
      ORDER BY g`,
  );
  return rows.map((r) => ({
    day: r.day,
    sent: Number(r.sent),
    delivered: Number(r.delivered),
    read: Number(r.read),
    failed: Number(r.failed),
  }));
}
