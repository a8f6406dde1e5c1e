-- Written by `npm run db:functions` from src/platform/db/functions.ts.
-- The counters (campaign_counters, campaign_failure_reasons, message_activity) are kept by statement-level
-- triggers with transition tables, like contact_counts: one aggregate per statement, in the same
-- transaction as the change. Generated from the message-state model. States are compared as text, so a
-- state added in the same migration can be counted.
CREATE OR REPLACE FUNCTION message_counters_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE done int;
BEGIN
  WITH d AS MATERIALIZED (
    SELECT 1 AS sign, campaign_id, business_id, status, error, provider_message_id, sent_at, delivered_at, read_at, failed_at, clicked_at, replied_at
    FROM new_rows
  ), counters AS (
    INSERT INTO campaign_counters AS c
      (campaign_id, business_id, recipients, held, queued, sent, delivered, read, failed, failed_after_sent, clicked, replied)
    SELECT campaign_id, business_id, sum(sign),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'held'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text IN ('queued', 'sending')), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'sent'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'delivered'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'read'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'failed'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'failed' AND provider_message_id IS NOT NULL), 0),
           COALESCE(sum(sign) FILTER (WHERE clicked_at IS NOT NULL), 0),
           COALESCE(sum(sign) FILTER (WHERE replied_at IS NOT NULL), 0)
    FROM d GROUP BY campaign_id, business_id
    HAVING sum(sign) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text = 'held'), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text IN ('queued', 'sending')), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text = 'sent'), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text = 'delivered'), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text = 'read'), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text = 'failed'), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text = 'failed' AND provider_message_id IS NOT NULL), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE clicked_at IS NOT NULL), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE replied_at IS NOT NULL), 0) <> 0
    ORDER BY campaign_id
    ON CONFLICT (campaign_id) DO UPDATE SET
      recipients = c.recipients + EXCLUDED.recipients,
      held = c.held + EXCLUDED.held,
      queued = c.queued + EXCLUDED.queued,
      sent = c.sent + EXCLUDED.sent,
      delivered = c.delivered + EXCLUDED.delivered,
      read = c.read + EXCLUDED.read,
      failed = c.failed + EXCLUDED.failed,
      failed_after_sent = c.failed_after_sent + EXCLUDED.failed_after_sent,
      clicked = c.clicked + EXCLUDED.clicked,
      replied = c.replied + EXCLUDED.replied
    RETURNING 1
  ), reasons AS (
    INSERT INTO campaign_failure_reasons AS r (campaign_id, reason, count)
    SELECT campaign_id, error, sum(sign) FROM d
    WHERE status::text = 'failed' AND error IS NOT NULL
    GROUP BY campaign_id, error HAVING sum(sign) <> 0 ORDER BY campaign_id, error
    ON CONFLICT (campaign_id, reason) DO UPDATE SET count = r.count + EXCLUDED.count
    RETURNING 1
  ), events AS (
    SELECT campaign_id, business_id, sign, date_trunc('minute', ts, 'UTC') AS bucket, kind
    FROM d CROSS JOIN LATERAL (VALUES (sent_at, 'sent'), (delivered_at, 'delivered'), (read_at, 'read'), (failed_at, 'failed'), (clicked_at, 'clicked'), (replied_at, 'replied')) AS e(ts, kind)
    WHERE ts IS NOT NULL
  ), activity AS (
    INSERT INTO message_activity AS a (campaign_id, bucket_start, business_id, sent, delivered, read, failed, clicked, replied)
    SELECT campaign_id, bucket, business_id,
           COALESCE(sum(sign) FILTER (WHERE kind = 'sent'), 0),
           COALESCE(sum(sign) FILTER (WHERE kind = 'delivered'), 0),
           COALESCE(sum(sign) FILTER (WHERE kind = 'read'), 0),
           COALESCE(sum(sign) FILTER (WHERE kind = 'failed'), 0),
           COALESCE(sum(sign) FILTER (WHERE kind = 'clicked'), 0),
           COALESCE(sum(sign) FILTER (WHERE kind = 'replied'), 0)
    FROM events GROUP BY campaign_id, bucket, business_id
    HAVING sum(sign) FILTER (WHERE kind = 'sent') <> 0
        OR sum(sign) FILTER (WHERE kind = 'delivered') <> 0
        OR sum(sign) FILTER (WHERE kind = 'read') <> 0
        OR sum(sign) FILTER (WHERE kind = 'failed') <> 0
        OR sum(sign) FILTER (WHERE kind = 'clicked') <> 0
        OR sum(sign) FILTER (WHERE kind = 'replied') <> 0
    ORDER BY campaign_id, bucket
    ON CONFLICT (campaign_id, bucket_start) DO UPDATE SET
      sent = a.sent + EXCLUDED.sent,
      delivered = a.delivered + EXCLUDED.delivered,
      read = a.read + EXCLUDED.read,
      failed = a.failed + EXCLUDED.failed,
      clicked = a.clicked + EXCLUDED.clicked,
      replied = a.replied + EXCLUDED.replied
    RETURNING 1
  )
  SELECT 1 INTO done;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every old row leaves (-1) and every new one arrives (+1): a row whose counted columns did not change
-- cancels out, and a key whose deltas are all zero is not upserted, so a claim (queued -> sending) and a
-- lease heartbeat lock no counter. No join of old_rows with new_rows: the transition tables have no
-- statistics, and the nested loop planned for them cost time quadratic in the rows of the statement.
CREATE OR REPLACE FUNCTION message_counters_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE done int;
BEGIN
  WITH d AS MATERIALIZED (
    SELECT 1 AS sign, campaign_id, business_id, status, error, provider_message_id, sent_at, delivered_at, read_at, failed_at, clicked_at, replied_at
    FROM new_rows
    UNION ALL
    SELECT -1, campaign_id, business_id, status, error, provider_message_id, sent_at, delivered_at, read_at, failed_at, clicked_at, replied_at
    FROM old_rows
  ), counters AS (
    INSERT INTO campaign_counters AS c
      (campaign_id, business_id, recipients, held, queued, sent, delivered, read, failed, failed_after_sent, clicked, replied)
    SELECT campaign_id, business_id, sum(sign),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'held'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text IN ('queued', 'sending')), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'sent'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'delivered'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'read'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'failed'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'failed' AND provider_message_id IS NOT NULL), 0),
           COALESCE(sum(sign) FILTER (WHERE clicked_at IS NOT NULL), 0),
           COALESCE(sum(sign) FILTER (WHERE replied_at IS NOT NULL), 0)
    FROM d GROUP BY campaign_id, business_id
    HAVING sum(sign) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text = 'held'), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text IN ('queued', 'sending')), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text = 'sent'), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text = 'delivered'), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text = 'read'), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text = 'failed'), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE status::text = 'failed' AND provider_message_id IS NOT NULL), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE clicked_at IS NOT NULL), 0) <> 0
        OR COALESCE(sum(sign) FILTER (WHERE replied_at IS NOT NULL), 0) <> 0
    ORDER BY campaign_id
    ON CONFLICT (campaign_id) DO UPDATE SET
      recipients = c.recipients + EXCLUDED.recipients,
      held = c.held + EXCLUDED.held,
      queued = c.queued + EXCLUDED.queued,
      sent = c.sent + EXCLUDED.sent,
      delivered = c.delivered + EXCLUDED.delivered,
      read = c.read + EXCLUDED.read,
      failed = c.failed + EXCLUDED.failed,
      failed_after_sent = c.failed_after_sent + EXCLUDED.failed_after_sent,
      clicked = c.clicked + EXCLUDED.clicked,
      replied = c.replied + EXCLUDED.replied
    RETURNING 1
  ), reasons AS (
    INSERT INTO campaign_failure_reasons AS r (campaign_id, reason, count)
    SELECT campaign_id, error, sum(sign) FROM d
    WHERE status::text = 'failed' AND error IS NOT NULL
    GROUP BY campaign_id, error HAVING sum(sign) <> 0 ORDER BY campaign_id, error
    ON CONFLICT (campaign_id, reason) DO UPDATE SET count = r.count + EXCLUDED.count
    RETURNING 1
  ), events AS (
    SELECT campaign_id, business_id, sign, date_trunc('minute', ts, 'UTC') AS bucket, kind
    FROM d CROSS JOIN LATERAL (VALUES (sent_at, 'sent'), (delivered_at, 'delivered'), (read_at, 'read'), (failed_at, 'failed'), (clicked_at, 'clicked'), (replied_at, 'replied')) AS e(ts, kind)
    WHERE ts IS NOT NULL
  ), activity AS (
    INSERT INTO message_activity AS a (campaign_id, bucket_start, business_id, sent, delivered, read, failed, clicked, replied)
    SELECT campaign_id, bucket, business_id,
           COALESCE(sum(sign) FILTER (WHERE kind = 'sent'), 0),
           COALESCE(sum(sign) FILTER (WHERE kind = 'delivered'), 0),
           COALESCE(sum(sign) FILTER (WHERE kind = 'read'), 0),
           COALESCE(sum(sign) FILTER (WHERE kind = 'failed'), 0),
           COALESCE(sum(sign) FILTER (WHERE kind = 'clicked'), 0),
           COALESCE(sum(sign) FILTER (WHERE kind = 'replied'), 0)
    FROM events GROUP BY campaign_id, bucket, business_id
    HAVING sum(sign) FILTER (WHERE kind = 'sent') <> 0
        OR sum(sign) FILTER (WHERE kind = 'delivered') <> 0
        OR sum(sign) FILTER (WHERE kind = 'read') <> 0
        OR sum(sign) FILTER (WHERE kind = 'failed') <> 0
        OR sum(sign) FILTER (WHERE kind = 'clicked') <> 0
        OR sum(sign) FILTER (WHERE kind = 'replied') <> 0
    ORDER BY campaign_id, bucket
    ON CONFLICT (campaign_id, bucket_start) DO UPDATE SET
      sent = a.sent + EXCLUDED.sent,
      delivered = a.delivered + EXCLUDED.delivered,
      read = a.read + EXCLUDED.read,
      failed = a.failed + EXCLUDED.failed,
      clicked = a.clicked + EXCLUDED.clicked,
      replied = a.replied + EXCLUDED.replied
    RETURNING 1
  )
  SELECT 1 INTO done;
  RETURN NULL;
END $$;
