-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "sms_enabled" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "quote_links" ADD COLUMN     "short_code" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "quote_links_short_code_key" ON "quote_links"("short_code");
