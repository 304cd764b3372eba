import { readFileSync } from "node:fs";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";
import Papa from "papaparse";
import {
  householdOffer,
  householdRuleFromCsv,
  householdRuleLabel,
  householdRuleText,
} from "@/lib/quotes/household-rules";

const rows = Papa.parse<Record<string, string>>(readFileSync(REFERENCE_FILES.householdDiscounts, "utf8"), {
  header: true,
  skipEmptyLines: true,
}).data;
const rule = (state: string, carrier: string) =>
  householdRuleFromCsv(rows.find((r) => r.state === state && r.carrier === carrier)!);

describe("householdRuleLabel", () => {
  test("Humana's Achieve (NAIC, state) pairs use the Achieve column, every other Humana pair MIPPA", () => {
    expect(householdRuleLabel("Humana", "60219", "TX")).toBe("Humana (Achieve products)");
    expect(householdRuleLabel("Humana", "60219", "FL")).toBe("Humana (MIPPA products)");
    expect(householdRuleLabel("Humana", "73288", "GA")).toBe("Humana (Achieve products)");
  });

  test("other groups map to their column; an unknown group has none", () => {
    expect(householdRuleLabel("UnitedHealthcare", "79413", "TX")).toBe("UnitedHealthcare (AARP)");
    expect(householdRuleLabel("Mutual of Omaha", "71412", "TX")).toBe("Mutual of Omaha");
    expect(householdRuleLabel("Acme Mutual", "99999", "TX")).toBeNull();
  });
});

describe("householdRuleText", () => {
  test("cohabitant rules name the minimum age of the person one lives with", () => {
    expect(householdRuleText(rule("AL", "Aflac"), "Aflac")).toBe(
      "You need to live with a spouse or someone who is at least 50 years old.",
    );
  });

  test("both-insured rules name the carrier", () => {
    expect(householdRuleText(rule("AL", "Aetna"), "Aetna")).toBe(
      "You and your spouse or partner both need an Aetna Medicare Supplement policy.",
    );
  });

  test("built-in percentages and extra discounts are spelled out", () => {
    expect(householdRuleText(rule("AL", "Allstate"), "Allstate")).toBe(
      "You need to live with a spouse or someone who is at least 50 years old. The discount is 7%. Also: 3% more when both choose the same plan; 10% for paying yearly; 5% with a fitness wearable.",
    );
  });

  test("no discount and not selling say so", () => {
    expect(householdRuleText(rule("AL", "Anthem"), "Anthem")).toBe("Anthem has no household discount in AL.");
    const notSelling = householdRuleFromCsv({ state: "NY", carrier: "Aflac", eligibility: "not_selling" });
    expect(householdRuleText(notSelling, "Aflac")).toBe("Aflac does not sell Medicare Supplement plans in NY.");
  });

  test("every row of the rules file reads as text", () => {
    expect(rows.length).toBeGreaterThan(500);
    for (const row of rows) expect(householdRuleText(householdRuleFromCsv(row), row.carrier!)).toMatch(/\.$/);
  });
});

describe("householdOffer", () => {
  test("a state where the carrier has no household discount gets no household price, only the rule's sentence", () => {
    expect(householdOffer(rule("AK", "Mutual of Omaha"), "Mutual of Omaha", 11625)).toEqual({
      householdMonthlyCents: null,
      householdRule: "Mutual of Omaha has no household discount in AK.",
    });
  });

  test("a state with a discount keeps the price and says who qualifies; no price, no sentence", () => {
    const al = rule("AL", "Mutual of Omaha");
    expect(householdOffer(al, "Mutual of Omaha", 11625)).toEqual({
      householdMonthlyCents: 11625,
      householdRule: householdRuleText(al, "Mutual of Omaha"),
    });
    expect(householdOffer(al, "Mutual of Omaha", null)).toEqual({ householdMonthlyCents: null, householdRule: null });
    expect(householdOffer(undefined, "Acme Mutual", 9000)).toEqual({
      householdMonthlyCents: 9000,
      householdRule: null,
    });
  });
});
