import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedReferenceData } from "@/lib/demo/seed-demo-agency";
import { setupTestDatabase } from "@/lib/testing/db";
import { loadRateBook } from "@/lib/quotes/load-rate-book";
import { getLocalQuotes } from "@/lib/quotes/local-rate-book-provider";
import type { QuoteRequest } from "@/lib/quotes/quote-provider";
import { selectQuotes } from "@/lib/quotes/select-quotes";
import { loadComparePage } from "@/lib/quotes/compare-page";
import { createQuoteLink } from "@/lib/quotes/quote-links";
import { createContact, createOrganization } from "@/lib/testing/factories";

const db = setupTestDatabase();
const SAMPLE_DIR = join(process.cwd(), "data", "rate-books", "sample");

const req = (over: Partial<QuoteRequest> = {}): QuoteRequest => ({
  zip5: "78701",
  state: "TX",
  age: 65,
  gender: "M",
  tobacco: false,
  plans: ["G"],
  effectiveDate: "2026-12-01",
  ...over,
});

beforeAll(async () => {
  await seedReferenceData();
  const start = performance.now();
  const result = await loadRateBook({ dir: SAMPLE_DIR });
  console.log(
    `sample book loaded on ${db.kind}: ${result.counts.cells} cells in ${Math.round(performance.now() - start)} ms`,
  );
  expect(result.isSample).toBe(true);
}, 120_000);

describe("the SAMPLE rate book", () => {
  it("is what the generator writes (deterministic, committed up to date)", () => {
    const out = mkdtempSync(join(tmpdir(), "sample-book-"));
    execFileSync(
      join(process.cwd(), "node_modules", ".bin", "tsx"),
      ["--tsconfig", "tsconfig.scripts.json", "scripts/generate-sample-rate-book.ts", out],
      { env: { ...process.env, NODE_OPTIONS: "" } },
    );
    const files = readdirSync(SAMPLE_DIR).sort();
    expect(readdirSync(out).sort()).toEqual(files);
    for (const file of files)
      expect(readFileSync(join(out, file), "utf8") === readFileSync(join(SAMPLE_DIR, file), "utf8")).toBe(true);
  });

  it("quotes 78701 TX Plan G, 65, male, non-tobacco within the calibrated $127–$300", async () => {
    const quotes = await getLocalQuotes(req());
    expect(quotes.length).toBeGreaterThanOrEqual(6);
    for (const q of quotes) {
      expect(q.monthlyCents).toBeGreaterThanOrEqual(12700);
      expect(q.monthlyCents).toBeLessThanOrEqual(30000);
      expect(q.isSample).toBe(true);
    }
    expect(new Set(quotes.map((q) => q.ratingMethod))).toEqual(new Set(["attained_age", "issue_age", "community"]));
    const top = selectQuotes(quotes, {
      contractedCarriers: ["Aetna", "Humana", "Cigna", "UnitedHealthcare", "Aflac", "Mutual of Omaha"],
      currentCarrier: "Humana",
      firstEligibleBefore2020: false,
    });
    expect(top[0]!.quotes).toHaveLength(3);
    expect(top[0]!.quotes.every((q) => q.groupName !== "Humana")).toBe(true);
  });

  it("quotes all five plans and every sample state", async () => {
    const tx = await getLocalQuotes(req({ plans: ["F", "G", "N", "HDF", "HDG"] }));
    expect(new Set(tx.map((q) => q.plan))).toEqual(new Set(["F", "G", "N", "HDF", "HDG"]));
    const cases: [string, string, QuoteRequest["plans"]][] = [
      ["30097", "GA", ["G", "N"]],
      ["33101", "FL", ["G"]],
      ["63368", "MO", ["G"]],
      ["90012", "CA", ["G"]],
      ["10001", "NY", ["G"]],
      ["55401", "MN", ["MN_BASIC", "MN_EXTENDED"]],
      ["53202", "WI", ["WI_BASIC", "WI_HIGH_DEDUCTIBLE"]],
      ["02108", "MA", ["MA_CORE", "MA_SUPPLEMENT_1A"]],
    ];
    for (const [zip5, state, plans] of cases) {
      const quotes = await getLocalQuotes(req({ zip5, state, plans }));
      expect(new Set(quotes.map((q) => q.naic)).size).toBeGreaterThanOrEqual(6);
      expect(new Set(quotes.map((q) => q.plan))).toEqual(new Set(plans));
    }
    const ny = await getLocalQuotes(req({ zip5: "10001", state: "NY", age: 80, gender: "F" }));
    const ny65 = await getLocalQuotes(req({ zip5: "10001", state: "NY" }));
    expect(ny.map((q) => q.monthlyCents).sort()).toEqual(ny65.map((q) => q.monthlyCents).sort());
  });

  it("switches Aetna TX to its 2026-07-01 filing", async () => {
    const aetna = async (effectiveDate: string) =>
      (await getLocalQuotes(req({ effectiveDate, naicAllow: ["72052"] })))[0]!;
    const old = await aetna("2026-06-01");
    const current = await aetna("2026-07-01");
    expect([old.filingEffectiveDate, current.filingEffectiveDate]).toEqual(["2025-01-01", "2026-07-01"]);
    expect(current.monthlyCents / old.monthlyCents).toBeCloseTo(1.077, 3);
  });

  it("gives Aetna TX's quote its rate history (the one carrier with two filings) and no carrier an invented rating", async () => {
    const quotes = await getLocalQuotes(req({ effectiveDate: "2026-12-01" }));
    const aetna = quotes.find((q) => q.naic === "72052")!;
    expect(aetna.rateHistory!.since).toBe("2025-01-01");
    expect(aetna.rateHistory!.increases.map((i) => [i.date, Math.round(i.pct * 1000) / 1000])).toEqual([
      ["2026-07-01", 0.077],
    ]);
    const others = quotes.filter((q) => q.naic !== "72052");
    expect(others.length).toBeGreaterThan(3);
    expect(others.every((q) => q.rateHistory!.increases.length === 0)).toBe(true);
    expect(quotes.every((q) => q.amBestRating === null)).toBe(true); // the sample has no carriers.csv
  });

  it("rates Humana TX by county group", async () => {
    const humana = async (zip5: string, countyFips?: string) =>
      (await getLocalQuotes(req({ zip5, countyFips, naicAllow: ["60219"] })))[0]!.monthlyCents;
    const houston = await humana("77002"); // Harris County
    const dallas = await humana("75201"); // Dallas County
    const austin = await humana("78701"); // Travis County: rest of the state
    expect(new Set([houston, dallas, austin]).size).toBe(3);
    expect(await humana("77494", "48157")).toBe(houston); // Katy, Fort Bend County
  });

  it("has rider prices for the MN and WI plans", async () => {
    const rows = await db.query<{ state: string; riders: number }>(
      `SELECT f.state, count(DISTINCT r.rider_id)::int AS riders FROM rider_rates r JOIN rate_filings f ON f.id = r.filing_id GROUP BY f.state ORDER BY f.state`,
    );
    expect(rows).toEqual([
      { state: "MN", riders: 5 },
      { state: "WI", riders: 5 },
    ]);
  });
});

describe("the compare page in the states with their own plan designs", () => {
  const NOW = new Date("2026-11-22T15:00:00Z");

  async function comparison(zipCode: string, state: string, birthDate: string) {
    const org = await createOrganization(db.prisma, { now: NOW });
    const groups = (await db.prisma.carrier.findMany({ select: { groupName: true } })).map((c) => c.groupName!);
    await db.prisma.organization.update({ where: { id: org.id }, data: { carrierContracts: [...new Set(groups)] } });
    const contact = await createContact(db.prisma, org.id, { now: NOW, state });
    await db.prisma.contact.update({
      where: { id: contact.id },
      data: { zipCode, birthDate: new Date(`${birthDate}T00:00:00Z`) },
    });
    const { token } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now: NOW });
    const model = await loadComparePage({ params: { id: token }, now: NOW });
    if (model.kind !== "quote") throw new Error(`redirected to ${model.to}`);
    return model.comparison;
  }

  it("quotes Minnesota's plans with rider prices, the agency's default riders, and no Part B deductible rider after 2020", async () => {
    const mn = await comparison("55401", "MN", "1958-04-02");
    expect(mn.statePlans).toBe(true);
    expect(mn.plans.map((p) => p.plan)).toEqual(["MN_BASIC", "MN_EXTENDED"]);
    expect(mn.plans.every((p) => p.quotes.length >= 3)).toBe(true);
    const riders = mn.plans[0]!.quotes[0]!.riders.map((r) => r.id);
    expect(riders).toEqual(expect.arrayContaining(["part_a_deductible", "part_b_excess"]));
    expect(riders).not.toContain("part_b_deductible");
    expect(mn.defaultRiders).toEqual(["part_a_deductible", "part_b_excess"]);
    // Someone first eligible before 2020 may buy it.
    const older = await comparison("55401", "MN", "1950-04-02");
    expect(older.plans[0]!.quotes[0]!.riders.map((r) => r.id)).toContain("part_b_deductible");
  });

  it("quotes Wisconsin's plans", async () => {
    const wi = await comparison("53703", "WI", "1958-04-02");
    expect(wi.plans.map((p) => p.plan)).toEqual(["WI_BASIC", "WI_HIGH_DEDUCTIBLE"]);
    expect(wi.plans[0]!.quotes.length).toBeGreaterThan(0);
  });

  it("quotes Massachusetts' plans (Supplement 1 only before 2020) and says MA guarantees issue all year", async () => {
    const late = await comparison("02108", "MA", "1958-04-02");
    expect(late.plans.map((p) => p.plan)).toEqual(["MA_CORE", "MA_SUPPLEMENT_1A"]);
    const early = await comparison("02108", "MA", "1950-04-02");
    expect(early.plans.map((p) => p.plan)).toEqual(["MA_CORE", "MA_SUPPLEMENT_1", "MA_SUPPLEMENT_1A"]);
    expect(early.switchWindow).toMatchObject({ kind: "year_round", allowedPlans: null });
    expect(early.plans.every((p) => p.quotes.length > 0)).toBe(true);
  });
});
