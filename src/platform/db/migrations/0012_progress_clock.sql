CREATE TABLE "campaign_progress_emits" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"emitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_progress_emits" ADD CONSTRAINT "campaign_progress_emits_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;