ALTER TABLE "verification_tokens" ADD COLUMN "link_hash" text;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD COLUMN "link_purpose" text;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD COLUMN "link_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD COLUMN "links_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_tokens_link_hash_idx" ON "verification_tokens" USING btree ("link_hash");
