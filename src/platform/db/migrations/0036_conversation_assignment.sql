ALTER TABLE "business_members" ADD COLUMN "availability" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_availability_check" CHECK ("business_members"."availability" IN ('available', 'away'));--> statement-breakpoint
CREATE TABLE "inbox_assignment" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'off' NOT NULL,
	"capacity" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_assignment_mode_check" CHECK ("inbox_assignment"."mode" IN ('off', 'round_robin', 'least_open')),
	CONSTRAINT "inbox_assignment_capacity_check" CHECK ("inbox_assignment"."capacity" BETWEEN 1 AND 1000)
);--> statement-breakpoint
ALTER TABLE "inbox_assignment" ADD CONSTRAINT "inbox_assignment_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "inbox_assignment_turns" (
	"business_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"last_assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inbox_assignment_turns_pkey" PRIMARY KEY("business_id","account_id")
);--> statement-breakpoint
ALTER TABLE "inbox_assignment_turns" ADD CONSTRAINT "inbox_assignment_turns_membership_fk" FOREIGN KEY ("business_id","account_id") REFERENCES "public"."business_members"("business_id","account_id") ON DELETE cascade ON UPDATE no action;
