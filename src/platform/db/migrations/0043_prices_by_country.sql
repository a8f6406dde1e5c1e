CREATE TABLE "price_card" (
	"category" text NOT NULL,
	"country_code" text NOT NULL,
	"price" numeric(20, 4) NOT NULL,
	"cost" numeric(20, 4),
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_card_pkey" PRIMARY KEY("category","country_code"),
	CONSTRAINT "price_card_category_check" CHECK ("price_card"."category" IN ('marketing', 'utility', 'authentication', 'service')),
	CONSTRAINT "price_card_country_check" CHECK ("price_card"."country_code" ~ '^([A-Z]{2}|\*)$'),
	CONSTRAINT "price_card_price_check" CHECK ("price_card"."price" >= 0 AND ("price_card"."cost" IS NULL OR "price_card"."cost" >= 0))
);--> statement-breakpoint
CREATE TABLE "price_card_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"country_code" text NOT NULL,
	"action" text NOT NULL,
	"old_price" numeric(20, 4),
	"new_price" numeric(20, 4),
	"old_cost" numeric(20, 4),
	"new_cost" numeric(20, 4),
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "price_card" ADD CONSTRAINT "price_card_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_card_history" ADD CONSTRAINT "price_card_history_changed_by_accounts_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_card_history_changed_idx" ON "price_card_history" USING btree ("changed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The starting card: the default rows are the rates of app_settings (saved, or the built-in ones), which
-- Nigeria, the home market, is priced by (no row of its own), so what most businesses pay does not move on
-- upgrade and the settings' rates keep pricing it; the listed countries differ as the channel's prices do.
INSERT INTO "price_card" ("category", "country_code", "price") VALUES
  ('marketing', '*', 1),
  ('marketing', 'IN', 0.45),
  ('marketing', 'BR', 1.6),
  ('marketing', 'GB', 1.4),
  ('marketing', 'US', 0.8),
  ('marketing', 'ZA', 1.1),
  ('marketing', 'KE', 0.7),
  ('utility', '*', 0.5),
  ('utility', 'IN', 0.15),
  ('utility', 'BR', 0.3),
  ('utility', 'GB', 0.6),
  ('utility', 'US', 0.3),
  ('utility', 'ZA', 0.25),
  ('utility', 'KE', 0.3),
  ('authentication', '*', 0.5),
  ('authentication', 'IN', 0.15),
  ('authentication', 'BR', 0.3),
  ('authentication', 'GB', 0.55),
  ('authentication', 'US', 0.3),
  ('authentication', 'ZA', 0.25),
  ('authentication', 'KE', 0.3),
  ('service', '*', 0.3);--> statement-breakpoint
UPDATE "price_card" p SET "price" = CASE p."category"
    WHEN 'marketing' THEN s."marketing_rate" WHEN 'utility' THEN s."utility_rate"
    WHEN 'authentication' THEN s."authentication_rate" ELSE s."service_rate" END
  FROM "app_settings" s WHERE s."id" = 1 AND p."country_code" = '*';--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "country_code" text;--> statement-breakpoint
CREATE INDEX "contacts_country_missing_idx" ON "contacts" USING btree ("business_id") WHERE "contacts"."country_code" IS NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "prices" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "country_code" text;
