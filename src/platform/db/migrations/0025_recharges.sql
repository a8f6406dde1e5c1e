ALTER TYPE "public"."transaction_kind" ADD VALUE 'campaign_recharge';--> statement-breakpoint
ALTER TYPE "public"."transaction_kind" ADD VALUE 'reply_recharge';--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "recharge_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "recharge_id" uuid;
