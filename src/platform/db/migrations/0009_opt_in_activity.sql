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
ALTER TABLE "campaign_opt_outs" ADD CONSTRAINT "campaign_opt_outs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_opt_activity" ADD CONSTRAINT "contact_opt_activity_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
