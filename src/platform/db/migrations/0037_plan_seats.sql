-- A plan may carry its number of seats (members plus pending invitations); null is the platform default.
ALTER TABLE "plans" ADD COLUMN "seats" integer;
--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_seats_positive" CHECK ("plans"."seats" IS NULL OR "plans"."seats" >= 1);
