CREATE TABLE "contact_counts" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"opted_in" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "contact_counts_consistent" CHECK ("contact_counts"."opted_in" >= 0 AND "contact_counts"."total" >= "contact_counts"."opted_in")
);
--> statement-breakpoint
ALTER TABLE "contact_counts" ADD CONSTRAINT "contact_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement-level triggers with transition tables: one aggregate per statement, so a million-row import
-- adjusts its business's counts once. The counts row stays locked until the transaction ends, which
-- queues concurrent writers of one business's contacts behind each other (never another business's).
CREATE FUNCTION contact_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_counts AS c (business_id, total, opted_in)
  SELECT business_id, count(*), count(*) FILTER (WHERE opt_in) FROM new_rows
  GROUP BY business_id ORDER BY business_id
  ON CONFLICT (business_id) DO UPDATE
    SET total = c.total + EXCLUDED.total, opted_in = c.opted_in + EXCLUDED.opted_in;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contact_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_counts c SET total = c.total - d.n, opted_in = c.opted_in - d.o
  FROM (SELECT business_id, count(*) AS n, count(*) FILTER (WHERE opt_in) AS o FROM old_rows
        GROUP BY business_id ORDER BY business_id) d
  WHERE c.business_id = d.business_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A contact never changes business; only opt_in moves a count.
CREATE FUNCTION contact_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_counts c SET opted_in = c.opted_in + d.o
  FROM (SELECT n.business_id, sum(n.opt_in::int - o.opt_in::int) AS o
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.opt_in IS DISTINCT FROM o.opt_in
        GROUP BY n.business_id ORDER BY n.business_id) d
  WHERE c.business_id = d.business_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_counts_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER contact_counts_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER contact_counts_update AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION contact_counts_after_update();
--> statement-breakpoint
-- Existing contacts, counted with writers held off so no change slips between the count and the triggers.
LOCK TABLE contacts IN SHARE MODE;
--> statement-breakpoint
INSERT INTO contact_counts (business_id, total, opted_in)
SELECT business_id, count(*), count(*) FILTER (WHERE opt_in) FROM contacts GROUP BY business_id;
