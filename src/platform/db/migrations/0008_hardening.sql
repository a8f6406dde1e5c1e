ALTER TABLE "refresh_sessions" ADD COLUMN "refresh_counter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD COLUMN "blocked_until" timestamp with time zone;