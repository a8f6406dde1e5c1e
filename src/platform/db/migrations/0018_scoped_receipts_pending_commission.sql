-- Delivery reports are matched on the provider's id and the recipient: reports kept for an unknown id keep
-- the recipient they named.
ALTER TABLE "pending_receipts" ADD COLUMN "recipient" text;
--> statement-breakpoint
-- A scheduled campaign's commission is held (pending, no earnings) until the campaign is sent out: the release
-- and the cancel find it by campaign.
CREATE INDEX "transactions_held_commissions_idx" ON "transactions" USING btree ("campaign_id") WHERE "transactions"."kind" = 'affiliate_commission' AND "transactions"."status" = 'pending';
