-- A full reschedule's first run writes hundreds of thousands of scheduled_emails rows (#19 point 1,
-- bench/schedule), and each foreign key costs every inserted row a lookup and a row lock on the row it
-- references: three keys (organization, contact, scheduler run) were a third of the insert's time.
--
-- 1. One key for the tenant and the contact: (organization_id, contact_id) references the contact's
--    (organization_id, id). It is stricter than the two it replaces (a row can no longer point at another
--    organization's contact), and the organization's own key is implied (an organization's rows go with its
--    contacts, ON DELETE CASCADE, as before).
-- 2. scheduler_run_id is a stamp for diagnosis (which run last wrote the row), no longer a key: every
--    insert of a run locked the run's one row, from every page's transaction at once.
CREATE UNIQUE INDEX "contacts_organization_id_id_key" ON "contacts"("organization_id", "id");

-- NOT VALID: rows written from now on are checked; the existing rows are checked by the next migration, in its
-- own transaction, under a lock that lets the sweep and the reschedule go on writing (a check inside this one
-- would hold writes to scheduled_emails for the whole scan: minutes at tens of millions of rows).
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_organization_id_contact_id_fkey" FOREIGN KEY ("organization_id", "contact_id") REFERENCES "contacts"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE NOT VALID;

ALTER TABLE "scheduled_emails" DROP CONSTRAINT "scheduled_emails_contact_id_fkey";

ALTER TABLE "scheduled_emails" DROP CONSTRAINT "scheduled_emails_organization_id_fkey";

ALTER TABLE "scheduled_emails" DROP CONSTRAINT "scheduled_emails_scheduler_run_id_fkey";
