CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"components" jsonb NOT NULL,
	"rejected_reason" text,
	"provider" text NOT NULL,
	"provider_template_id" text,
	"waba_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_category_check" CHECK ("templates"."category" IN ('MARKETING', 'UTILITY', 'AUTHENTICATION')),
	CONSTRAINT "templates_status_check" CHECK ("templates"."status" IN ('PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL', 'PENDING_DELETION', 'LIMIT_EXCEEDED')),
	CONSTRAINT "templates_provider_check" CHECK ("templates"."provider" IN ('gateway', 'whatsapp-cloud'))
);
--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "templates_business_name_language_key" ON "templates" USING btree ("business_id","name","language");
--> statement-breakpoint
CREATE INDEX "templates_business_created_idx" ON "templates" USING btree ("business_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "templates_provider_template_idx" ON "templates" USING btree ("waba_id","provider_template_id") WHERE "templates"."provider_template_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_id" uuid;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_parameters" jsonb;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "stopped_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "stop_reason" text;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "businesses_provider_hsm_id_idx" ON "businesses" USING btree ("provider_hsm_id") WHERE "businesses"."provider" = 'whatsapp-cloud';
