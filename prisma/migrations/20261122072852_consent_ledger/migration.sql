-- CreateEnum
CREATE TYPE "ConsentChannel" AS ENUM ('email');

-- CreateEnum
CREATE TYPE "ConsentAction" AS ENUM ('unsubscribe', 'resubscribe');

-- CreateEnum
CREATE TYPE "ConsentSource" AS ENUM ('one_click', 'link', 'agent', 'bounce', 'complaint');

-- CreateTable
CREATE TABLE "consent_events" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "channel" "ConsentChannel" NOT NULL DEFAULT 'email',
    "action" "ConsentAction" NOT NULL,
    "source" "ConsentSource" NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consent_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "consent_events_organization_id_occurred_at_idx" ON "consent_events"("organization_id", "occurred_at");

-- CreateIndex
CREATE INDEX "consent_events_contact_id_occurred_at_idx" ON "consent_events"("contact_id", "occurred_at");

-- AddForeignKey
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Tenant table: the same wall as every organization_id table (20261122041000_row_level_security).
-- Written by hand: Prisma does not model policies or grants.
GRANT SELECT, INSERT, UPDATE, DELETE ON "consent_events" TO app;
ALTER TABLE "consent_events" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "consent_events" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "consent_events" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
