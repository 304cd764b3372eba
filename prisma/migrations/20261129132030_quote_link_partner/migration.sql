-- AlterTable
ALTER TABLE "quote_links" ADD COLUMN     "partner_link_id" UUID;

-- CreateIndex
CREATE INDEX "quote_links_partner_link_id_idx" ON "quote_links"("partner_link_id");

-- AddForeignKey
ALTER TABLE "quote_links" ADD CONSTRAINT "quote_links_partner_link_id_fkey" FOREIGN KEY ("partner_link_id") REFERENCES "quote_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;
