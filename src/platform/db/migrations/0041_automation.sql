CREATE TABLE "automation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"match_mode" text,
	"pattern" text,
	"choice_id" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"reply" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"active_from" timestamp with time zone,
	"active_until" timestamp with time zone,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"cooldown_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_rules_trigger_check" CHECK ("automation_rules"."trigger" IN ('keyword', 'welcome', 'away', 'choice')),
	CONSTRAINT "automation_rules_match_mode_check" CHECK ("automation_rules"."match_mode" IN ('exact', 'contains', 'starts', 'regex'))
);--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_rules_business_idx" ON "automation_rules" USING btree ("business_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE TABLE "business_hours" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"week" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "automation_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"opt_out_words" text[] NOT NULL,
	"cooldown_seconds" integer DEFAULT 3600 NOT NULL,
	"daily_cap" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_settings_cooldown_check" CHECK ("automation_settings"."cooldown_seconds" BETWEEN 0 AND 604800),
	CONSTRAINT "automation_settings_cap_check" CHECK ("automation_settings"."daily_cap" BETWEEN 1 AND 1000)
);--> statement-breakpoint
ALTER TABLE "automation_settings" ADD CONSTRAINT "automation_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "automation_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_sends_conversation_idx" ON "automation_sends" USING btree ("conversation_id","sent_at");--> statement-breakpoint
CREATE TABLE "automation_opt_outs" (
	"business_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_opt_outs_pkey" PRIMARY KEY("business_id","phone_number")
);--> statement-breakpoint
ALTER TABLE "automation_opt_outs" ADD CONSTRAINT "automation_opt_outs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "automation_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "interactive" jsonb;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "automation_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "automation_rule_name" text;--> statement-breakpoint
CREATE TABLE "automation_pending" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "automation_pending" ADD CONSTRAINT "automation_pending_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_pending_business_idx" ON "automation_pending" USING btree ("business_id","id");
