import { readFileSync } from "node:fs";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";
import {
  attainedAgeCurve,
  clampRatingAge,
  COMMUNITY_AGE,
  householdCents,
  PLAN_G_AVERAGE_2018,
  premiumCents,
  ratingAge,
  ratingGender,
  type RateFactors,
} from "@/lib/quotes/pricing";

const curve = attainedAgeCurve();
const factors: RateFactors = {
  baseCents: 15000,
  areaFactor: 1.1,
  ageFactors: curve,
  femaleFactor: 0.92,
  tobaccoFactor: 1.15,
};

describe("attainedAgeCurve", () => {
  it.each([
    [{}],
    [{ steepness: 0.8 }],
    [{ steepness: 1.25, flatThrough: 68 }],
    [{ steepness: 1, flatThrough: 67, growthAfter85: 0.01 }],
  ])("is non-decreasing from 64 to 99 and 1 at 65 (%j)", (options) => {
    const c = attainedAgeCurve(options);
    expect(c.get(65)).toBe(1);
    for (let age = 65; age <= 99; age++) expect(c.get(age)!).toBeGreaterThanOrEqual(c.get(age - 1)!);
    expect(c.get(99)!).toBeGreaterThan(c.get(85)!);
  });

  it("follows the 2018 national Plan G curve (+62% from 65 to 85)", () => {
    expect(curve.get(85)).toBeCloseTo(184.22 / 113.52, 6);
    expect(curve.get(70)).toBeCloseTo(124.63 / 113.52, 6);
  });

  it("stays flat through flatThrough", () => {
    const c = attainedAgeCurve({ flatThrough: 68 });
    expect([65, 66, 67, 68].map((a) => c.get(a))).toEqual([1, 1, 1, 1]);
    expect(c.get(69)!).toBeGreaterThan(1);
  });

  it("embeds the 2018 reference data file", () => {
    const file = REFERENCE_FILES.ageCurve;
    const rows = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => l.split(","));
    for (const [age, , g] of rows) expect(PLAN_G_AVERAGE_2018[Number(age)]).toBe(Number(g));
  });
});

describe("premiumCents", () => {
  it("is base × area × age × gender × tobacco, rounded to cents", () => {
    expect(premiumCents(factors, "attained_age", { age: 65, gender: "M", tobacco: false })).toBe(16500);
    expect(premiumCents(factors, "attained_age", { age: 70, gender: "F", tobacco: true })).toBe(
      Math.round(15000 * 1.1 * curve.get(70)! * 0.92 * 1.15),
    );
  });

  it("rises with age for attained-age and issue-age filings (new business: same table)", () => {
    for (const method of ["attained_age", "issue_age"] as const) {
      for (let age = 66; age <= 99; age++) {
        expect(premiumCents(factors, method, { age, gender: "M", tobacco: false })).toBeGreaterThanOrEqual(
          premiumCents(factors, method, { age: age - 1, gender: "M", tobacco: false }),
        );
      }
    }
    expect(premiumCents(factors, "issue_age", { age: 72, gender: "F", tobacco: false })).toBe(
      premiumCents(factors, "attained_age", { age: 72, gender: "F", tobacco: false }),
    );
  });

  it("ignores age and sex for community rating", () => {
    const base = premiumCents(factors, "community", { age: COMMUNITY_AGE, gender: null, tobacco: false });
    expect(base).toBe(16500);
    for (const age of [0, 65, 80, 99])
      for (const gender of ["M", "F", null] as const)
        expect(premiumCents(factors, "community", { age, gender, tobacco: false })).toBe(base);
  });

  it("charges tobacco users at least the non-tobacco rate", () => {
    for (const method of ["attained_age", "community"] as const) {
      for (const age of [64, 65, 75, 99]) {
        for (const gender of ["M", "F"] as const) {
          expect(premiumCents(factors, method, { age, gender, tobacco: true })).toBeGreaterThanOrEqual(
            premiumCents(factors, method, { age, gender, tobacco: false }),
          );
        }
      }
    }
    expect(() =>
      premiumCents({ ...factors, tobaccoFactor: 0.9 }, "attained_age", { age: 65, gender: "M", tobacco: true }),
    ).toThrow();
  });

  it("charges women less with a female factor below 1", () => {
    expect(premiumCents(factors, "attained_age", { age: 65, gender: "F", tobacco: false })).toBeLessThan(
      premiumCents(factors, "attained_age", { age: 65, gender: "M", tobacco: false }),
    );
  });
});

describe("ages", () => {
  it.each([
    [50, 64],
    [64, 64],
    [65, 65],
    [99, 99],
    [104, 99],
    [72.9, 72],
  ])("clampRatingAge(%p) = %p", (age, expected) => expect(clampRatingAge(age)).toBe(expected));

  it("rates community filings at age 0, unisex", () => {
    expect(ratingAge("community", 80)).toBe(0);
    expect(ratingAge("attained_age", 101)).toBe(99);
    expect(ratingAge("issue_age", 63)).toBe(64);
    expect(ratingGender("community", "F")).toBeNull();
    expect(ratingGender("attained_age", "F")).toBe("F");
  });
});

describe("householdCents", () => {
  it.each([
    [10000, 700, 9300],
    [12686, 700, 11798], // 11797.98 → 11798
    [12345, 1230, 10827], // 10826.565 → 10827
    [15005, 500, 14255], // 14254.75 → 14255
    [101, 5000, 51], // 50.5 rounds half up
    [9999, 0, 9999],
    [9999, 10000, 0],
  ])("round(%p × (1 − %p bps)) = %p", (rate, bps, expected) => expect(householdCents(rate, bps)).toBe(expected));

  it("refuses impossible discounts", () => {
    expect(() => householdCents(100, -1)).toThrow();
    expect(() => householdCents(100, 10001)).toThrow();
    expect(() => householdCents(100, 7.5)).toThrow();
  });
});
