-- Contacts are not capped by plan (#16 point 8, docs/billing.md "Contacts are not capped"): the public
-- pricing ($100/month including 300 contacts, then $0.33 per contact per month, metered) is the model,
-- so Basic and Pro hold any number of contacts and differ by agents. The seeded tiers and every
-- organization's copied limit become -1 (unlimited); the "extra contacts in blocks of 5,000" add-on is
-- gone, so the stored extra contacts (which only raised the cap) go to 0.
-- AlterTable
ALTER TABLE "organizations" ALTER COLUMN "contact_limit" SET DEFAULT -1;

UPDATE "subscription_tiers" SET "contact_limit" = -1 WHERE "contact_limit" <> -1;
UPDATE "organizations" SET "contact_limit" = -1, "extra_contacts" = 0 WHERE "contact_limit" <> -1 OR "extra_contacts" <> 0;
