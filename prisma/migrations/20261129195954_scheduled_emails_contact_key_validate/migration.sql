-- The check of the existing rows against the (organization, contact) key added NOT VALID by the previous
-- migration. VALIDATE takes a SHARE UPDATE EXCLUSIVE lock on scheduled_emails (writes go on) and ROW SHARE on
-- contacts. It fails, and leaves the key unvalidated (new rows are still checked), if a row names another
-- organization's contact; no code path writes one (every writer uses its tenant's own contact).
ALTER TABLE "scheduled_emails" VALIDATE CONSTRAINT "scheduled_emails_organization_id_contact_id_fkey";
