CREATE TYPE "public"."tag_match" AS ENUM('any', 'all');--> statement-breakpoint
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
