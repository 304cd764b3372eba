import {
  DashboardPeriodError,
  MAX_CUSTOM_RANGE_DAYS,
  PERIOD_ERRORS,
  nextAnniversary,
  normalizePeriodKey,
  periodDays,
  resolveDashboardPeriod,
  startOfDayInZone,
  upcomingWindow,
} from "@/lib/dashboard/period";

const CHICAGO = "America/Chicago";
const TOKYO = "Asia/Tokyo";

describe("resolveDashboardPeriod", () => {
  // 03:30 UTC on Nov 22 is still Nov 21 in Chicago (UTC-6) and already Nov 22 in Tokyo (UTC+9).
  const now = new Date("2026-11-22T03:30:00Z");

  it.each([
    ["today", "2026-11-21", "2026-11-21"],
    ["yesterday", "2026-11-20", "2026-11-20"],
    ["7days", "2026-11-15", "2026-11-21"],
    ["30days", "2026-10-23", "2026-11-21"],
    ["90days", "2026-08-24", "2026-11-21"],
    ["ytd", "2026-01-01", "2026-11-21"],
  ])("%s in Chicago covers %s … %s", (period, startDate, endDate) => {
    const resolved = resolveDashboardPeriod({ period, now, timeZone: CHICAGO });
    expect({ startDate: resolved.startDate, endDate: resolved.endDate }).toEqual({ startDate, endDate });
  });

  it("uses the organization's calendar day, not the server's or UTC's", () => {
    expect(resolveDashboardPeriod({ period: "today", now, timeZone: TOKYO }).startDate).toBe("2026-11-22");
    expect(resolveDashboardPeriod({ period: "today", now, timeZone: "UTC" }).startDate).toBe("2026-11-22");
    expect(resolveDashboardPeriod({ period: "today", now, timeZone: CHICAGO }).startDate).toBe("2026-11-21");
  });

  it("turns the days into a half-open instant range from local midnight to the next local midnight", () => {
    const today = resolveDashboardPeriod({ period: "today", now, timeZone: CHICAGO });
    expect(today.from.toISOString()).toBe("2026-11-21T06:00:00.000Z");
    expect(today.to.toISOString()).toBe("2026-11-22T06:00:00.000Z");
    const tokyo = resolveDashboardPeriod({ period: "yesterday", now, timeZone: TOKYO });
    expect(tokyo.from.toISOString()).toBe("2026-11-20T15:00:00.000Z");
    expect(tokyo.to.toISOString()).toBe("2026-11-21T15:00:00.000Z");
  });

  it("makes DST days 23 and 25 hours long", () => {
    const spring = resolveDashboardPeriod({
      period: "custom",
      startDate: "2026-03-08",
      endDate: "2026-03-08",
      now,
      timeZone: CHICAGO,
    });
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const fall = resolveDashboardPeriod({
      period: "custom",
      startDate: "2026-11-01",
      endDate: "2026-11-01",
      now,
      timeZone: CHICAGO,
    });
    expect(fall.to.getTime() - fall.from.getTime()).toBe(25 * 3_600_000);
  });

  it("year to date on Jan 1 is that single day; 7 days across a year boundary", () => {
    const newYear = new Date("2027-01-01T12:00:00Z");
    expect(resolveDashboardPeriod({ period: "ytd", now: newYear, timeZone: CHICAGO })).toMatchObject({
      startDate: "2027-01-01",
      endDate: "2027-01-01",
    });
    expect(resolveDashboardPeriod({ period: "7days", now: newYear, timeZone: CHICAGO })).toMatchObject({
      startDate: "2026-12-26",
      endDate: "2027-01-01",
    });
    // 05:00 UTC on Jan 1 is still Dec 31 in Chicago: year to date is the whole previous year.
    expect(
      resolveDashboardPeriod({ period: "ytd", now: new Date("2027-01-01T05:00:00Z"), timeZone: CHICAGO }),
    ).toMatchObject({ startDate: "2026-01-01", endDate: "2026-12-31" });
  });

  it("unknown or missing periods become the default, last 30 days", () => {
    expect(normalizePeriodKey("fortnight")).toBe("30days");
    expect(normalizePeriodKey(undefined)).toBe("30days");
    expect(resolveDashboardPeriod({ period: "bogus", now, timeZone: CHICAGO }).period).toBe("30days");
    expect(resolveDashboardPeriod({ period: null, now, timeZone: CHICAGO }).startDate).toBe("2026-10-23");
  });

  it("custom takes From and To inclusive", () => {
    const custom = resolveDashboardPeriod({
      period: "custom",
      startDate: "2026-02-27",
      endDate: "2026-03-02",
      now,
      timeZone: CHICAGO,
    });
    expect(periodDays(custom)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
  });

  it.each([
    [{ startDate: undefined, endDate: "2026-01-01" }, PERIOD_ERRORS.customNeedsDates],
    [{ startDate: "2026-02-30", endDate: "2026-03-01" }, PERIOD_ERRORS.invalidDate],
    [{ startDate: "2026-03-02", endDate: "2026-03-01" }, PERIOD_ERRORS.startAfterEnd],
    [{ startDate: "2024-01-01", endDate: "2026-01-01" }, PERIOD_ERRORS.tooLong],
  ])("rejects a bad custom range %j", (range, message) => {
    expect(() => resolveDashboardPeriod({ period: "custom", ...range, now, timeZone: CHICAGO })).toThrow(
      new DashboardPeriodError(message),
    );
  });

  it("accepts a custom range of exactly the maximum length", () => {
    const resolved = resolveDashboardPeriod({
      period: "custom",
      startDate: "2025-01-01",
      endDate: "2026-01-01",
      now,
      timeZone: CHICAGO,
    });
    expect(periodDays(resolved)).toHaveLength(MAX_CUSTOM_RANGE_DAYS);
  });
});

describe("startOfDayInZone", () => {
  it("is local midnight", () => {
    expect(startOfDayInZone("2026-07-04", CHICAGO).toISOString()).toBe("2026-07-04T05:00:00.000Z");
    expect(startOfDayInZone("2026-07-04", TOKYO).toISOString()).toBe("2026-07-03T15:00:00.000Z");
  });
});

describe("upcomingWindow", () => {
  it("upcoming is today … today+30 in the zone", () => {
    expect(upcomingWindow({ now: new Date("2026-11-22T03:30:00Z"), timeZone: CHICAGO })).toEqual({
      startDate: "2026-11-21",
      endDate: "2026-12-21",
    });
  });
});

describe("nextAnniversary", () => {
  it.each([
    ["2020-12-01", "2026-11-22", "2026-12-01"],
    ["2020-11-22", "2026-11-22", "2026-11-22"],
    ["2020-11-21", "2026-11-22", "2027-11-21"],
    ["2020-02-29", "2027-02-01", "2027-02-28"],
    ["2020-02-29", "2028-02-01", "2028-02-29"],
    ["2026-11-22", "2026-11-22", null],
    ["2026-12-01", "2026-11-22", null],
  ])("effective %s on %s renews %s", (effective, today, expected) => {
    expect(nextAnniversary(effective, today)).toBe(expected);
  });
});
