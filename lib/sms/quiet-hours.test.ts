import {
  nextSmsWindow,
  nextSmsWindowInZones,
  smsAllowedAt,
  smsAllowedInZones,
  smsTimeZonesOfState,
  STATE_TIME_ZONES,
} from "@/lib/sms/quiet-hours";
import { US_STATES } from "@/lib/reference/us-states";

const at = (iso: string) => new Date(iso);

describe("smsAllowedAt: 8:00 ≤ local time < 21:00", () => {
  test.each([
    // [instant (UTC), zone, allowed, local time]
    ["2026-06-15T11:59:59.999Z", "America/New_York", false, "07:59:59.999 EDT"],
    ["2026-06-15T12:00:00.000Z", "America/New_York", true, "08:00 EDT"],
    ["2026-06-16T00:59:00.000Z", "America/New_York", true, "20:59 EDT"],
    ["2026-06-16T00:59:59.999Z", "America/New_York", true, "20:59:59.999 EDT"],
    ["2026-06-16T01:00:00.000Z", "America/New_York", false, "21:00 EDT"],
    ["2026-06-16T03:30:00.000Z", "America/New_York", false, "23:30 EDT"],
    ["2026-01-15T13:00:00.000Z", "America/New_York", true, "08:00 EST"],
    ["2026-01-15T12:59:00.000Z", "America/New_York", false, "07:59 EST"],
    ["2026-01-16T01:59:00.000Z", "America/New_York", true, "20:59 EST"],
    ["2026-01-16T02:00:00.000Z", "America/New_York", false, "21:00 EST"],
    // Phoenix keeps MST all year: 8:00 is 15:00 UTC in summer and winter.
    ["2026-06-15T15:00:00.000Z", "America/Phoenix", true, "08:00 MST"],
    ["2026-06-15T14:59:00.000Z", "America/Phoenix", false, "07:59 MST"],
    ["2026-06-16T04:00:00.000Z", "America/Phoenix", false, "21:00 MST"],
    ["2026-06-15T18:00:00.000Z", "Pacific/Honolulu", true, "08:00 HST"],
    ["2026-06-16T06:59:00.000Z", "Pacific/Honolulu", true, "20:59 HST"],
    ["2026-06-16T07:00:00.000Z", "Pacific/Honolulu", false, "21:00 HST"],
  ])("%s in %s → %s (%s)", (instant, zone, allowed) => {
    expect(smsAllowedAt(at(instant), zone)).toBe(allowed);
  });
});

describe("nextSmsWindow: the instant itself, 8:00 the same day, or 8:00 the next day", () => {
  test.each([
    // [instant, zone, next, why]
    ["2026-06-15T14:00:00.000Z", "America/Chicago", "2026-06-15T14:00:00.000Z", "09:00 CDT: now"],
    ["2026-06-15T10:00:00.000Z", "America/Chicago", "2026-06-15T13:00:00.000Z", "05:00 CDT: 8:00 today"],
    ["2026-06-15T05:00:00.000Z", "America/Chicago", "2026-06-15T13:00:00.000Z", "00:00 CDT: 8:00 today"],
    ["2026-06-16T01:59:59.999Z", "America/Chicago", "2026-06-16T01:59:59.999Z", "20:59:59.999 CDT: now"],
    ["2026-06-16T02:00:00.000Z", "America/Chicago", "2026-06-16T13:00:00.000Z", "21:00 CDT: 8:00 tomorrow"],
    ["2026-06-16T04:59:00.000Z", "America/Chicago", "2026-06-16T13:00:00.000Z", "23:59 CDT: 8:00 tomorrow"],
    // Month and year ends.
    ["2026-07-01T03:00:00.000Z", "America/Chicago", "2026-07-01T13:00:00.000Z", "June 30, 22:00: July 1"],
    ["2027-01-01T04:30:00.000Z", "America/Chicago", "2027-01-01T14:00:00.000Z", "Dec 31, 22:30 CST: Jan 1"],
    // Spring forward (2026-03-08, 2:00 → 3:00 in the US): the night is an hour shorter.
    ["2026-03-08T06:30:00.000Z", "America/New_York", "2026-03-08T12:00:00.000Z", "01:30 EST → 08:00 EDT"],
    ["2026-03-08T02:00:00.000Z", "America/New_York", "2026-03-08T12:00:00.000Z", "Mar 7 21:00 EST → 08:00 EDT"],
    ["2026-03-08T07:30:00.000Z", "America/New_York", "2026-03-08T12:00:00.000Z", "03:30 EDT → 08:00 EDT"],
    // Fall back (2026-11-01, 2:00 → 1:00): 1:30 happens twice; either way 8:00 EST.
    ["2026-11-01T05:30:00.000Z", "America/New_York", "2026-11-01T13:00:00.000Z", "01:30 EDT → 08:00 EST"],
    ["2026-11-01T06:30:00.000Z", "America/New_York", "2026-11-01T13:00:00.000Z", "01:30 EST → 08:00 EST"],
    ["2026-11-01T01:00:00.000Z", "America/New_York", "2026-11-01T13:00:00.000Z", "Oct 31 21:00 EDT → 08:00 EST"],
    // Phoenix: no DST, the US change day is an ordinary day.
    ["2026-03-08T06:30:00.000Z", "America/Phoenix", "2026-03-08T15:00:00.000Z", "Mar 7 23:30 MST → 08:00 MST"],
    // Chatham is 12:45 ahead of UTC in its winter: 8:00 local is still 8:00 on its wall clock.
    ["2026-04-05T14:00:00.000Z", "Pacific/Chatham", "2026-04-05T19:15:00.000Z", "02:45 CHAST → 08:00 CHAST"],
  ])("%s in %s → %s (%s)", (instant, zone, next) => {
    const result = nextSmsWindow(at(instant), zone);
    expect(result.toISOString()).toBe(next);
    expect(smsAllowedAt(result, zone)).toBe(true);
  });

  it("answers the earliest allowed instant: a minute before it is never allowed (every 11 minutes of a DST week)", () => {
    for (const zone of ["America/New_York", "America/Denver", "America/Anchorage", "America/Phoenix"]) {
      for (let t = Date.parse("2026-03-05T00:00:00Z"); t < Date.parse("2026-03-12T00:00:00Z"); t += 11 * 60_000) {
        const next = nextSmsWindow(new Date(t), zone);
        expect(smsAllowedAt(next, zone)).toBe(true);
        expect(next.getTime()).toBeGreaterThanOrEqual(t);
        if (next.getTime() > t) {
          expect(smsAllowedAt(new Date(next.getTime() - 60_000), zone)).toBe(false);
          expect(next.getTime() - t).toBeLessThanOrEqual(12 * 3_600_000);
        }
      }
    }
  });
});

describe("a contact's zones", () => {
  it("has a zone for every state and DC; a split state has all of its zones", () => {
    for (const { code } of US_STATES) expect(STATE_TIME_ZONES[code]?.length).toBeGreaterThan(0);
    expect(smsTimeZonesOfState("TN", "America/Chicago")).toEqual(["America/New_York", "America/Chicago"]);
    expect(smsTimeZonesOfState(" ca ", "America/Chicago")).toEqual(["America/Los_Angeles"]);
  });

  it("falls back on the organization's zone without a known state", () => {
    expect(smsTimeZonesOfState(null, "America/Denver")).toEqual(["America/Denver"]);
    expect(smsTimeZonesOfState("ZZ", "America/Denver")).toEqual(["America/Denver"]);
  });

  it("every zone in the table is a zone the runtime knows", () => {
    for (const zone of new Set(Object.values(STATE_TIME_ZONES).flat()))
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: zone })).not.toThrow();
  });

  test.each([
    // Tennessee (Eastern and Central): 8:00 Eastern is 7:00 Central, so the window is 8:00 Central to 21:00 Eastern.
    ["2026-06-15T12:30:00.000Z", false, "2026-06-15T13:00:00.000Z", "08:30 EDT / 07:30 CDT"],
    ["2026-06-15T13:00:00.000Z", true, "2026-06-15T13:00:00.000Z", "09:00 EDT / 08:00 CDT"],
    ["2026-06-16T00:59:00.000Z", true, "2026-06-16T00:59:00.000Z", "20:59 EDT / 19:59 CDT"],
    ["2026-06-16T01:00:00.000Z", false, "2026-06-16T13:00:00.000Z", "21:00 EDT / 20:00 CDT"],
  ])("Tennessee at %s: allowed %s, next %s (%s)", (instant, allowed, next) => {
    const zones = smsTimeZonesOfState("TN", "America/Chicago");
    expect(smsAllowedInZones(at(instant), zones)).toBe(allowed);
    expect(nextSmsWindowInZones(at(instant), zones).toISOString()).toBe(next);
  });
});
