import { addMonthsDay, anniversaryDay, dayNumber, dayOf, isoDate, yearOfDay } from "@/lib/outreach-schedule/calendar";

/** What the integer arithmetic stands in for: the same days, asked of Date. */
const DAY_MS = 86_400_000;
const utcDay = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY_MS;
const utcIso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

// Every day from 1900 to 2200: leap years, century years (1900, 2100 not leap; 2000 leap), every month's end.
const FIRST = utcDay(1900, 1, 1);
const LAST = utcDay(2200, 12, 31);

describe("outreach calendar arithmetic agrees with Date.UTC", () => {
  it("dayNumber reads every date of three centuries as Date.UTC does, and isoDate writes it back", () => {
    for (let day = FIRST; day <= LAST; day++) {
      const text = utcIso(day);
      if (dayNumber(text) !== day) throw new Error(`dayNumber(${text}) = ${dayNumber(text)}, not ${day}`);
      if (isoDate(day) !== text) throw new Error(`isoDate(${day}) = ${isoDate(day)}, not ${text}`);
    }
  });

  it("yearOfDay gives each day's UTC year, the last and first day of every year included", () => {
    for (let day = FIRST - 1; day <= LAST + 1; day++) {
      const year = new Date(day * DAY_MS).getUTCFullYear();
      if (yearOfDay(day) !== year) throw new Error(`yearOfDay(${day}) = ${yearOfDay(day)}, not ${year}`);
    }
  });

  it("dayOf carries months and days beyond their ends as Date.UTC does", () => {
    for (let year = 1999; year <= 2101; year++)
      for (let month = -13; month <= 26; month++)
        for (const day of [-31, -1, 0, 1, 15, 28, 29, 30, 31, 32, 60, 400])
          expect([year, month, day, dayOf(year, month, day)]).toEqual([year, month, day, utcDay(year, month, day)]);
  });

  it("reads a longer ISO string by its date part, and anything else as Date.UTC reads its numbers", () => {
    expect(dayNumber("2026-11-22T15:00:00.000Z")).toBe(utcDay(2026, 11, 22));
    expect(dayNumber("2026-02-30")).toBe(utcDay(2026, 3, 2));
    expect(dayNumber("20x6-01-01")).toBeNaN();
    for (const text of ["", "2026-1-5", " 2026-01-05", "0099-12-31"])
      expect([text, dayNumber(text)]).toEqual([
        text,
        utcDay(Number(text.slice(0, 4)), Number(text.slice(5, 7)), Number(text.slice(8, 10))),
      ]);
    expect(dayOf(2026, 1.5, 1)).toBe(utcDay(2026, 1.5, 1));
    expect(dayOf(99, 12, 31)).toBe(utcDay(99, 12, 31));
    expect(yearOfDay(Number.NaN)).toBeNaN();
    expect(yearOfDay(0.5)).toBe(1970);
  });

  it("addMonthsDay and anniversaryDay keep their clamping: Mar 31 + 11 months, Feb 29 in a common year", () => {
    expect(isoDate(addMonthsDay("2026-03-31", 11))).toBe("2027-02-28");
    expect(isoDate(addMonthsDay("2027-03-31", 11))).toBe("2028-02-29");
    expect(isoDate(addMonthsDay("2026-01-31", -2))).toBe("2025-11-30");
    expect(isoDate(addMonthsDay("2026-12-15", 1))).toBe("2027-01-15");
    expect(isoDate(anniversaryDay(2027, 2, 29))).toBe("2027-02-28");
    expect(isoDate(anniversaryDay(2028, 2, 29))).toBe("2028-02-29");
    for (let months = -30; months <= 30; months++)
      for (const date of ["2024-01-31", "2024-02-29", "2025-08-31", "2026-11-30"]) {
        const [y, m, d] = date.split("-").map(Number) as [number, number, number];
        const target = new Date(Date.UTC(y, m - 1 + months, 1));
        const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
        expect([date, months, addMonthsDay(date, months)]).toEqual([
          date,
          months,
          utcDay(target.getUTCFullYear(), target.getUTCMonth() + 1, Math.min(d, last)),
        ]);
      }
  });
});
