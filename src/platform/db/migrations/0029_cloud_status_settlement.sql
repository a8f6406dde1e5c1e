ALTER TABLE "campaign_messages" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "refund_unbilled_messages" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_receipts" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "pending_receipts" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
CREATE INDEX "campaign_messages_unbilled_due_idx" ON "campaign_messages" USING btree ("campaign_id") WHERE ("campaign_messages"."pricing"->>'billable') = 'false' AND "campaign_messages"."refunded_at" IS NULL;
