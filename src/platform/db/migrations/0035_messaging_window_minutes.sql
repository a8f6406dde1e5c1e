CREATE TABLE "messaging_window_minutes" (
	"business_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"entered" integer NOT NULL,
	CONSTRAINT "messaging_window_minutes_pkey" PRIMARY KEY("business_id","minute")
);
--> statement-breakpoint
ALTER TABLE "messaging_window_minutes" ADD CONSTRAINT "messaging_window_minutes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The people already in the window, counted by the minute they entered it (writers of the window are held
-- off meanwhile, so none enters between the count and the first write that keeps the minutes itself).
LOCK TABLE "messaging_window" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "messaging_window_minutes" ("business_id", "minute", "entered")
SELECT "business_id", date_trunc('minute', "started_at", 'UTC'), count(*)::int
FROM "messaging_window"
WHERE "started_at" > now() - interval '25 hours'
GROUP BY 1, 2;
