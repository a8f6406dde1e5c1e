CREATE TABLE "business_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_members_role_check" CHECK ("business_members"."role" IN ('owner', 'admin', 'marketer', 'agent', 'viewer'))
);--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_members_business_account_key" ON "business_members" USING btree ("business_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_members_one_owner_key" ON "business_members" USING btree ("business_id") WHERE "business_members"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "business_members_account_idx" ON "business_members" USING btree ("account_id");--> statement-breakpoint
-- The account that registered each business is its owner.
INSERT INTO "business_members" ("business_id", "account_id", "role", "created_at", "updated_at")
SELECT "id", "account_id", 'owner', "created_at", "created_at" FROM "businesses";--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD COLUMN "business_id" uuid;--> statement-breakpoint
-- Every open session acts for the business its account registered.
UPDATE "refresh_sessions" SET "business_id" = "businesses"."id"
FROM "businesses" WHERE "businesses"."account_id" = "refresh_sessions"."account_id";--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD CONSTRAINT "refresh_sessions_membership_fk" FOREIGN KEY ("business_id","account_id") REFERENCES "public"."business_members"("business_id","account_id") ON DELETE cascade ON UPDATE no action;
