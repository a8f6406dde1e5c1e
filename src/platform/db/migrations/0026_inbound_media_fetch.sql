ALTER TABLE "conversation_messages" ADD COLUMN "media_status" text;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "media_source" jsonb;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_media_status_check" CHECK ("conversation_messages"."media_status" IN ('pending', 'fetched', 'failed'));--> statement-breakpoint
CREATE INDEX "conversation_messages_media_due_idx" ON "conversation_messages" USING btree ("next_attempt_at") WHERE "conversation_messages"."media_status" = 'pending';--> statement-breakpoint
-- Media kept before the job existed were fetched in the webhook: their outcome is already known.
UPDATE "conversation_messages" SET "media_status" = 'fetched' WHERE "direction" = 'in' AND "media_key" IS NOT NULL;--> statement-breakpoint
UPDATE "conversation_messages" SET "media_status" = 'failed' WHERE "direction" = 'in' AND "media_key" IS NULL AND "error" LIKE 'The medium could not be kept%';
