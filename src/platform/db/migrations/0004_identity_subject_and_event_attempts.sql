ALTER TABLE "webhook_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Before the subject becomes unique: where two accounts hold one subject, only the oldest keeps the link
-- (the others sign in by password or e-mail code and can link again only if the subject is free).
UPDATE "accounts" a SET "identity_provider_subject" = NULL
WHERE a."identity_provider_subject" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "accounts" b
    WHERE b."identity_provider_subject" = a."identity_provider_subject"
      AND (b."created_at", b."id") < (a."created_at", a."id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_identity_subject_key" ON "accounts" USING btree ("identity_provider_subject") WHERE "accounts"."identity_provider_subject" IS NOT NULL;
