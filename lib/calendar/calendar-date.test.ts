import { addDays, daysBetween, isoDate, parseIsoDate, todayInZone } from "@/lib/calendar/calendar-date";

describe("isoDate", () => {
  it("gives the UTC calendar day of a date", () => {
    expect(isoDate(new Date("1955-12-10T00:00:00Z"))).toBe("1955-12-10");
    expect(isoDate(new Date("2026-03-01T23:59:59.999Z"))).toBe("2026-03-01");
  });

  it("reads the day in UTC, not the server's zone", () => {
    // 20:00 on Feb 28 in New York is already Mar 1 in UTC.
    expect(isoDate(new Date("2026-02-28T20:00:00-05:00"))).toBe("2026-03-01");
  });

  it("keeps a missing date missing", () => {
    expect(isoDate(null)).toBeNull();
    expect(isoDate(undefined)).toBeNull();
  });
});

describe("todayInZone", () => {
  it.each([
    ["2026-03-01T04:00:00Z", "America/Chicago", "2026-02-28"], // 22:00 CST the day before
    ["2026-03-01T05:59:59Z", "America/Chicago", "2026-02-28"],
    ["2026-03-01T06:00:00Z", "America/Chicago", "2026-03-01"], // midnight CST
    ["2026-07-01T04:59:59Z", "America/Chicago", "2026-06-30"], // CDT (UTC−5)
    ["2026-07-01T05:00:00Z", "America/Chicago", "2026-07-01"],
    ["2026-03-01T04:00:00Z", "UTC", "2026-03-01"],
    ["2026-02-28T23:30:00Z", "Asia/Tokyo", "2026-03-01"],
  ])("%s in %s is %s", (iso, zone, expected) => {
    expect(todayInZone(new Date(iso), zone)).toBe(expected);
  });
});

describe("calendar helpers", () => {
  it("parses only real dates and counts days across month ends", () => {
    expect(parseIsoDate("2026-02-29")).toBeNull();
    expect(parseIsoDate("2028-02-29")?.toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addDays("2026-02-28", 30)).toBe("2026-03-30");
    expect(daysBetween("2026-02-28", "2026-03-01")).toBe(1);
    expect(daysBetween("2026-03-08", "2026-03-09")).toBe(1); // DST change does not matter for calendar dates
  });
});
