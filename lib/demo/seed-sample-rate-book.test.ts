import { seedReferenceData } from "@/lib/demo/seed-demo-agency";
import { seedSampleRateBook } from "@/lib/demo/seed-sample-rate-book";
import { getRiderPriceRanges } from "@/lib/settings/reference-data";
import { setupTestDatabase } from "@/lib/testing/db";

describe("seedSampleRateBook", () => {
  const db = setupTestDatabase();

  it("loads the sample book once, marked as sample, and rider price ranges come from it", async () => {
    await seedReferenceData();
    expect(await seedSampleRateBook()).toEqual({ loaded: true });
    expect(await seedSampleRateBook()).toEqual({ loaded: false });
    const books = await db.prisma.rateBook.findMany();
    expect(books).toHaveLength(1);
    expect(books[0]).toMatchObject({ isSample: true, isActive: true });
    const mn = await getRiderPriceRanges({ state: "MN" });
    expect(mn.riders.length).toBeGreaterThan(0);
    for (const rider of mn.riders) expect(rider.priceRange.min).toBeLessThanOrEqual(rider.priceRange.max);
  }, 120_000);

  it("leaves a database that already has a rate book alone", async () => {
    await db.prisma.rateBook.updateMany({ data: { name: "Operator filings", isSample: false } });
    expect(await seedSampleRateBook()).toEqual({ loaded: false });
  });
});
