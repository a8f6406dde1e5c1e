CREATE TABLE "waba_number_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"waba_number" text NOT NULL,
	"action" text NOT NULL,
	"other_business_id" uuid,
	"actor_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD COLUMN "refresh_counter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waba_number_events" ADD CONSTRAINT "waba_number_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waba_number_events" ADD CONSTRAINT "waba_number_events_other_business_id_businesses_id_fk" FOREIGN KEY ("other_business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waba_number_events" ADD CONSTRAINT "waba_number_events_actor_account_id_accounts_id_fk" FOREIGN KEY ("actor_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waba_number_events_business_idx" ON "waba_number_events" USING btree ("business_id","created_at");