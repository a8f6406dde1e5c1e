ALTER TABLE "app_settings" ADD COLUMN "free_service_allowance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "bill_window_replies" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_free_service_allowance_check" CHECK ("app_settings"."free_service_allowance" >= 0);--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "categories" text[];--> statement-breakpoint
CREATE TABLE "service_allowance_usage" (
	"business_id" uuid NOT NULL,
	"month" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_allowance_usage_pkey" PRIMARY KEY("business_id","month")
);--> statement-breakpoint
ALTER TABLE "service_allowance_usage" ADD CONSTRAINT "service_allowance_usage_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
