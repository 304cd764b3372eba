-- CreateTable
CREATE TABLE "rate_book_carriers" (
    "id" UUID NOT NULL,
    "rate_book_id" UUID NOT NULL,
    "carrier_naic" TEXT NOT NULL,
    "am_best_rating" TEXT,

    CONSTRAINT "rate_book_carriers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "rate_book_carriers_carrier_naic_idx" ON "rate_book_carriers"("carrier_naic");

-- CreateIndex
CREATE UNIQUE INDEX "rate_book_carriers_rate_book_id_carrier_naic_key" ON "rate_book_carriers"("rate_book_id", "carrier_naic");

-- AddForeignKey
ALTER TABLE "rate_book_carriers" ADD CONSTRAINT "rate_book_carriers_rate_book_id_fkey" FOREIGN KEY ("rate_book_id") REFERENCES "rate_books"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rate_book_carriers" ADD CONSTRAINT "rate_book_carriers_carrier_naic_fkey" FOREIGN KEY ("carrier_naic") REFERENCES "carriers"("naic") ON DELETE CASCADE ON UPDATE CASCADE;
