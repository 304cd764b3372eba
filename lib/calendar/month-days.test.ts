import { daysInMonth, isLeapYear } from "@/lib/calendar/month-days";

describe("month lengths", () => {
  it("agree with Date.UTC for every month from 1900 to 2200", () => {
    for (let year = 1900; year <= 2200; year++) {
      expect([year, isLeapYear(year)]).toEqual([year, new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1]);
      for (let month = 1; month <= 12; month++)
        if (daysInMonth(year, month) !== new Date(Date.UTC(year, month, 0)).getUTCDate())
          throw new Error(`daysInMonth(${year}, ${month}) = ${daysInMonth(year, month)}`);
    }
  });

  it("refuses what is not a month", () => {
    for (const month of [0, 13, 1.5, Number.NaN]) expect(() => daysInMonth(2026, month)).toThrow(RangeError);
  });
});
