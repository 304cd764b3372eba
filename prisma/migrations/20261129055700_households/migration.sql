-- CreateEnum
CREATE TYPE "HouseholdKind" AS ENUM ('address', 'explicit');

-- CreateEnum
CREATE TYPE "HouseholdStatus" AS ENUM ('suggested', 'confirmed', 'dismissed');

-- AlterTable
ALTER TABLE "contacts" ADD COLUMN     "address_unit" TEXT,
ADD COLUMN     "street_address" TEXT;

-- AlterTable
ALTER TABLE "import_job_rows" ADD COLUMN     "address_unit" TEXT,
ADD COLUMN     "street_address" TEXT;

-- CreateTable
CREATE TABLE "households" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_a_id" UUID NOT NULL,
    "contact_b_id" UUID NOT NULL,
    "kind" "HouseholdKind" NOT NULL,
    "status" "HouseholdStatus" NOT NULL DEFAULT 'suggested',
    "address_key" TEXT,
    "confirmed_by_id" UUID,
    "confirmed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "households_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "households_organization_id_contact_b_id_idx" ON "households"("organization_id", "contact_b_id");

-- CreateIndex
CREATE INDEX "households_contact_a_id_idx" ON "households"("contact_a_id");

-- CreateIndex
CREATE INDEX "households_contact_b_id_idx" ON "households"("contact_b_id");

-- CreateIndex
CREATE INDEX "households_confirmed_by_id_idx" ON "households"("confirmed_by_id");

-- CreateIndex
CREATE UNIQUE INDEX "households_organization_id_contact_a_id_contact_b_id_key" ON "households"("organization_id", "contact_a_id", "contact_b_id");

-- AddForeignKey
ALTER TABLE "households" ADD CONSTRAINT "households_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "households" ADD CONSTRAINT "households_contact_a_id_fkey" FOREIGN KEY ("contact_a_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "households" ADD CONSTRAINT "households_contact_b_id_fkey" FOREIGN KEY ("contact_b_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "households" ADD CONSTRAINT "households_confirmed_by_id_fkey" FOREIGN KEY ("confirmed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Written by hand: Prisma does not model CHECK constraints or partial indexes (`db:migrate:check` ignores them).
-- One row per pair, in one order, so (a, b) and (b, a) cannot both exist.
ALTER TABLE "households" ADD CONSTRAINT "households_ordered_pair_check" CHECK ("contact_a_id" < "contact_b_id");
-- A contact is in at most one confirmed household on each side; lib/households/households.ts locks both contacts
-- and checks the other side too (a contact that is a in one confirmed pair and b in another).
CREATE UNIQUE INDEX "households_confirmed_contact_a_key" ON "households" ("contact_a_id") WHERE "status" = 'confirmed';
CREATE UNIQUE INDEX "households_confirmed_contact_b_key" ON "households" ("contact_b_id") WHERE "status" = 'confirmed';

-- Tenant table: the same wall as every organization_id table (20261122041000_row_level_security).
GRANT SELECT, INSERT, UPDATE, DELETE ON "households" TO app;
ALTER TABLE "households" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "households" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "households" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
