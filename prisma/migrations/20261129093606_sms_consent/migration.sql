-- AlterEnum
ALTER TYPE "ConsentChannel" ADD VALUE 'sms';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "ConsentSource" ADD VALUE 'agent_recorded';
ALTER TYPE "ConsentSource" ADD VALUE 'sms_keyword';

-- AlterTable
ALTER TABLE "consent_events" ADD COLUMN     "consent_text" TEXT,
ADD COLUMN     "phone_number" TEXT;

-- CreateIndex
CREATE INDEX "contacts_phone_number_idx" ON "contacts"("phone_number");
