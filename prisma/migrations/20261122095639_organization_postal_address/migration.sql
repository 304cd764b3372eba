-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "postal_address" TEXT;
