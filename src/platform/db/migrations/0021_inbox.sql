ALTER TYPE "public"."transaction_kind" ADD VALUE 'reply_credit_debit';--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"conversation_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"text" text,
	"media_key" text,
	"media_type" text,
	"details" jsonb,
	"event_key" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_expires_at" timestamp with time zone,
	"locked_by" text,
	"provider_message_id" text,
	"error" text,
	"template_id" uuid,
	"template_parameters" jsonb,
	"transaction_id" uuid,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_messages_direction_check" CHECK ("conversation_messages"."direction" IN ('in', 'out')),
	CONSTRAINT "conversation_messages_status_check" CHECK ("conversation_messages"."status" IN ('received', 'queued', 'sending', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"contact_id" uuid,
	"phone_number" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_inbound_at" timestamp with time zone,
	"last_message_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_status_check" CHECK ("conversations"."status" IN ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_thread_idx" ON "conversation_messages" USING btree ("conversation_id","created_at" DESC NULLS FIRST,"seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_messages_event_key" ON "conversation_messages" USING btree ("business_id","event_key");--> statement-breakpoint
CREATE INDEX "conversation_messages_ready_idx" ON "conversation_messages" USING btree ("next_attempt_at") WHERE "conversation_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "conversation_messages_lease_idx" ON "conversation_messages" USING btree ("lease_expires_at") WHERE "conversation_messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "conversation_messages_provider_id_idx" ON "conversation_messages" USING btree ("provider_message_id") WHERE "conversation_messages"."provider_message_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_business_phone_key" ON "conversations" USING btree ("business_id","phone_number");--> statement-breakpoint
CREATE INDEX "conversations_business_activity_idx" ON "conversations" USING btree ("business_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);