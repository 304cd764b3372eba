-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "household_window_days" INTEGER NOT NULL DEFAULT 7;

-- Written by hand: Prisma does not model CHECK constraints (`db:migrate:check` ignores them).
-- Household outreach (docs/households.md, #20 point 1): both people of a confirmed household due within this many
-- days get one email together; 0 turns it off (each person their own email). The settings form allows 0–30.
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_household_window_days_check" CHECK ("household_window_days" BETWEEN 0 AND 30);
