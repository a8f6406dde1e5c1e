ALTER TYPE "public"."transaction_kind" ADD VALUE 'campaign_refund';--> statement-breakpoint
ALTER TYPE "public"."transaction_kind" ADD VALUE 'affiliate_commission_reversal';--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_earnings_non_negative";--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "paid_value" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_related_kind_key" ON "transactions" USING btree ("related_transaction_id","kind");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_paid_value_non_negative" CHECK ("wallets"."paid_value" >= 0);--> statement-breakpoint
-- Existing wallets: the credits now held are valued at the wallet's average NGN paid per credit received.
UPDATE "wallets" w SET "paid_value" = least(s.paid, round(w."balance" * s.paid / s.received, 4))
FROM (
  SELECT "wallet_id",
         coalesce(sum("amount") FILTER (WHERE "kind" = 'credit_purchase' AND "status" = 'successful'), 0) AS paid,
         coalesce(sum("balance_delta") FILTER (WHERE "balance_delta" > 0), 0) AS received
  FROM "transactions" GROUP BY "wallet_id"
) s
WHERE s."wallet_id" = w."id" AND s.received > 0 AND s.paid > 0;
