-- Delivery reports are matched on the provider's id and the recipient: reports kept for an unknown id keep
-- the recipient they named.
ALTER TABLE "pending_receipts" ADD COLUMN "recipient" text;
