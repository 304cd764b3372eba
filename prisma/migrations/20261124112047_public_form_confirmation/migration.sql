-- AlterTable
ALTER TABLE "contacts" ADD COLUMN     "unverified_since" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "email_confirmations" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_confirmations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_confirmations_token_hash_key" ON "email_confirmations"("token_hash");

-- CreateIndex
CREATE INDEX "email_confirmations_organization_id_contact_id_idx" ON "email_confirmations"("organization_id", "contact_id");

-- CreateIndex
CREATE INDEX "email_confirmations_contact_id_idx" ON "email_confirmations"("contact_id");

-- CreateIndex
CREATE INDEX "contacts_unverified_since_idx" ON "contacts"("unverified_since");

-- AddForeignKey
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Tenant table: the same wall as every organization_id table (20261122041000_row_level_security).
-- Written by hand: Prisma does not model policies or grants.
GRANT SELECT, INSERT, UPDATE, DELETE ON "email_confirmations" TO app;
ALTER TABLE "email_confirmations" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "email_confirmations" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "email_confirmations" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
