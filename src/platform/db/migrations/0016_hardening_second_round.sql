CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"password_fingerprint" text NOT NULL,
	"identity_fingerprint" text NOT NULL,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_account_idx" ON "email_changes" USING btree ("account_id","created_at");
--> statement-breakpoint
ALTER TABLE "verification_tokens" DROP COLUMN "failures";--> statement-breakpoint
ALTER TABLE "verification_tokens" DROP COLUMN "blocked_until";--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD COLUMN "codes_sent" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD COLUMN "window_started_at" timestamp with time zone DEFAULT now() NOT NULL;
