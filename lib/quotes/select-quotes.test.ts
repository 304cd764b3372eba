import type { CarrierQuote, PlanCode } from "@/lib/quotes/quote-provider";
import {
  ageOnDate,
  defaultEffectiveDate,
  eligiblePlans,
  isFirstEligibleBefore2020,
  selectQuotes,
} from "@/lib/quotes/select-quotes";

function quote(
  over: Partial<CarrierQuote> & {
    naic: string;
    carrierName: string;
    groupName: string;
    plan: PlanCode;
    monthlyCents: number;
  },
): CarrierQuote {
  return {
    ratingMethod: "attained_age",
    householdMonthlyCents: null,
    discountBps: null,
    discountCategory: null,
    policyFeeCents: 0,
    filingEffectiveDate: "2026-01-01",
    age: 65,
    gender: "M",
    tobacco: false,
    source: "local",
    isSample: true,
    ...over,
  };
}

describe("ageOnDate", () => {
  it.each([
    ["1960-12-01", "2026-12-01", 66],
    ["1960-12-02", "2026-12-01", 65],
    ["1961-11-30", "2026-12-01", 65],
    ["1952-02-29", "2026-02-28", 73],
    ["1952-02-29", "2026-03-01", 74],
    ["1952-02-29", "2024-02-29", 72],
  ])("born %s, on %s: %p", (birth, on, age) => expect(ageOnDate(birth, on)).toBe(age));

  it("refuses non-dates", () => expect(() => ageOnDate("12/01/1960", "2026-12-01")).toThrow());
});

describe("defaultEffectiveDate", () => {
  it.each([
    ["2026-11-22T05:00:00Z", "2026-12-01"],
    ["2026-12-15T12:00:00Z", "2027-01-01"],
    // 2026-12-01 03:00 UTC is still November 30 in Chicago.
    ["2026-12-01T03:00:00Z", "2026-12-01"],
    ["2026-12-01T07:00:00Z", "2027-01-01"],
    ["2027-01-31T23:00:00Z", "2027-02-01"],
  ])("now %s → %s", (now, expected) => expect(defaultEffectiveDate(new Date(now))).toBe(expected));

  it("uses the given time zone", () =>
    expect(defaultEffectiveDate(new Date("2026-12-01T03:00:00Z"), "UTC")).toBe("2027-01-01"));

  it("keeps each zone's answer apart when zones alternate (one kept format per zone)", () => {
    const instant = new Date("2026-12-01T03:00:00Z");
    const answers = ["America/Chicago", "UTC", "America/Chicago", "Pacific/Honolulu", "UTC"].map((zone) =>
      defaultEffectiveDate(instant, zone),
    );
    expect(answers).toEqual(["2026-12-01", "2027-01-01", "2026-12-01", "2026-12-01", "2027-01-01"]);
  });
});

describe("isFirstEligibleBefore2020 (F / HDF / MA Supplement 1)", () => {
  it.each([
    ["1955-01-01", true], // turns 65 on 2020-01-01: Medicare from 2019-12-01
    ["1955-01-02", false],
    ["1954-12-31", true],
    ["1940-06-15", true],
    ["1960-03-10", false],
  ])("born %s: %p", (birthDate, expected) =>
    expect(isFirstEligibleBefore2020({ birthDate, effectiveDate: "2026-12-01" })).toBe(expected),
  );

  it.each([
    // Only the age on the effective date: eligible only when certainly turned 65 by 2020-01-01.
    [65, "2026-12-01", false],
    [71, "2026-12-01", false], // could have been born 1955-12-01 → 65 on 2020-12-01
    [72, "2026-12-01", true], // born 1954-12-02 … 1954-12-01 at the latest
    [70, "2025-01-01", true], // latest birth 1955-01-01 → 65 on 2020-01-01
    [70, "2025-02-01", false],
  ])("age %p on %s: %p", (age, effectiveDate, expected) =>
    expect(isFirstEligibleBefore2020({ age, effectiveDate })).toBe(expected),
  );

  it("lets earlier eligibility (disability) override, and knows nothing without age or birth date", () => {
    expect(isFirstEligibleBefore2020({ age: 65, effectiveDate: "2026-12-01", medicareEligibleBefore2020: true })).toBe(
      true,
    );
    expect(isFirstEligibleBefore2020({ effectiveDate: "2026-12-01" })).toBe(false);
  });

  it("eligiblePlans hides F, HDF and MA Supplement 1 after 2020", () => {
    const all: PlanCode[] = ["F", "G", "N", "HDF", "HDG", "MA_SUPPLEMENT_1", "MA_SUPPLEMENT_1A"];
    expect(eligiblePlans(all, false)).toEqual(["G", "N", "HDG", "MA_SUPPLEMENT_1A"]);
    expect(eligiblePlans(all, true)).toEqual(all);
  });
});

describe("selectQuotes", () => {
  const quotes: CarrierQuote[] = [
    quote({
      naic: "60219",
      carrierName: "Humana Insurance Company",
      groupName: "Humana",
      plan: "G",
      monthlyCents: 12000,
      householdMonthlyCents: 10560,
    }),
    quote({ naic: "73288", carrierName: "Humana Ins Co", groupName: "Humana", plan: "G", monthlyCents: 12500 }),
    quote({
      naic: "72052",
      carrierName: "Aetna Hlth Ins Co",
      groupName: "Aetna",
      plan: "G",
      monthlyCents: 14000,
      householdMonthlyCents: 13020,
    }),
    quote({ naic: "72052", carrierName: "Aetna Hlth Ins Co", groupName: "Aetna", plan: "G", monthlyCents: 13500 }), // same carrier twice: lowest kept
    quote({
      naic: "65269",
      carrierName: "Cigna Ins Co",
      groupName: "Cigna",
      plan: "G",
      monthlyCents: 15000,
      householdMonthlyCents: 12000,
    }),
    quote({ naic: "65722", carrierName: "Loyal Amer Life Ins Co", groupName: "Cigna", plan: "G", monthlyCents: 15000 }),
    quote({ naic: "60380", carrierName: "American Family Life", groupName: "Aflac", plan: "G", monthlyCents: 11000 }), // not contracted
    quote({
      naic: "79413",
      carrierName: "UnitedHealthcare Ins Co",
      groupName: "UnitedHealthcare",
      plan: "G",
      monthlyCents: 16000,
      householdMonthlyCents: 14080,
    }),
    quote({ naic: "72052", carrierName: "Aetna Hlth Ins Co", groupName: "Aetna", plan: "N", monthlyCents: 10000 }),
    quote({ naic: "65269", carrierName: "Cigna Ins Co", groupName: "Cigna", plan: "N", monthlyCents: 9000 }),
    quote({ naic: "65269", carrierName: "Cigna Ins Co", groupName: "Cigna", plan: "F", monthlyCents: 18000 }),
    quote({ naic: "65269", carrierName: "Cigna Ins Co", groupName: "Cigna", plan: "HDF", monthlyCents: 6000 }),
    quote({ naic: "65269", carrierName: "Cigna Ins Co", groupName: "Cigna", plan: "HDG", monthlyCents: 5000 }),
  ];
  const contracted = ["Humana", "Aetna", "cigna", "79413"];
  const plansOf = (sel: ReturnType<typeof selectQuotes>) =>
    Object.fromEntries(sel.map((s) => [s.plan, s.quotes.map((q) => `${q.naic}:${q.monthlyCents}`)]));

  it("keeps the 3 cheapest contracted carriers per plan, one row per carrier, ties by carrier name", () => {
    const sel = selectQuotes(quotes, {
      contractedCarriers: contracted,
      firstEligibleBefore2020: true,
      plans: ["G", "N"],
    });
    expect(plansOf(sel)).toEqual({
      G: ["60219:12000", "73288:12500", "72052:13500"],
      N: ["65269:9000", "72052:10000"],
    });
    // Without Humana: Aetna 13500, then the Cigna tie at 15000 broken by name (Cigna Ins Co < Loyal Amer…).
    const noHumana = selectQuotes(quotes, {
      contractedCarriers: ["Aetna", "Cigna"],
      firstEligibleBefore2020: true,
      plans: ["G"],
    });
    expect(plansOf(noHumana).G).toEqual(["72052:13500", "65269:15000", "65722:15000"]);
  });

  it("shows nothing when the org has no contracts; matches contracts by group name or NAIC", () => {
    expect(
      selectQuotes(quotes, { contractedCarriers: [], firstEligibleBefore2020: true, plans: ["G"] })[0]!.quotes,
    ).toEqual([]);
    expect(
      plansOf(selectQuotes(quotes, { contractedCarriers: ["60380"], firstEligibleBefore2020: true, plans: ["G"] })).G,
    ).toEqual(["60380:11000"]);
  });

  it("drops the current carrier's whole NAIC group, given by name or by NAIC", () => {
    for (const currentCarrier of ["Humana", "humana", "73288", "Humana Ins Co"]) {
      const sel = selectQuotes(quotes, {
        contractedCarriers: contracted,
        currentCarrier,
        firstEligibleBefore2020: true,
        plans: ["G"],
      });
      expect(plansOf(sel).G).toEqual(["72052:13500", "65269:15000", "65722:15000"]);
    }
  });

  it("sorts by the household rate when the toggle is on (standard rate where there is none)", () => {
    const sel = selectQuotes(quotes, {
      contractedCarriers: contracted,
      household: true,
      firstEligibleBefore2020: true,
      plans: ["G"],
    });
    expect(sel[0]!.quotes.map((q) => q.naic)).toEqual(["60219", "65269", "73288"]);
  });

  it("hides F and HDF for people first eligible in 2020 or later", () => {
    const sel = selectQuotes(quotes, { contractedCarriers: contracted, firstEligibleBefore2020: false });
    expect(sel.map((s) => s.plan)).toEqual(["G", "N", "HDG"]);
    const before = selectQuotes(quotes, {
      contractedCarriers: contracted,
      firstEligibleBefore2020: true,
      plans: ["F", "G", "N", "HDF", "HDG"],
    });
    expect(before.map((s) => [s.plan, s.quotes.length])).toEqual([
      ["F", 1],
      ["G", 3],
      ["N", 2],
      ["HDF", 1],
      ["HDG", 1],
    ]);
  });
});
