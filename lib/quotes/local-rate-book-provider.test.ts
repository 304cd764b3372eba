import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prisma } from "@/lib/db";
import { setupTestDatabase } from "@/lib/testing/db";
import { loadRateBook } from "@/lib/quotes/load-rate-book";
import { getLocalQuotes, localRateBookProvider } from "@/lib/quotes/local-rate-book-provider";
import type { QuoteRequest } from "@/lib/quotes/quote-provider";

const db = setupTestDatabase();

function writeBook(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "rate-book-"));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body.trim() + "\n");
  return dir;
}

const attainedCells = (key: string, plan: string, area: string, base: number) =>
  [64, 65, 70, 99].flatMap((age) => [
    `${key},${plan},${area},${age},M,0,${base + (age - 65) * 100},`,
    `${key},${plan},${area},${age},M,1,${base + (age - 65) * 100 + 1500},`,
    `${key},${plan},${area},${age},F,0,${base + (age - 65) * 100 - 1000},`,
  ]);

const BOOK = {
  "rate_book.csv": "name,source,is_sample,notes\nTest book,unit test,1,",
  "filings.csv": `
filing_key,carrier_naic,state,effective_date,rating_method,policy_fee_cents,plan_design_note
A,11111,TX,2025-01-01,attained_age,2500,
B1,22222,TX,2025-01-01,issue_age,0,
B2,22222,TX,2026-01-01,issue_age,0,
D,44444,TX,2025-01-01,community,1500,
MN,11111,MN,2025-01-01,community,0,MN plans
WI,22222,WI,2025-01-01,attained_age,0,
MA,44444,MA,2025-01-01,community,0,`,
  "areas.csv": `
carrier_naic,state,kind,code,area_code
11111,TX,zip5,78701,Z5
11111,TX,zip3,787,Z3
11111,TX,county,48453,CO
11111,TX,state,TX,ST
22222,TX,state,TX,R
44444,TX,zip3,787,AUS
44444,TX,state,TX,R
11111,MN,state,MN,R
22222,WI,state,WI,R
44444,MA,state,MA,R`,
  "cells.csv": [
    "filing_key,plan,area_code,age,gender,tobacco,rate_cents,household_rate_cents",
    ...attainedCells("A", "G", "Z5", 10000),
    ...attainedCells("A", "G", "Z3", 11000),
    ...attainedCells("A", "G", "CO", 12000),
    ...attainedCells("A", "G", "ST", 13000),
    ...attainedCells("A", "N", "Z5", 9000),
    ...attainedCells("B1", "G", "R", 15000),
    ...attainedCells("B2", "G", "R", 16000),
    "D,G,AUS,0,,0,20000,",
    "D,G,AUS,0,,1,22000,",
    "D,G,R,0,,0,19000,17000",
    "D,G,R,0,,1,21000,",
    "MN,MN_BASIC,R,0,,0,9000,",
    "MN,MN_EXTENDED,R,0,,0,17000,",
    "MN,MN_EXTENDED,R,0,,1,17000,",
    ...attainedCells("WI", "WI_BASIC", "R", 12000),
    "MA,MA_CORE,R,0,,0,14000,",
    "MA,MA_SUPPLEMENT_1A,R,0,,0,23000,",
  ].join("\n"),
  "household_discounts.csv":
    "filing_key,pct_bps,category,description\nA,700,Roommate,7% roommate\nD,1200,Multi-Insured,12%\nD,500,Roommate,5%",
  "riders.csv":
    "filing_key,rider_id,plan,area_code,age,rate_cents\nMN,part_a_deductible,,,,3500\nMN,part_b_excess,MN_EXTENDED,,,500",
  "carriers.csv": "carrier_naic,am_best_rating\n11111,A+\n22222,",
};

const req = (over: Partial<QuoteRequest> = {}): QuoteRequest => ({
  zip5: "78701",
  state: "TX",
  countyFips: "48453",
  age: 65,
  gender: "M",
  tobacco: false,
  plans: ["G"],
  effectiveDate: "2026-12-01",
  ...over,
});

const rate = async (r: QuoteRequest, naic: string, plan = "G") =>
  (await getLocalQuotes(r)).find((q) => q.naic === naic && q.plan === plan)?.monthlyCents ?? null;

beforeAll(async () => {
  await prisma.carrier.createMany({
    data: [
      { naic: "11111", name: "Alpha", nameFull: "Alpha Life Ins Co", groupName: "Alpha" },
      { naic: "22222", name: "Beta", groupName: "Beta" },
      { naic: "44444", name: "Delta", nameFull: "Delta Mutual", groupName: "Delta" },
    ],
  });
  await loadRateBook({ dir: writeBook(BOOK) });
});

describe("local rate-book provider", () => {
  it("answers one CarrierQuote per carrier and plan, from the active sample book", async () => {
    const quotes = await localRateBookProvider.getQuotes(req({ plans: ["G", "N"] }));
    expect(quotes.map((q) => `${q.naic}:${q.plan}:${q.monthlyCents}`).sort()).toEqual([
      "11111:G:10000",
      "11111:N:9000",
      "22222:G:16000",
      "44444:G:20000",
    ]);
    const alpha = quotes.find((q) => q.naic === "11111" && q.plan === "G")!;
    expect(alpha).toEqual({
      naic: "11111",
      carrierName: "Alpha Life Ins Co",
      groupName: "Alpha",
      plan: "G",
      ratingMethod: "attained_age",
      monthlyCents: 10000,
      householdMonthlyCents: 9300,
      discountBps: 700,
      discountCategory: "Roommate",
      policyFeeCents: 2500,
      filingEffectiveDate: "2025-01-01",
      age: 65,
      gender: "M",
      tobacco: false,
      source: "local",
      isSample: true,
      amBestRating: "A+",
      rateHistory: { increases: [], since: "2025-01-01" },
    });
  });

  it("gives each quote its carrier's AM Best rating from carriers.csv, null when the book has none", async () => {
    const quotes = await getLocalQuotes(req());
    const rating = (naic: string) => quotes.find((q) => q.naic === naic)?.amBestRating;
    expect([rating("11111"), rating("22222"), rating("44444")]).toEqual(["A+", null, null]);
  });

  it("gives each quote the same person's price in each of the carrier's filings up to the quote's, as changes", async () => {
    const history = async (r: QuoteRequest, naic: string) =>
      (await getLocalQuotes(r)).find((q) => q.naic === naic)?.rateHistory;
    // Beta: 15000 (2025-01-01) → 16000 (2026-01-01) for a man of 65, statewide area
    expect(await history(req(), "22222")).toEqual({
      increases: [{ date: "2026-01-01", pct: 16000 / 15000 - 1 }],
      since: "2025-01-01",
    });
    // the woman's cell (1000 less in both): her own change
    expect(await history(req({ gender: "F", age: 70 }), "22222")).toEqual({
      increases: [{ date: "2026-01-01", pct: 15500 / 14500 - 1 }],
      since: "2025-01-01",
    });
    // a quote from the first filing has nothing before it
    expect(await history(req({ effectiveDate: "2025-12-01" }), "22222")).toEqual({
      increases: [],
      since: "2025-01-01",
    });
    // community-rated, one filing
    expect(await history(req(), "44444")).toEqual({ increases: [], since: "2025-01-01" });
  });

  it("picks the area by precedence zip5 > zip3 > county > state", async () => {
    expect(await rate(req({ zip5: "78701" }), "11111")).toBe(10000); // zip5
    expect(await rate(req({ zip5: "78702" }), "11111")).toBe(11000); // zip3 787
    expect(await rate(req({ zip5: "75001", countyFips: "48453" }), "11111")).toBe(12000); // county
    expect(await rate(req({ zip5: "75001", countyFips: "48113" }), "11111")).toBe(13000); // statewide
    expect(await rate(req({ zip5: "78702" }), "44444")).toBe(20000);
    expect(await rate(req({ zip5: "75001", countyFips: "48113" }), "44444")).toBe(19000);
  });

  it("defaults the county to the ZIP's main county in the state", async () => {
    // 78610 (Buda) is mostly Hays County: the Travis County area does not apply, the state row does.
    expect(await rate(req({ zip5: "78610", countyFips: undefined }), "11111")).toBe(13000);
    // 78653 (Manor) is mostly Travis County.
    expect(await rate(req({ zip5: "78653", countyFips: undefined }), "11111")).toBe(12000);
    // A chosen county wins over the default (Buda's Travis County part).
    expect(await rate(req({ zip5: "78610", countyFips: "48453" }), "11111")).toBe(12000);
  });

  it("uses the newest filing effective on or before the requested date (version switch)", async () => {
    expect(await rate(req({ effectiveDate: "2025-12-01" }), "22222")).toBe(15000);
    expect(await rate(req({ effectiveDate: "2026-01-01" }), "22222")).toBe(16000);
    expect(await rate(req({ effectiveDate: "2024-12-01" }), "22222")).toBeNull();
    const q = (await getLocalQuotes(req({ effectiveDate: "2026-01-01" }))).find((x) => x.naic === "22222")!;
    expect(q.filingEffectiveDate).toBe("2026-01-01");
  });

  it("rates age (clamped 64–99), gender and tobacco; community ignores age and sex", async () => {
    expect(await rate(req({ age: 70 }), "11111")).toBe(10500);
    expect(await rate(req({ age: 60 }), "11111")).toBe(9900);
    expect(await rate(req({ age: 104 }), "11111")).toBe(13400);
    expect(await rate(req({ gender: "F" }), "11111")).toBe(9000);
    expect(await rate(req({ tobacco: true }), "11111")).toBe(11500);
    for (const over of [{ age: 65 }, { age: 88 }, { gender: "F" as const, age: 72 }])
      expect(await rate(req(over), "44444")).toBe(20000);
    expect(await rate(req({ tobacco: true, age: 90 }), "44444")).toBe(22000);
    expect((await getLocalQuotes(req({ age: 104 })))[0]!.age).toBe(99);
  });

  it("computes household rates from the filing's discount, or uses the pre-computed one", async () => {
    const austin = (await getLocalQuotes(req())).find((q) => q.naic === "44444")!;
    expect([austin.householdMonthlyCents, austin.discountBps, austin.discountCategory]).toEqual([
      17600,
      1200,
      "Multi-Insured",
    ]);
    const elsewhere = (await getLocalQuotes(req({ zip5: "75001", countyFips: "48113" }))).find(
      (q) => q.naic === "44444",
    )!;
    expect(elsewhere.householdMonthlyCents).toBe(17000);
    const beta = (await getLocalQuotes(req())).find((q) => q.naic === "22222")!;
    expect([beta.householdMonthlyCents, beta.discountBps, beta.discountCategory]).toEqual([null, null, null]);
  });

  it("filters by NAIC allow and exclude lists", async () => {
    expect(
      (await getLocalQuotes(req({ naicAllow: ["11111", "44444"], naicExclude: ["44444"] }))).map((q) => q.naic),
    ).toEqual(["11111"]);
    expect(await getLocalQuotes(req({ naicAllow: [] }))).toEqual([]);
    expect(await getLocalQuotes(req({ plans: [] }))).toEqual([]);
  });

  it("quotes the MN, WI and MA state plans", async () => {
    const mn = await getLocalQuotes(
      req({ zip5: "55401", state: "MN", countyFips: undefined, plans: ["MN_BASIC", "MN_EXTENDED"], tobacco: true }),
    );
    expect(mn.map((q) => `${q.plan}:${q.monthlyCents}`).sort()).toEqual(["MN_EXTENDED:17000"]);
    const wi = await getLocalQuotes(
      req({ zip5: "53202", state: "WI", countyFips: undefined, plans: ["WI_BASIC"], age: 70, gender: "F" }),
    );
    expect(wi.map((q) => `${q.naic}:${q.monthlyCents}`)).toEqual(["22222:11500"]);
    const ma = await getLocalQuotes(
      req({ zip5: "02108", state: "MA", countyFips: undefined, plans: ["MA_CORE", "MA_SUPPLEMENT_1A"] }),
    );
    expect(ma.map((q) => `${q.plan}:${q.monthlyCents}`).sort()).toEqual(["MA_CORE:14000", "MA_SUPPLEMENT_1A:23000"]);
    expect(await getLocalQuotes(req({ state: "GA", zip5: "30097", countyFips: undefined }))).toEqual([]);
  });

  it("reads only the active rate book", async () => {
    await loadRateBook({
      dir: writeBook({
        "rate_book.csv": "name,is_sample\nReal book,0",
        "filings.csv": "filing_key,carrier_naic,state,effective_date,rating_method\nX,11111,TX,2025-01-01,community",
        "areas.csv": "carrier_naic,state,kind,code,area_code\n11111,TX,state,TX,R",
        "cells.csv": "filing_key,plan,area_code,age,gender,tobacco,rate_cents\nX,G,R,0,,0,30000",
      }),
    });
    const quotes = await getLocalQuotes(req());
    expect(quotes.map((q) => [q.naic, q.monthlyCents, q.isSample])).toEqual([["11111", 30000, false]]);
    const books = await db.query<{ name: string; is_active: boolean }>(
      "SELECT name, is_active FROM rate_books ORDER BY name",
    );
    expect(books).toEqual([
      { name: "Real book", is_active: true },
      { name: "Test book", is_active: false },
    ]);
  });
});
