import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  amBestRatingFromCsg,
  chooseCarrierRows,
  isStandardRatingClass,
  mapCsgRows,
  rateHistoryFromCsg,
  UHC_NAIC,
  type CsgQuoteRow,
} from "@/lib/quotes/csg/csg-mapping";
import type { QuoteRequest } from "@/lib/quotes/quote-provider";
import { FIXTURE_DIR } from "@/lib/testing/fake-csg-server";

/** Plan G rows in CSG's response shape, one block per carrier (invented rates, real NAICs). */
const rows = JSON.parse(readFileSync(join(FIXTURE_DIR, "rating-classes-G.json"), "utf8")) as CsgQuoteRow[];

const req: QuoteRequest = {
  zip5: "32092",
  state: "FL",
  age: 65,
  gender: "M",
  tobacco: false,
  plans: ["G"],
  effectiveDate: "2025-07-01",
};

function rowsOf(naic: string): CsgQuoteRow[] {
  return rows.filter((r) => r.company_base?.naic === naic);
}

describe("isStandardRatingClass (quote-engine.md §1a)", () => {
  it.each([
    ["65269", "", true],
    ["65269", "Standard", true],
    ["65269", " standard ", true],
    ["65269", "Achieve", true],
    ["65269", "Value", true],
    ["65269", "Preferred", false],
    ["65269", "Substandard", false],
    ["65269", "Level 2", false],
    ["65269", "Standard II", false],
    ["65269", "Standard I/II", false],
    ["73288", "Standard II", false],
    [UHC_NAIC, "Standard I", true],
    [UHC_NAIC, "Standard II", true],
    [UHC_NAIC, "Standard I/II", true],
    [UHC_NAIC, "Standard II Household", false],
    [UHC_NAIC, "Innovative", false],
    [UHC_NAIC, "Level 2", false],
  ])("NAIC %s, class %j → %s", (naic, ratingClass, expected) => {
    expect(isStandardRatingClass(naic, ratingClass)).toBe(expected);
  });
});

describe("one carrier's rows → its standard and household price rows", () => {
  it.each([
    // [case, NAIC, standard row key, household row key]
    ["Preferred + Standard, each with a with_hhd twin: the Standard pair", "63444", "rc-pref-std-2", "rc-pref-std-4"],
    ["'' + Standard II (not UHC): the '' row, though Standard II is dearer", "12321", "rc-blank-std2-1", undefined],
    ["Preferred + Standard II only (not UHC): no standard class, nothing", "61727", undefined, undefined],
    [
      "'' + a Household-class row: '' is the standard price, the Household row the household price",
      "88366",
      "rc-hh-class-1",
      "rc-hh-class-2",
    ],
    [
      "UHC Standard I + II: the higher; Standard II Household for households, not Innovative",
      UHC_NAIC,
      "rc-uhc-2",
      "rc-uhc-3",
    ],
  ])("%s", (_case, naic, standardKey, householdKey) => {
    const chosen = chooseCarrierRows(naic, rowsOf(naic));
    expect(chosen.standard?.key).toBe(standardKey);
    expect(chosen.household?.key).toBe(householdKey);
  });
});

describe("mapCsgRows applies the rating-class rule", () => {
  const quotes = mapCsgRows({ rows, plan: "G", req, groupNameFor: () => undefined });
  const byNaic = new Map(quotes.map((q) => [q.naic, q]));

  it.each([
    // [case, NAIC, monthly cents, household monthly cents, discount bps]
    ["Preferred + Standard", "63444", 14300, 13299, 700],
    ["'' + Standard II (not UHC): quoted at the '' price", "12321", 15000, 13950, 700],
    ["'' + Household class", "88366", 13800, 12420, 1000],
    ["UHC Standard I + II + household rows", UHC_NAIC, 17200, 15300, 1105],
  ])("%s", (_case, naic, monthlyCents, householdMonthlyCents, discountBps) => {
    expect(byNaic.get(naic)).toMatchObject({ monthlyCents, householdMonthlyCents, discountBps });
  });

  it("does not quote a carrier that has no standard-class row", () => {
    expect(byNaic.has("61727")).toBe(false);
    expect(quotes).toHaveLength(4);
  });
});

describe("carrier strength and rate history from CSG (issue #20 point 2)", () => {
  const row = (extra: Partial<CsgQuoteRow>): CsgQuoteRow => ({ ...rowsOf("63444")[1]!, ...extra }); // the Standard row
  const base = rowsOf("63444")[1]!.company_base!;

  it.each([
    ["A+", "A+"],
    [" A- ", "A-"],
    ["n/a", null],
    ["", null],
    ["AA", null],
    [null, null],
  ])("company_base.ambest_rating %j → %j", (ambest, expected) => {
    expect(amBestRatingFromCsg(row({ company_base: { ...base, ambest_rating: ambest } }))).toBe(expected);
  });

  it.each<[string, CsgQuoteRow["rate_increases"], ReturnType<typeof rateHistoryFromCsg>]>([
    ["missing", undefined, null],
    ["empty", [], null],
    [
      "dated entries, an ISO datetime cut to its date; those after the effective date left out",
      [
        { date: "2024-05-01", rate_increase: 0.061 },
        { date: "2025-05-01T00:00:00", rate_increase: 0.077 },
        { date: "2025-09-01", rate_increase: 0.05 },
      ],
      {
        increases: [
          { date: "2024-05-01", pct: 0.061 },
          { date: "2025-05-01", pct: 0.077 },
        ],
        since: null,
      },
    ],
    [
      "a decrease is kept",
      [{ date: "2025-01-01", rate_increase: -0.02 }],
      {
        increases: [{ date: "2025-01-01", pct: -0.02 }],
        since: null,
      },
    ],
    ["a percent where a fraction belongs: none at all", [{ date: "2025-01-01", rate_increase: 7.7 }], null],
    ["an entry without a date: none at all", [{ date: null, rate_increase: 0.05 }], null],
    ["an entry without a number: none at all", [{ date: "2025-01-01", rate_increase: null }], null],
  ])("rate_increases %s", (_case, list, expected) => {
    expect(rateHistoryFromCsg(row({ rate_increases: list }), req.effectiveDate)).toEqual(expected);
  });

  it("puts both on the quote", () => {
    const [quote] = mapCsgRows({
      rows: [
        row({
          company_base: { ...base, ambest_rating: "A" },
          rate_increases: [{ date: "2024-05-01", rate_increase: 0.061 }],
        }),
      ],
      plan: "G",
      req,
      groupNameFor: () => undefined,
    });
    expect(quote).toMatchObject({
      amBestRating: "A",
      rateHistory: { increases: [{ date: "2024-05-01", pct: 0.061 }], since: null },
    });
  });
});
