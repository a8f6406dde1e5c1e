CREATE TABLE "contact_field_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"choices" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_field_definitions_type_check" CHECK ("contact_field_definitions"."type" IN ('text', 'number', 'date', 'boolean', 'choice'))
);--> statement-breakpoint
CREATE TABLE "segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_field_definitions" ADD CONSTRAINT "contact_field_definitions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_field_definitions_business_key" ON "contact_field_definitions" USING btree ("business_id","key");--> statement-breakpoint
CREATE INDEX "segments_business_created_idx" ON "segments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_fields_idx" ON "contacts" USING gin ("business_id","fields");
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "audience_segment_id" uuid;