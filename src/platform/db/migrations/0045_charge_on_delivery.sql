ALTER TYPE "public"."transaction_kind" ADD VALUE 'campaign_hold';--> statement-breakpoint
ALTER TYPE "public"."transaction_kind" ADD VALUE 'campaign_settle';--> statement-breakpoint
ALTER TYPE "public"."transaction_kind" ADD VALUE 'campaign_release';--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "held" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_held_non_negative" CHECK ("wallets"."held" >= 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "held_delta" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "charge_on_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "charge_on_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "settle_id" uuid;
