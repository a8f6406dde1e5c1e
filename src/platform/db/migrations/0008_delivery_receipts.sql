ALTER TYPE "public"."message_status" ADD VALUE 'delivered' BEFORE 'failed';--> statement-breakpoint
ALTER TYPE "public"."message_status" ADD VALUE 'read' BEFORE 'failed';--> statement-breakpoint
CREATE TABLE "campaign_counters" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"sending" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failed_after_sent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_failure_reasons" (
	"campaign_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_failure_reasons_campaign_id_reason_pk" PRIMARY KEY("campaign_id","reason")
);
--> statement-breakpoint
CREATE TABLE "message_activity" (
	"campaign_id" uuid NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"business_id" uuid NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_activity_campaign_id_bucket_start_pk" PRIMARY KEY("campaign_id","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "pending_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_message_id" text NOT NULL,
	"event" text NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"error_code" text,
	"reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_counters" ADD CONSTRAINT "campaign_counters_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_counters" ADD CONSTRAINT "campaign_counters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_failure_reasons" ADD CONSTRAINT "campaign_failure_reasons_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_activity" ADD CONSTRAINT "message_activity_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_activity_business_idx" ON "message_activity" USING btree ("business_id","bucket_start");--> statement-breakpoint
CREATE INDEX "message_activity_bucket_idx" ON "message_activity" USING btree ("bucket_start");--> statement-breakpoint
CREATE INDEX "pending_receipts_provider_id_idx" ON "pending_receipts" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "pending_receipts_received_idx" ON "pending_receipts" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "campaign_messages_provider_id_idx" ON "campaign_messages" USING btree ("provider_message_id") WHERE "campaign_messages"."provider_message_id" IS NOT NULL;--> statement-breakpoint
-- The counters (campaign_counters, campaign_failure_reasons, message_activity) are kept by statement-level
-- triggers with transition tables, like contact_counts: one aggregate per statement, in the same transaction
-- as the change. Rows are upserted in key order (counters, then reasons, then activity), so two statements
-- touching the same campaigns lock them in the same order. An update that moves no count (a lease heartbeat)
-- writes nothing. Statuses are compared as text: the enum values added above are not usable until this
-- migration commits.
CREATE FUNCTION message_counters_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE done int;
BEGIN
  WITH d AS MATERIALIZED (
    SELECT 1 AS sign, campaign_id, business_id, status, error, provider_message_id, sent_at, delivered_at, read_at, failed_at
    FROM new_rows
  ), counters AS (
    INSERT INTO campaign_counters AS c
      (campaign_id, business_id, recipients, held, queued, sending, sent, delivered, read, failed, failed_after_sent)
    SELECT campaign_id, business_id, sum(sign),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'held'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'queued'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'sending'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'sent'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'delivered'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'read'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'failed'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'failed' AND provider_message_id IS NOT NULL), 0)
    FROM d GROUP BY campaign_id, business_id ORDER BY campaign_id
    ON CONFLICT (campaign_id) DO UPDATE SET
      recipients = c.recipients + EXCLUDED.recipients, held = c.held + EXCLUDED.held,
      queued = c.queued + EXCLUDED.queued, sending = c.sending + EXCLUDED.sending, sent = c.sent + EXCLUDED.sent,
      delivered = c.delivered + EXCLUDED.delivered, read = c.read + EXCLUDED.read, failed = c.failed + EXCLUDED.failed,
      failed_after_sent = c.failed_after_sent + EXCLUDED.failed_after_sent
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
    FROM d CROSS JOIN LATERAL (VALUES (sent_at, 's'), (delivered_at, 'd'), (read_at, 'r'), (failed_at, 'f')) AS e(ts, kind)
    WHERE ts IS NOT NULL
  ), activity AS (
    INSERT INTO message_activity AS a (campaign_id, bucket_start, business_id, sent, delivered, read, failed)
    SELECT campaign_id, bucket, business_id,
           COALESCE(sum(sign) FILTER (WHERE kind = 's'), 0), COALESCE(sum(sign) FILTER (WHERE kind = 'd'), 0),
           COALESCE(sum(sign) FILTER (WHERE kind = 'r'), 0), COALESCE(sum(sign) FILTER (WHERE kind = 'f'), 0)
    FROM events GROUP BY campaign_id, bucket, business_id
    HAVING sum(sign) FILTER (WHERE kind = 's') <> 0 OR sum(sign) FILTER (WHERE kind = 'd') <> 0
        OR sum(sign) FILTER (WHERE kind = 'r') <> 0 OR sum(sign) FILTER (WHERE kind = 'f') <> 0
    ORDER BY campaign_id, bucket
    ON CONFLICT (campaign_id, bucket_start) DO UPDATE SET
      sent = a.sent + EXCLUDED.sent, delivered = a.delivered + EXCLUDED.delivered,
      read = a.read + EXCLUDED.read, failed = a.failed + EXCLUDED.failed
    RETURNING 1
  )
  SELECT 1 INTO done;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION message_counters_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE done int;
BEGIN
  WITH changed AS MATERIALIZED (
    SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status, o.error, o.provider_message_id IS NULL, o.sent_at, o.delivered_at, o.read_at, o.failed_at)
          IS DISTINCT FROM
          (n.status, n.error, n.provider_message_id IS NULL, n.sent_at, n.delivered_at, n.read_at, n.failed_at)
  ), d AS MATERIALIZED (
    SELECT 1 AS sign, campaign_id, business_id, status, error, provider_message_id, sent_at, delivered_at, read_at, failed_at
    FROM new_rows WHERE id IN (SELECT id FROM changed)
    UNION ALL
    SELECT -1, campaign_id, business_id, status, error, provider_message_id, sent_at, delivered_at, read_at, failed_at
    FROM old_rows WHERE id IN (SELECT id FROM changed)
  ), counters AS (
    INSERT INTO campaign_counters AS c
      (campaign_id, business_id, recipients, held, queued, sending, sent, delivered, read, failed, failed_after_sent)
    SELECT campaign_id, business_id, sum(sign),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'held'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'queued'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'sending'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'sent'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'delivered'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'read'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'failed'), 0),
           COALESCE(sum(sign) FILTER (WHERE status::text = 'failed' AND provider_message_id IS NOT NULL), 0)
    FROM d GROUP BY campaign_id, business_id ORDER BY campaign_id
    ON CONFLICT (campaign_id) DO UPDATE SET
      recipients = c.recipients + EXCLUDED.recipients, held = c.held + EXCLUDED.held,
      queued = c.queued + EXCLUDED.queued, sending = c.sending + EXCLUDED.sending, sent = c.sent + EXCLUDED.sent,
      delivered = c.delivered + EXCLUDED.delivered, read = c.read + EXCLUDED.read, failed = c.failed + EXCLUDED.failed,
      failed_after_sent = c.failed_after_sent + EXCLUDED.failed_after_sent
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
    FROM d CROSS JOIN LATERAL (VALUES (sent_at, 's'), (delivered_at, 'd'), (read_at, 'r'), (failed_at, 'f')) AS e(ts, kind)
    WHERE ts IS NOT NULL
  ), activity AS (
    INSERT INTO message_activity AS a (campaign_id, bucket_start, business_id, sent, delivered, read, failed)
    SELECT campaign_id, bucket, business_id,
           COALESCE(sum(sign) FILTER (WHERE kind = 's'), 0), COALESCE(sum(sign) FILTER (WHERE kind = 'd'), 0),
           COALESCE(sum(sign) FILTER (WHERE kind = 'r'), 0), COALESCE(sum(sign) FILTER (WHERE kind = 'f'), 0)
    FROM events GROUP BY campaign_id, bucket, business_id
    HAVING sum(sign) FILTER (WHERE kind = 's') <> 0 OR sum(sign) FILTER (WHERE kind = 'd') <> 0
        OR sum(sign) FILTER (WHERE kind = 'r') <> 0 OR sum(sign) FILTER (WHERE kind = 'f') <> 0
    ORDER BY campaign_id, bucket
    ON CONFLICT (campaign_id, bucket_start) DO UPDATE SET
      sent = a.sent + EXCLUDED.sent, delivered = a.delivered + EXCLUDED.delivered,
      read = a.read + EXCLUDED.read, failed = a.failed + EXCLUDED.failed
    RETURNING 1
  )
  SELECT 1 INTO done;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Messages are deleted only with their campaign (or business), whose counters go with it: a plain UPDATE,
-- never an insert that would bring back a deleted campaign's row. The activity is history and stays.
CREATE FUNCTION message_counters_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_counters c SET
    recipients = c.recipients - d.n, held = c.held - d.held, queued = c.queued - d.queued,
    sending = c.sending - d.sending, sent = c.sent - d.sent, delivered = c.delivered - d.delivered,
    read = c.read - d.read, failed = c.failed - d.failed, failed_after_sent = c.failed_after_sent - d.fas
  FROM (SELECT campaign_id, count(*) AS n,
               count(*) FILTER (WHERE status::text = 'held') AS held,
               count(*) FILTER (WHERE status::text = 'queued') AS queued,
               count(*) FILTER (WHERE status::text = 'sending') AS sending,
               count(*) FILTER (WHERE status::text = 'sent') AS sent,
               count(*) FILTER (WHERE status::text = 'delivered') AS delivered,
               count(*) FILTER (WHERE status::text = 'read') AS read,
               count(*) FILTER (WHERE status::text = 'failed') AS failed,
               count(*) FILTER (WHERE status::text = 'failed' AND provider_message_id IS NOT NULL) AS fas
        FROM old_rows GROUP BY campaign_id ORDER BY campaign_id) d
  WHERE c.campaign_id = d.campaign_id;
  UPDATE campaign_failure_reasons r SET count = r.count - d.n
  FROM (SELECT campaign_id, error, count(*) AS n FROM old_rows
        WHERE status::text = 'failed' AND error IS NOT NULL GROUP BY campaign_id, error ORDER BY campaign_id, error) d
  WHERE r.campaign_id = d.campaign_id AND r.reason = d.error;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER message_counters_insert AFTER INSERT ON campaign_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_counters_after_insert();
--> statement-breakpoint
CREATE TRIGGER message_counters_update AFTER UPDATE ON campaign_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION message_counters_after_update();
--> statement-breakpoint
CREATE TRIGGER message_counters_delete AFTER DELETE ON campaign_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION message_counters_after_delete();
--> statement-breakpoint
-- Existing messages, counted with writers held off so no change slips between the count and the triggers.
-- A failed message's failure time was not kept: its last update stands in.
LOCK TABLE campaign_messages IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
UPDATE campaign_messages SET failed_at = updated_at WHERE status::text = 'failed' AND failed_at IS NULL;
--> statement-breakpoint
INSERT INTO campaign_counters
  (campaign_id, business_id, recipients, held, queued, sending, sent, delivered, read, failed, failed_after_sent)
SELECT campaign_id, business_id, count(*),
       count(*) FILTER (WHERE status::text = 'held'), count(*) FILTER (WHERE status::text = 'queued'),
       count(*) FILTER (WHERE status::text = 'sending'), count(*) FILTER (WHERE status::text = 'sent'), 0, 0,
       count(*) FILTER (WHERE status::text = 'failed'),
       count(*) FILTER (WHERE status::text = 'failed' AND provider_message_id IS NOT NULL)
FROM campaign_messages GROUP BY campaign_id, business_id;
--> statement-breakpoint
INSERT INTO campaign_failure_reasons (campaign_id, reason, count)
SELECT campaign_id, error, count(*) FROM campaign_messages
WHERE status::text = 'failed' AND error IS NOT NULL GROUP BY campaign_id, error;
--> statement-breakpoint
INSERT INTO message_activity (campaign_id, bucket_start, business_id, sent, failed)
SELECT campaign_id, bucket, business_id, count(*) FILTER (WHERE kind = 's'), count(*) FILTER (WHERE kind = 'f')
FROM campaign_messages
CROSS JOIN LATERAL (VALUES (sent_at, 's'), (failed_at, 'f')) AS e(ts, kind)
CROSS JOIN LATERAL (SELECT date_trunc('minute', ts, 'UTC') AS bucket) b
WHERE ts IS NOT NULL
GROUP BY campaign_id, bucket, business_id;
