-- One switch per email type (#16): Settings → Email Settings (email_send_*) were saved but never read; the
-- planner obeyed outreach_* alone. The API's emailSend* fields now read and write outreach_*, so these
-- columns go. What outreach did stays as it was (outreach_* are kept): email_send_* defaulted to false, so
-- an untouched agency cannot be told from one that switched them off, and switching every agency's
-- birthday, anniversary and AEP emails off would be the larger surprise.
-- AlterTable
ALTER TABLE "organizations" DROP COLUMN "email_send_aep",
DROP COLUMN "email_send_birthday",
DROP COLUMN "email_send_policy_anniversary";
