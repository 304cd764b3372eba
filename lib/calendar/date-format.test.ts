import { formatLongDate, formatShortDate } from "@/lib/calendar/date-format";

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
});
