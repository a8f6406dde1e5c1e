ALTER TABLE "templates" ADD COLUMN "parameter_format" text DEFAULT 'POSITIONAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_parameter_format_check" CHECK ("templates"."parameter_format" IN ('POSITIONAL', 'NAMED'));
