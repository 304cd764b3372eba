-- CreateEnum
CREATE TYPE "ImportRowOutcome" AS ENUM ('valid', 'invalid_email', 'error');

-- AlterTable
ALTER TABLE "import_jobs" ADD COLUMN     "received_rows" INTEGER NOT NULL DEFAULT 0;

-- CreateTable (UNLOGGED, written by hand: staged rows are scratch data, see schema.prisma)
CREATE UNLOGGED TABLE "import_job_rows" (
    "import_job_id" UUID NOT NULL,
    "chunk_index" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "organization_id" UUID NOT NULL,
    "row_number" INTEGER NOT NULL,
    "outcome" "ImportRowOutcome" NOT NULL,
    "error" TEXT,
    "cells" JSONB NOT NULL,
    "email" TEXT NOT NULL,
    "first_name" TEXT,
    "last_name" TEXT,
    "phone_number" TEXT,
    "state" TEXT,
    "zip_code" TEXT,
    "county" TEXT,
    "county_fips" TEXT,
    "gender" "Gender",
    "tobacco_user" BOOLEAN,
    "birth_date" DATE,
    "effective_date" DATE,
    "current_carrier" TEXT,
    "carrier_recognized" BOOLEAN NOT NULL DEFAULT false,
    "plan_type" TEXT,

    CONSTRAINT "import_job_rows_pkey" PRIMARY KEY ("import_job_id","chunk_index","position")
);

-- AddForeignKey
ALTER TABLE "import_job_rows" ADD CONSTRAINT "import_job_rows_import_job_id_fkey" FOREIGN KEY ("import_job_id") REFERENCES "import_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Tenant table: the same wall as every organization_id table (20261122041000_row_level_security).
-- Written by hand: Prisma does not model policies or grants.
GRANT SELECT, INSERT, UPDATE, DELETE ON "import_job_rows" TO app;
ALTER TABLE "import_job_rows" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "import_job_rows" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "import_job_rows" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
