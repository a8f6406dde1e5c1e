CREATE TABLE "member_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_invitations_role_check" CHECK ("member_invitations"."role" IN ('admin', 'marketer', 'agent', 'viewer')),
	CONSTRAINT "member_invitations_email_lower" CHECK ("member_invitations"."email" = lower("member_invitations"."email"))
);--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_invited_by_accounts_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_accepted_by_accounts_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_invitations_token_hash_key" ON "member_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "member_invitations_pending_key" ON "member_invitations" USING btree ("business_id","email") WHERE "member_invitations"."accepted_at" IS NULL AND "member_invitations"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "member_invitations_business_idx" ON "member_invitations" USING btree ("business_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "seat_limit" integer;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_seat_limit_positive" CHECK ("businesses"."seat_limit" IS NULL OR "businesses"."seat_limit" >= 1);--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
CREATE INDEX "conversations_business_assignee_idx" ON "conversations" USING btree ("business_id","assignee_id");
