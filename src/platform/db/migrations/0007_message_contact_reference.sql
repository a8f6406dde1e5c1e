-- A message keeps the id of the contact it was addressed to without a foreign key: the ON DELETE SET NULL
-- action scanned every campaign message of every business per contact deleted (nothing indexes contact_id),
-- and the check cost each row a publish inserts a lookup. Readers join contacts to show a deleted one as null.
ALTER TABLE "campaign_messages" DROP CONSTRAINT "campaign_messages_contact_id_contacts_id_fk";
