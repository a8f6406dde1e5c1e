-- One Cloud business per phone-number id. Where several already share one, the earliest connection keeps
-- it (dated by the claim of its current number, else by the business's creation); the others lose the
-- phone-number id (they send and receive nothing through it until they connect a number of their own) and
-- are told why (docs/decisions/cloud-api.md "Whose is a phone-number id?").
WITH "losers" AS (
  SELECT id FROM (
    SELECT b.id, row_number() OVER (
      PARTITION BY b.provider_hsm_id
      ORDER BY coalesce(
        (SELECT max(e.created_at) FROM waba_number_events e
          WHERE e.business_id = b.id AND e.action = 'claimed' AND e.waba_number = b.waba_number),
        b.created_at), b.id) AS rank
    FROM businesses b
    WHERE b.provider = 'whatsapp-cloud' AND b.provider_hsm_id IS NOT NULL
  ) ranked WHERE rank > 1
), "told" AS (
  INSERT INTO "notifications" ("type", "title", "message", "receiver_id", "receiver_type")
  SELECT 'business.waba_number_released', 'WhatsApp Cloud number disconnected',
         'Another business connected the same WhatsApp phone-number id first, so it was disconnected from yours. Connect your own number again in the provider settings.',
         id, 'business'
  FROM "losers"
)
UPDATE "businesses" SET "provider_hsm_id" = NULL, "updated_at" = now()
WHERE id IN (SELECT id FROM "losers");--> statement-breakpoint
DROP INDEX IF EXISTS "businesses_provider_hsm_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_cloud_phone_number_id_key" ON "businesses" USING btree ("provider_hsm_id") WHERE "businesses"."provider" = 'whatsapp-cloud';--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "status_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "category_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messaging_limits" ADD COLUMN "quality_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messaging_limits" ADD COLUMN "tier_event_at" timestamp with time zone;
