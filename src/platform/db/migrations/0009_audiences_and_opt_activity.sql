CREATE TYPE "public"."tag_match" AS ENUM('any', 'all');--> statement-breakpoint
CREATE TABLE "campaign_opt_outs" (
	"campaign_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_opt_outs_campaign_id_phone_number_pk" PRIMARY KEY("campaign_id","phone_number")
);
--> statement-breakpoint
CREATE TABLE "contact_opt_activity" (
	"business_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"opt_ins" integer DEFAULT 0 NOT NULL,
	"opt_outs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contact_opt_activity_business_id_bucket_pk" PRIMARY KEY("business_id","bucket"),
	CONSTRAINT "contact_opt_activity_non_negative" CHECK ("contact_opt_activity"."opt_ins" >= 0 AND "contact_opt_activity"."opt_outs" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contact_tag_sets" (
	"business_id" uuid NOT NULL,
	"tag_key" text NOT NULL,
	"tags" text[] NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"opted_in" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "contact_tag_sets_business_id_tag_key_pk" PRIMARY KEY("business_id","tag_key"),
	CONSTRAINT "contact_tag_sets_consistent" CHECK ("contact_tag_sets"."opted_in" >= 0 AND "contact_tag_sets"."total" >= "contact_tag_sets"."opted_in")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "tag_match" "tag_match" DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_opt_outs" ADD CONSTRAINT "campaign_opt_outs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_opt_activity" ADD CONSTRAINT "contact_opt_activity_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tag_sets" ADD CONSTRAINT "contact_tag_sets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A contact's tags as a set: sorted (byte order, the same under any collation) and without duplicates.
CREATE FUNCTION contact_tag_set(tags text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT t COLLATE "C" ORDER BY t COLLATE "C"), '{}'::text[]) FROM unnest(tags) t
$$;
--> statement-breakpoint
-- Adds one set's change. A set gains contacts (or is created) and loses them (and is deleted at zero)
-- under its row lock; a check constraint would refuse a negative change written as an upsert's candidate
-- row, so an existing set is updated first and only a set not yet there is inserted (always a gain).
CREATE FUNCTION contact_tag_sets_add(b uuid, ts text[], n bigint, o bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k text := md5(ts::text);
  left_total bigint;
BEGIN
  UPDATE contact_tag_sets SET total = total + n, opted_in = opted_in + o
  WHERE business_id = b AND tag_key = k RETURNING total INTO left_total;
  IF NOT FOUND THEN
    INSERT INTO contact_tag_sets AS s (business_id, tag_key, tags, total, opted_in) VALUES (b, k, ts, n, o)
    ON CONFLICT (business_id, tag_key) DO UPDATE
      SET total = s.total + EXCLUDED.total, opted_in = s.opted_in + EXCLUDED.opted_in;
  ELSIF left_total = 0 THEN
    DELETE FROM contact_tag_sets WHERE business_id = b AND tag_key = k;
  END IF;
END $$;
--> statement-breakpoint
-- Statement-level triggers with transition tables, like contact_counts: one aggregate per statement. Sets
-- are changed in key order, so concurrent writers take their row locks in one order (no deadlock).
CREATE FUNCTION contact_tag_sets_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_tag_sets_add(business_id, ts, count(*), count(*) FILTER (WHERE opt_in))
  FROM (SELECT business_id, contact_tag_set(tags) AS ts, opt_in FROM new_rows) r
  GROUP BY business_id, ts ORDER BY business_id, md5(ts::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_tag_sets_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_tag_sets_add(business_id, ts, -count(*), -count(*) FILTER (WHERE opt_in))
  FROM (SELECT business_id, contact_tag_set(tags) AS ts, opt_in FROM old_rows) r
  GROUP BY business_id, ts ORDER BY business_id, md5(ts::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose tags or opt-in changed move a count: each leaves its old set and joins its new one.
CREATE FUNCTION contact_tag_sets_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_tag_sets_add(business_id, ts, sum(n)::bigint, sum(o)::bigint)
  FROM (
    SELECT n.business_id, contact_tag_set(n.tags) AS ts, 1 AS n, n.opt_in::int AS o
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.tags IS DISTINCT FROM o.tags OR n.opt_in IS DISTINCT FROM o.opt_in
    UNION ALL
    SELECT o.business_id, contact_tag_set(o.tags), -1, -(o.opt_in::int)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.tags IS DISTINCT FROM o.tags OR n.opt_in IS DISTINCT FROM o.opt_in
  ) r
  GROUP BY business_id, ts HAVING sum(n) <> 0 OR sum(o) <> 0 ORDER BY business_id, md5(ts::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_tag_sets_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_tag_sets_after_insert();
--> statement-breakpoint
CREATE TRIGGER contact_tag_sets_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_tag_sets_after_delete();
--> statement-breakpoint
CREATE TRIGGER contact_tag_sets_update AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION contact_tag_sets_after_update();
--> statement-breakpoint
-- Existing contacts, counted with writers held off so no change slips between the count and the triggers.
LOCK TABLE contacts IN SHARE MODE;
--> statement-breakpoint
INSERT INTO contact_tag_sets (business_id, tag_key, tags, total, opted_in)
SELECT business_id, md5(ts::text), ts, count(*), count(*) FILTER (WHERE opt_in)
FROM (SELECT business_id, contact_tag_set(tags) AS ts, opt_in FROM contacts) r
GROUP BY business_id, ts;
--> statement-breakpoint
-- Statement-level, like contact_counts: one upsert per business and statement. Only ever increments, so a
-- plain upsert in business order is safe under concurrency.
CREATE FUNCTION contact_opt_activity_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_opt_activity AS a (business_id, bucket, opt_ins)
  SELECT business_id, date_bin('15 minutes', now(), timestamptz '2000-01-01 00:00:00+00'), count(*)
  FROM new_rows WHERE opt_in GROUP BY business_id ORDER BY business_id
  ON CONFLICT (business_id, bucket) DO UPDATE SET opt_ins = a.opt_ins + EXCLUDED.opt_ins;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An opt-out also marks every campaign the recipient received (sent and not failed) in the last 7 days:
-- found through the business's recently sent campaigns and each one's (campaign, phone) unique index.
CREATE FUNCTION contact_opt_activity_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_opt_activity AS a (business_id, bucket, opt_ins, opt_outs)
  SELECT n.business_id, date_bin('15 minutes', now(), timestamptz '2000-01-01 00:00:00+00'),
         count(*) FILTER (WHERE n.opt_in), count(*) FILTER (WHERE NOT n.opt_in)
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.opt_in IS DISTINCT FROM o.opt_in
  GROUP BY n.business_id ORDER BY n.business_id
  ON CONFLICT (business_id, bucket) DO UPDATE
    SET opt_ins = a.opt_ins + EXCLUDED.opt_ins, opt_outs = a.opt_outs + EXCLUDED.opt_outs;
  INSERT INTO campaign_opt_outs (campaign_id, phone_number)
  SELECT DISTINCT m.campaign_id, m.phone_number
  FROM new_rows n
  JOIN old_rows o ON o.id = n.id
  JOIN campaigns k ON k.business_id = n.business_id AND k.is_sent_out
    AND k.sent_out_at > now() - interval '30 days'
  JOIN campaign_messages m ON m.campaign_id = k.id AND m.phone_number = o.phone_number
  WHERE o.opt_in AND NOT n.opt_in
    AND m.sent_at > now() - interval '7 days' AND m.status <> 'failed'
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_opt_activity_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_opt_activity_after_insert();
--> statement-breakpoint
CREATE TRIGGER contact_opt_activity_update AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION contact_opt_activity_after_update();
