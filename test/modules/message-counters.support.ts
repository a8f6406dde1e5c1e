import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { campaignCounters, campaignFailureReasons } from '../../src/modules/messages/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import type { TestApp } from '../harness.js';

/** A campaign's counts as a scan of its messages gives them, in the counters' shape. */
export async function recount(t: TestApp, campaignId: string) {
  const [c] = await queryRows<Record<string, number>>(
    t.db,
    sql`SELECT count(*)::int AS recipients,
               count(*) FILTER (WHERE status = 'held')::int AS held,
               count(*) FILTER (WHERE status = 'queued')::int AS queued,
               count(*) FILTER (WHERE status = 'sending')::int AS sending,
               count(*) FILTER (WHERE status = 'sent')::int AS sent,
               count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
               count(*) FILTER (WHERE status = 'read')::int AS read,
               count(*) FILTER (WHERE status = 'failed')::int AS failed,
               count(*) FILTER (WHERE status = 'failed' AND provider_message_id IS NOT NULL)::int AS "failedAfterSent"
        FROM campaign_messages WHERE campaign_id = ${campaignId}`,
  );
  const reasons = await queryRows<{ reason: string; count: number }>(
    t.db,
    sql`SELECT error AS reason, count(*)::int AS count FROM campaign_messages
        WHERE campaign_id = ${campaignId} AND status = 'failed' AND error IS NOT NULL
        GROUP BY error ORDER BY count(*) DESC, error`,
  );
  const activity = await queryRows<{
    bucket: string;
    sent: number;
    delivered: number;
    read: number;
    failed: number;
  }>(
    t.db,
    sql`SELECT to_char(bucket, 'YYYY-MM-DD HH24:MI') AS bucket, sum(s)::int AS sent, sum(d)::int AS delivered,
               sum(r)::int AS read, sum(f)::int AS failed
        FROM campaign_messages
        CROSS JOIN LATERAL (VALUES (sent_at, 1, 0, 0, 0), (delivered_at, 0, 1, 0, 0), (read_at, 0, 0, 1, 0),
                                   (failed_at, 0, 0, 0, 1)) AS e(ts, s, d, r, f)
        CROSS JOIN LATERAL (SELECT date_trunc('minute', ts, 'UTC') AS bucket) b
        WHERE campaign_id = ${campaignId} AND ts IS NOT NULL
        GROUP BY bucket ORDER BY bucket`,
  );
  return {
    counts: Object.fromEntries(Object.entries(c!).map(([k, v]) => [k, Number(v)])),
    reasons,
    activity,
  };
}

/** The activity rows the triggers kept for a campaign, per minute, empty ones left out. */
export async function storedActivity(t: TestApp, campaignId: string) {
  return queryRows<{ bucket: string; sent: number; delivered: number; read: number; failed: number }>(
    t.db,
    sql`SELECT to_char(bucket_start, 'YYYY-MM-DD HH24:MI') AS bucket, sent, delivered, read, failed
        FROM message_activity WHERE campaign_id = ${campaignId} AND (sent, delivered, read, failed) <> (0, 0, 0, 0)
        ORDER BY bucket_start`,
  );
}

/** Every counter of the campaign equals a recount of its messages. */
export async function expectCountersMatchRecount(t: TestApp, campaignId: string): Promise<void> {
  const expected = await recount(t, campaignId);
  const { pending: _p, reached: _r, ...counters } = await campaignCounters(t.db, campaignId);
  expect(counters).toEqual(expected.counts);
  expect(await campaignFailureReasons(t.db, campaignId)).toEqual(expected.reasons);
  expect(await storedActivity(t, campaignId)).toEqual(expected.activity);
}
