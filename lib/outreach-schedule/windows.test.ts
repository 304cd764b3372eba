import { addMonthsDay, catchUpDay, dayNumber, isoDate, localDate, stableHash } from "@/lib/outreach-schedule/calendar";
import type { PlanStateRule } from "@/lib/outreach-schedule/types";
import { exclusionAt, exclusionWindows, statutoryWindowContaining } from "@/lib/outreach-schedule/windows";

const rule = (overrides: Partial<PlanStateRule>): PlanStateRule => ({
  state: "CA",
  ruleType: "birthday",
  anchor: "birthday",
  windowStartDaysBefore: 30,
  windowLengthDays: 90,
  ageMin: null,
  ageMax: null,
  ...overrides,
});

const window = (
  r: PlanStateRule,
  source: { birthDate?: string | null; effectiveDate?: string | null },
  from: string,
  to: string,
  bufferDays = 60,
) =>
  exclusionWindows({
    rule: r,
    birthDate: source.birthDate ?? null,
    effectiveDate: source.effectiveDate ?? null,
    bufferDays,
    fromDay: dayNumber(from),
    toDay: dayNumber(to),
  }).map((w) => ({
    opens: Number.isFinite(w.opens) ? isoDate(w.opens) : w.opens,
    closes: Number.isFinite(w.closes) ? isoDate(w.closes) : w.closes,
    reason: w.reason,
  }));

describe("exclusion windows (statutory window + 60-day buffer)", () => {
  test.each([
    // name, rule, anchor source, expected [opens, closes] in 2026
    [
      "CA: 30 days before the birthday, 90 days long",
      rule({}),
      { birthDate: "1955-07-01" },
      ["2026-04-02", "2026-08-29"],
    ],
    [
      "KY: from the birthday, 60 days",
      rule({ state: "KY", windowStartDaysBefore: 0, windowLengthDays: 60 }),
      { birthDate: "1955-07-01" },
      ["2026-05-02", "2026-08-29"],
    ],
    [
      "NV: from the first of the birth month",
      rule({ state: "NV", anchor: "birth_month_start", windowStartDaysBefore: 0, windowLengthDays: 60 }),
      { birthDate: "1955-07-20" },
      ["2026-05-02", "2026-08-29"],
    ],
    [
      "Feb 29 birthday anchors on Feb 28 in a common year",
      rule({ state: "KY", windowStartDaysBefore: 0, windowLengthDays: 60 }),
      { birthDate: "1956-02-29" },
      ["2025-12-30", "2026-04-28"],
    ],
    [
      "MO: 30 days before the policy anniversary, 63 days",
      rule({ state: "MO", ruleType: "anniversary", anchor: "policy_anniversary", windowLengthDays: 63 }),
      { effectiveDate: "2021-09-01" },
      ["2026-06-03", "2026-10-03"],
    ],
  ])("%s", (_name, r, source, [opens, closes]) => {
    expect(window(r, source, "2026-01-01", "2026-12-31")).toContainEqual({
      opens,
      closes,
      reason: expect.stringContaining(r.state),
    });
  });

  test("a Feb 29 birthday anchors on Feb 29 in a leap year", () => {
    const r = rule({ state: "KY", windowStartDaysBefore: 0, windowLengthDays: 60 });
    expect(window(r, { birthDate: "1956-02-29" }, "2028-01-01", "2028-12-31").map((w) => w.closes)).toContain(
      "2028-04-28",
    );
    expect(statutoryWindowContaining(r, "1956-02-29", "2028-02-29")).toEqual({
      opens: "2028-02-29",
      closes: "2028-04-28",
    });
    expect(statutoryWindowContaining(r, "1956-02-29", "2028-02-28")).toBeNull();
  });

  test("a window that straddles New Year is found from either side", () => {
    const r = rule({});
    const windows = exclusionWindows({
      rule: r,
      birthDate: "1955-01-10",
      effectiveDate: null,
      bufferDays: 60,
      fromDay: dayNumber("2026-10-01"),
      toDay: dayNumber("2027-06-01"),
    });
    for (const [day, inside] of [
      ["2026-10-11", false],
      ["2026-10-12", true],
      ["2026-12-31", true],
      ["2027-01-01", true],
      ["2027-03-10", true],
      ["2027-03-11", false],
    ] as const) {
      expect([day, exclusionAt(windows, dayNumber(day)) !== null]).toEqual([day, inside]);
    }
  });

  test("the buffer is per call (a state override of 0 leaves the statutory window)", () => {
    expect(window(rule({}), { birthDate: "1955-07-01" }, "2026-01-01", "2026-12-31", 0)[0]).toMatchObject({
      opens: "2026-06-01",
      closes: "2026-08-29",
    });
  });

  test("year-round states and unknown anchors exclude every day", () => {
    expect(
      window(
        rule({ state: "NY", ruleType: "year_round", anchor: "none", windowLengthDays: 0 }),
        {},
        "2026-01-01",
        "2026-12-31",
      ),
    ).toEqual([{ opens: -Infinity, closes: Infinity, reason: "Year-round exclusion for NY" }]);
    expect(window(rule({}), { birthDate: null }, "2026-01-01", "2026-12-31")[0]!.reason).toBe(
      "Birthday exclusion window for CA (birth date unknown)",
    );
    expect(
      window(
        rule({ state: "MO", ruleType: "anniversary", anchor: "policy_anniversary" }),
        {},
        "2026-01-01",
        "2026-12-31",
      )[0]!.reason,
    ).toBe("Effective date exclusion window for MO (effective date unknown)");
  });

  test("age limits: IL's window is for the birthdays from 65 to 75", () => {
    const il = rule({ state: "IL", windowStartDaysBefore: 0, windowLengthDays: 45, ageMin: 65, ageMax: 75 });
    expect(
      window(il, { birthDate: "1951-07-01" }, "2026-01-01", "2026-12-31").some((w) =>
        w.closes.toString().startsWith("2026"),
      ),
    ).toBe(true); // turns 75
    expect(
      window(il, { birthDate: "1950-07-01" }, "2026-01-01", "2026-12-31").some((w) =>
        w.closes.toString().startsWith("2026"),
      ),
    ).toBe(false); // turns 76
  });

  test("a policy's own start is not an anniversary", () => {
    const mo = rule({ state: "MO", ruleType: "anniversary", anchor: "policy_anniversary", windowLengthDays: 63 });
    expect(window(mo, { effectiveDate: "2026-09-01" }, "2026-01-01", "2026-12-31")).toEqual([]);
  });
});

describe("calendar", () => {
  test("addMonthsDay clamps to the month's end", () => {
    expect(isoDate(addMonthsDay("2025-03-31", 11))).toBe("2026-02-28");
    expect(isoDate(addMonthsDay("2027-03-31", 11))).toBe("2028-02-29");
    expect(isoDate(addMonthsDay("2025-12-15", 23))).toBe("2027-11-15");
  });

  test("localDate is the calendar date in the organization's zone", () => {
    expect(localDate(new Date("2026-03-01T04:00:00Z"), "America/Chicago")).toBe("2026-02-28");
    expect(localDate(new Date("2026-03-01T04:00:00Z"), "")).toBe("2026-02-28");
    expect(localDate(new Date("2026-03-01T04:00:00Z"), "UTC")).toBe("2026-03-01");
  });

  test("catchUpDay is a fixed slot in the next 7 days: re-planning tomorrow keeps it", () => {
    const today = dayNumber("2026-05-10");
    for (const key of ["a", "b", "c", "d", "e", "f", "g", "h"]) {
      const day = catchUpDay(key, today);
      expect(day - today).toBeGreaterThanOrEqual(0);
      expect(day - today).toBeLessThan(7);
      if (day > today) expect(catchUpDay(key, today + 1)).toBe(day);
      expect((((day - stableHash(key)) % 7) + 7) % 7).toBe(0);
    }
  });
});
