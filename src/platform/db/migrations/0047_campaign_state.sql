-- A campaign's lifecycle in one column (src/vocabulary/campaign-states.ts), filled from the columns it was
-- pieced together from: unpublished is a draft; published and not sent out is scheduled (a pause while it
-- waits stays in paused_at); sent out is completed once completed_at is set, else stopped, paused or sending.
ALTER TABLE "campaigns" ADD COLUMN "state" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
UPDATE "campaigns" SET "state" = CASE
    WHEN NOT "is_published" THEN 'draft'
    WHEN NOT "is_sent_out" THEN 'scheduled'
    WHEN "completed_at" IS NOT NULL THEN 'completed'
    WHEN "stopped_at" IS NOT NULL THEN 'stopped'
    WHEN "paused_at" IS NOT NULL THEN 'paused'
    ELSE 'sending'
  END
  WHERE "is_published" OR "is_sent_out";--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_state_check" CHECK ("campaigns"."state" IN ('draft', 'scheduled', 'sending', 'paused', 'stopped', 'completed'));--> statement-breakpoint
DROP INDEX "campaigns_due_idx";--> statement-breakpoint
DROP INDEX "campaigns_delivering_idx";--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("scheduled_at") WHERE "campaigns"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "campaigns_delivering_idx" ON "campaigns" USING btree ("sent_out_at") WHERE "campaigns"."state" IN ('sending', 'paused', 'stopped');
