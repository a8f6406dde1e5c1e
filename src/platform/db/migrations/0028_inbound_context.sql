-- What Meta sends with an inbound message, kept: a reply's link to the message it answers (a campaign message,
-- counted `replied` once, or one of the inbox's replies), and a template rejection's explanation.
ALTER TABLE "campaign_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_counters" ADD COLUMN "replied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_activity" ADD COLUMN "replied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "campaign_message_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "reply_to_id" uuid;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "rejection_info" jsonb;
--> statement-breakpoint
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
    FROM d GROUP BY campaign_id, business_id ORDER BY campaign_id
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
-- Only the rows whose counted columns changed are applied, as the old row leaving (-1) and the new one
-- arriving (+1); a claim (queued -> sending) and a lease heartbeat move nothing, so they lock no counter.
CREATE OR REPLACE FUNCTION message_counters_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE done int;
BEGIN
  WITH changed AS MATERIALIZED (
    SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (CASE o.status::text WHEN 'sending' THEN 'queued' ELSE o.status::text END, o.error, o.provider_message_id IS NULL, o.sent_at, o.delivered_at, o.read_at, o.failed_at, o.clicked_at, o.replied_at)
          IS DISTINCT FROM
          (CASE n.status::text WHEN 'sending' THEN 'queued' ELSE n.status::text END, n.error, n.provider_message_id IS NULL, n.sent_at, n.delivered_at, n.read_at, n.failed_at, n.clicked_at, n.replied_at)
  ), d AS MATERIALIZED (
    SELECT 1 AS sign, campaign_id, business_id, status, error, provider_message_id, sent_at, delivered_at, read_at, failed_at, clicked_at, replied_at
    FROM new_rows WHERE id IN (SELECT id FROM changed)
    UNION ALL
    SELECT -1, campaign_id, business_id, status, error, provider_message_id, sent_at, delivered_at, read_at, failed_at, clicked_at, replied_at
    FROM old_rows WHERE id IN (SELECT id FROM changed)
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
    FROM d GROUP BY campaign_id, business_id ORDER BY campaign_id
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
-- Messages are deleted only with their campaign (or business), whose counters go with it: a plain UPDATE,
-- never an insert that would bring back a deleted campaign's row. The activity is history and stays.
CREATE OR REPLACE FUNCTION message_counters_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_counters c SET
    recipients = c.recipients - d.recipients,
    held = c.held - d.held,
    queued = c.queued - d.queued,
    sent = c.sent - d.sent,
    delivered = c.delivered - d.delivered,
    read = c.read - d.read,
    failed = c.failed - d.failed,
    failed_after_sent = c.failed_after_sent - d.failed_after_sent,
    clicked = c.clicked - d.clicked,
    replied = c.replied - d.replied
  FROM (SELECT campaign_id, count(*) AS recipients,
               count(*) FILTER (WHERE status::text = 'held') AS held,
               count(*) FILTER (WHERE status::text IN ('queued', 'sending')) AS queued,
               count(*) FILTER (WHERE status::text = 'sent') AS sent,
               count(*) FILTER (WHERE status::text = 'delivered') AS delivered,
               count(*) FILTER (WHERE status::text = 'read') AS read,
               count(*) FILTER (WHERE status::text = 'failed') AS failed,
               count(*) FILTER (WHERE status::text = 'failed' AND provider_message_id IS NOT NULL) AS failed_after_sent,
               count(*) FILTER (WHERE clicked_at IS NOT NULL) AS clicked,
               count(*) FILTER (WHERE replied_at IS NOT NULL) AS replied
        FROM old_rows GROUP BY campaign_id ORDER BY campaign_id) d
  WHERE c.campaign_id = d.campaign_id;
  UPDATE campaign_failure_reasons r SET count = r.count - d.n
  FROM (SELECT campaign_id, error, count(*) AS n FROM old_rows
        WHERE status::text = 'failed' AND error IS NOT NULL
        GROUP BY campaign_id, error ORDER BY campaign_id, error) d
  WHERE r.campaign_id = d.campaign_id AND r.reason = d.error;
  RETURN NULL;
END $$;
