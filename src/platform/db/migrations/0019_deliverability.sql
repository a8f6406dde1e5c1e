CREATE TABLE "messaging_limits" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"daily_recipients" integer,
	"messages_per_second" integer,
	"tier" text,
	"quality_rating" text,
	"source" text DEFAULT 'admin' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_limits_daily_recipients_positive" CHECK ("messaging_limits"."daily_recipients" IS NULL OR "messaging_limits"."daily_recipients" > 0),
	CONSTRAINT "messaging_limits_messages_per_second_positive" CHECK ("messaging_limits"."messages_per_second" IS NULL OR "messaging_limits"."messages_per_second" > 0)
);
--> statement-breakpoint
ALTER TABLE "messaging_limits" ADD CONSTRAINT "messaging_limits_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "messaging_window" (
	"business_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messaging_window_pkey" PRIMARY KEY("business_id","phone_number")
);
--> statement-breakpoint
ALTER TABLE "messaging_window" ADD CONSTRAINT "messaging_window_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "messaging_window_started_idx" ON "messaging_window" USING btree ("business_id","started_at");
--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "failure_outcome" text;
--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "refunded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "refund_id" uuid;
--> statement-breakpoint
CREATE INDEX "campaign_messages_refund_due_idx" ON "campaign_messages" USING btree ("campaign_id") WHERE "campaign_messages"."status" = 'failed' AND "campaign_messages"."failure_outcome" IS NOT NULL AND "campaign_messages"."refunded_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paused_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "pause_reason" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "opt_out_reason" text;
--> statement-breakpoint
CREATE INDEX "campaigns_paused_idx" ON "campaigns" USING btree ("paused_at") WHERE "campaigns"."paused_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "campaign_messages_unsorted_failure_idx" ON "campaign_messages" USING btree ("updated_at") WHERE "campaign_messages"."status" = 'failed' AND "campaign_messages"."failure_outcome" IS NULL AND "campaign_messages"."provider_message_id" IS NOT NULL;
