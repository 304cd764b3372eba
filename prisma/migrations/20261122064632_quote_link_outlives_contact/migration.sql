-- DropForeignKey
ALTER TABLE "quote_links" DROP CONSTRAINT "quote_links_contact_id_fkey";

-- AddForeignKey
ALTER TABLE "quote_links" ADD CONSTRAINT "quote_links_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
