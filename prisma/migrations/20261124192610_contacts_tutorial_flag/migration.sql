-- AlterTable
ALTER TABLE "users" ADD COLUMN     "has_seen_contacts_tutorial" BOOLEAN NOT NULL DEFAULT false;
