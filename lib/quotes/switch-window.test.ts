import { readFileSync } from "node:fs";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";
import {
  plansInWindow,
  standardPlanOf,
  switchWindowFor,
  type SwitchRule,
  type SwitchWindowInput,
} from "@/lib/quotes/switch-window";

type JsonRule = {
  state: string;
  rule: string;
  anchor: string;
  days_before: number;
  total_days: number;
  carrier: string;
  plan: string;
  age_min?: number;
  age_max?: number;
};
const json = JSON.parse(readFileSync(REFERENCE_FILES.stateSwitchRules, "utf8")) as { states: JsonRule[] };

/** The rules exactly as the seed stores them (lib/demo/seed-demo-agency.ts). */
const RULES: Record<string, SwitchRule> = Object.fromEntries(
  json.states.map((r) => [
    r.state,
    {
      state: r.state,
      ruleType: r.rule === "continuous" ? "year_round" : (r.rule as SwitchRule["ruleType"]),
      anchor: r.anchor as SwitchRule["anchor"],
      windowStartDaysBefore: r.days_before,
      windowLengthDays: r.total_days,
      constraints: { carrier: r.carrier, plan: r.plan },
      ageMin: r.age_min ?? null,
      ageMax: r.age_max ?? null,
    },
  ]),
);

const input = (state: string, overrides: Partial<SwitchWindowInput>): SwitchWindowInput => ({
  rule: RULES[state] ?? null,
  birthDate: "1955-07-01",
  policyEffectiveDate: null,
  currentPlan: "Plan G",
  today: "2026-07-10",
  age: 71,
  ...overrides,
});

describe("switchWindowFor", () => {
  test.each([
    // state, birthDate, today, in window?
    ["CA", "1955-07-01", "2026-06-01", true], // 30 days before the birthday: first day
    ["CA", "1955-07-01", "2026-05-31", false],
    ["CA", "1955-07-01", "2026-08-29", true], // 90-day window: last day
    ["CA", "1955-07-01", "2026-08-30", false],
    ["KY", "1955-07-01", "2026-07-01", true],
    ["KY", "1955-07-01", "2026-08-29", true], // day 60
    ["KY", "1955-07-01", "2026-08-30", false],
    ["OR", "1955-07-01", "2026-07-31", true], // day 31
    ["OR", "1955-07-01", "2026-08-01", false],
    ["NV", "1955-07-20", "2026-07-01", true], // NV anchors on the first of the birth month
    ["NV", "1955-07-20", "2026-06-30", false],
    ["NV", "1955-07-20", "2026-08-29", true],
    ["TX", "1955-07-01", "2026-07-01", false], // no rule
  ])("%s born %s on %s → in window %s", (state, birthDate, today, expected) => {
    expect(switchWindowFor(input(state, { birthDate, today })) !== null).toBe(expected);
  });

  test("a window that straddles New Year is found from either side", () => {
    // CA, birthday Jan 10: opens Dec 11 of the year before.
    expect(switchWindowFor(input("CA", { birthDate: "1955-01-10", today: "2026-12-15" }))?.opens).toBe("2026-12-11");
    expect(switchWindowFor(input("CA", { birthDate: "1955-01-10", today: "2027-01-05" }))?.closes).toBe("2027-03-10");
  });

  test("a Feb 29 birthday anchors on Feb 28 in a common year", () => {
    const window = switchWindowFor(input("KY", { birthDate: "1956-02-29", today: "2027-02-28" }));
    expect(window?.opens).toBe("2027-02-28");
    expect(switchWindowFor(input("KY", { birthDate: "1956-02-29", today: "2027-02-27" }))).toBeNull();
  });

  test("MO anchors on the policy anniversary, 30 days before, 63 days long", () => {
    const base = { birthDate: "1955-01-01", policyEffectiveDate: "2021-09-01" };
    expect(switchWindowFor(input("MO", { ...base, today: "2026-08-02" }))?.kind).toBe("anniversary");
    expect(switchWindowFor(input("MO", { ...base, today: "2026-08-01" }))).toBeNull();
    expect(switchWindowFor(input("MO", { ...base, today: "2026-10-03" }))).not.toBeNull();
    expect(switchWindowFor(input("MO", { ...base, today: "2026-10-04" }))).toBeNull();
    expect(switchWindowFor(input("MO", { ...base, policyEffectiveDate: null, today: "2026-09-01" }))).toBeNull();
  });

  test("KY and MO allow only the same plan letter (a sideways switch to another insurer), and say why", () => {
    const window = switchWindowFor(input("KY", { currentPlan: "Plan N" }))!;
    expect(window.allowedPlans).toEqual(["N"]);
    expect(window.message).toMatch(
      /KY law lets you switch to another Plan N from any insurance company without answering health questions/,
    );
  });

  test("equal-or-lesser states allow the current plan and plans with fewer benefits", () => {
    expect(switchWindowFor(input("CA", { currentPlan: "Plan G" }))!.allowedPlans).toEqual(["G", "N", "HDG"]);
    expect(switchWindowFor(input("CA", { currentPlan: "F" }))!.allowedPlans).toEqual(["F", "G", "N", "HDF", "HDG"]);
    expect(switchWindowFor(input("CA", { currentPlan: "Other" }))!.allowedPlans).toBeNull();
  });

  test("IL's window is for ages 65 to 75 and only with the current insurer", () => {
    expect(switchWindowFor(input("IL", { age: 76 }))).toBeNull();
    expect(switchWindowFor(input("IL", { age: 75 }))!.message).toMatch(/with your current insurance company/);
  });

  test("year-round states are always open, for any plan", () => {
    const window = switchWindowFor(input("NY", { today: "2026-03-03" }))!;
    expect(window.kind).toBe("year_round");
    expect(window.allowedPlans).toBeNull();
    expect(window.message).toMatch(/any time of year/);
  });

  test("every state of the data file yields a window on some day of a year", () => {
    for (const state of Object.keys(RULES)) {
      let found = false;
      for (let day = 0; day < 400 && !found; day++) {
        const today = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
        found = switchWindowFor(input(state, { today, policyEffectiveDate: "2020-05-01", age: 70 })) !== null;
      }
      expect([state, found]).toEqual([state, true]);
    }
  });
});

describe("plansInWindow", () => {
  test("keeps the allowed standard plans and any state plans", () => {
    const window = switchWindowFor(input("KY", { currentPlan: "G" }));
    expect(plansInWindow(["G", "N", "HDG"], window)).toEqual(["G"]);
    expect(plansInWindow(["G", "N"], null)).toEqual(["G", "N"]);
  });

  test("never leaves the page empty: when nothing offered is allowed, everything shows", () => {
    const window = switchWindowFor(input("KY", { currentPlan: "F" }));
    expect(plansInWindow(["G", "N"], window)).toEqual(["G", "N"]);
  });
});

test("standardPlanOf reads the stored plan spellings", () => {
  expect(["Plan G", "g", "High Deductible Plan G", "HDF", "Plan K", null].map(standardPlanOf)).toEqual([
    "G",
    "G",
    "HDG",
    "HDF",
    null,
    null,
  ]);
});
