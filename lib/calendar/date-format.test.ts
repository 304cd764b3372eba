import { formatLongDate, formatMonthYear, formatShortDate } from "@/lib/calendar/date-format";

describe("date display", () => {
  it("shows MMM dd, yyyy without shifting the day (agency-side.md §9)", () => {
    expect(formatShortDate("2026-12-05")).toBe("Dec 05, 2026");
    expect(formatShortDate("2026-01-31")).toBe("Jan 31, 2026");
    expect(formatShortDate("not a date")).toBe("not a date");
  });

  it("spells the long form for sentences", () => {
    expect(formatLongDate("2026-06-01")).toBe("June 1, 2026");
    expect(formatLongDate("2026-12-31")).toBe("December 31, 2026");
  });

  it("spells a month and year, on the first and the last day alike", () => {
    expect(formatMonthYear("2025-01-01")).toBe("January 2025");
    expect(formatMonthYear("2026-07-31")).toBe("July 2026");
  });
});
