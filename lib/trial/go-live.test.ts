import { GO_LIVE_MESSAGES, goLiveDateBounds, trialStatus, validateGoLiveDate } from "@/lib/trial/go-live";
import { todayInZone } from "@/lib/calendar/calendar-date";

const TODAY = "2026-02-28";

describe("validateGoLiveDate (today = 2026-02-28)", () => {
  it.each<[unknown, string | null]>([
    ["2026-02-28", null], // today
    ["2026-03-01", null], // tomorrow
    ["2026-03-30", null], // today + 30 (inclusive)
    ["2026-03-31", GO_LIVE_MESSAGES.tooFar], // today + 31
    ["2027-02-28", GO_LIVE_MESSAGES.tooFar],
    ["2026-02-27", GO_LIVE_MESSAGES.past], // yesterday
    ["2025-12-31", GO_LIVE_MESSAGES.past],
    ["", GO_LIVE_MESSAGES.required],
    ["   ", GO_LIVE_MESSAGES.required],
    [null, GO_LIVE_MESSAGES.required],
    [undefined, GO_LIVE_MESSAGES.required],
    ["2026-02-30", GO_LIVE_MESSAGES.invalid], // not a calendar date
    ["2026-13-01", GO_LIVE_MESSAGES.invalid],
    ["2026-3-1", GO_LIVE_MESSAGES.invalid],
    ["03/01/2026", GO_LIVE_MESSAGES.invalid],
    ["tomorrow", GO_LIVE_MESSAGES.invalid],
    ["2026-03-01T00:00:00Z", GO_LIVE_MESSAGES.invalid],
    [20260301, GO_LIVE_MESSAGES.invalid],
  ])("%p → %p", (value, expected) => {
    expect(validateGoLiveDate({ value, today: TODAY })).toBe(expected);
  });

  it("has the spec's messages", () => {
    expect(GO_LIVE_MESSAGES).toMatchObject({
      required: "Please select a date",
      invalid: "Please select a valid date",
      past: "Cannot select a date in the past",
      tooFar: "Cannot select a date more than 30 days in the future",
    });
  });

  it("crosses a leap day and a year end", () => {
    expect(validateGoLiveDate({ value: "2028-03-30", today: "2028-02-29" })).toBeNull();
    expect(validateGoLiveDate({ value: "2028-03-31", today: "2028-02-29" })).toBe(GO_LIVE_MESSAGES.tooFar);
    expect(validateGoLiveDate({ value: "2027-01-30", today: "2026-12-31" })).toBeNull();
    expect(validateGoLiveDate({ value: "2027-01-31", today: "2026-12-31" })).toBe(GO_LIVE_MESSAGES.tooFar);
  });
});

describe("go-live window in the organization's zone", () => {
  it("decides the go-live window in the organization's zone, not UTC", () => {
    const today = todayInZone(new Date("2026-03-01T04:00:00Z"), "America/Chicago");
    expect(validateGoLiveDate({ value: "2026-02-28", today })).toBeNull();
    expect(validateGoLiveDate({ value: "2026-03-31", today })).toBe(GO_LIVE_MESSAGES.tooFar);
    expect(goLiveDateBounds(today)).toEqual({ min: "2026-02-28", max: "2026-03-30" });
  });
});

describe("trialStatus", () => {
  it.each<[boolean, Date | string | null, ReturnType<typeof trialStatus>]>([
    [false, null, { kind: "live" }],
    [false, "2026-03-10", { kind: "live" }],
    [true, null, { kind: "no_date" }],
    [true, "2026-03-10", { kind: "counting", daysRemaining: 10, goLiveDate: "2026-03-10" }],
    [true, "2026-03-01", { kind: "counting", daysRemaining: 1, goLiveDate: "2026-03-01" }],
    [true, "2026-03-30", { kind: "counting", daysRemaining: 30, goLiveDate: "2026-03-30" }],
    [true, "2026-02-28", { kind: "ready", goLiveDate: "2026-02-28" }], // the day itself
    [true, "2026-02-01", { kind: "ready", goLiveDate: "2026-02-01" }], // passed
    [true, new Date("2026-03-05T00:00:00Z"), { kind: "counting", daysRemaining: 5, goLiveDate: "2026-03-05" }], // a @db.Date value
  ])("demoMode %p, goLiveDate %p", (demoMode, goLiveDate, expected) => {
    expect(trialStatus({ demoMode, goLiveDate, today: TODAY })).toEqual(expected);
  });
});
