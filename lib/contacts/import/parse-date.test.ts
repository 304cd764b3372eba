import { DATE_MESSAGES, parseFlexibleDate, parseFlexibleDateDetailed } from "@/lib/contacts/import/parse-date";

describe("parseFlexibleDate", () => {
  it.each([
    ["2024-01-05", "2024-01-05"],
    ["2024/1/5", "2024-01-05"],
    ["2024.01.05", "2024-01-05"],
    ["01/05/2024", "2024-01-05"],
    ["1/5/2024", "2024-01-05"],
    ["01-05-2024", "2024-01-05"],
    ["1/5/24", "2024-01-05"],
    ["1/5/52", "1952-01-05"],
    ["12/31/29", "2029-12-31"],
    ["1/1/30", "1930-01-01"],
    ["05-Jan-2024", "2024-01-05"],
    ["5-jan-24", "2024-01-05"],
    ["5 January 2024", "2024-01-05"],
    ["Jan 5, 2024", "2024-01-05"],
    ["Sept 30 1955", "1955-09-30"],
    ["20240105", "2024-01-05"],
    ["45292", "2024-01-01"],
    ["45292.5", "2024-01-01"],
    ["19360", "1953-01-01"],
    ["73415", "2100-12-31"],
    ["73050", "2099-12-31"],
    ["1/5/2024 0:00", "2024-01-05"],
    ["2024-01-05T00:00:00", "2024-01-05"],
    ["1/5/2024 12:00 AM", "2024-01-05"],
    ["2/29/2024", "2024-02-29"],
    ["25/12/1950", "1950-12-25"],
    ["1800-01-01", "1800-01-01"],
    ["2100-12-31", "2100-12-31"],
  ])("%j → %s", (raw, date) => {
    expect(parseFlexibleDate(raw)).toBe(date);
  });

  it.each([
    ["", DATE_MESSAGES.invalid],
    ["abc", DATE_MESSAGES.invalid],
    ["2/29/2023", "February 29, 2023 does not exist (February 2023 has 28 days)"],
    ["1950-02-29", "February 29, 1950 does not exist (February 1950 has 28 days)"],
    ["04/31/1950", "April 31, 1950 does not exist (April 1950 has 30 days)"],
    ["13/13/2020", DATE_MESSAGES.invalid],
    ["1952", DATE_MESSAGES.invalid],
    ["9999", DATE_MESSAGES.invalid],
    ["99999", DATE_MESSAGES.invalid],
    ["73416", DATE_MESSAGES.invalid],
    ["09999", DATE_MESSAGES.invalid],
    ["1799-12-31", DATE_MESSAGES.yearRange],
    ["2101-01-01", DATE_MESSAGES.yearRange],
    ["2024-01-05T10:30:00", DATE_MESSAGES.dateTime],
    ["2024-01-05T00:00:00Z", DATE_MESSAGES.dateTime],
    ["1/5/2024 3:15 PM", DATE_MESSAGES.dateTime],
    ["32-Jan-2024", DATE_MESSAGES.invalid],
    ["5-Foo-2024", DATE_MESSAGES.invalid],
    ["=TODAY()", DATE_MESSAGES.invalid],
  ])("%j is refused: %s", (raw, error) => {
    expect(parseFlexibleDate(raw)).toBeNull();
    expect(parseFlexibleDateDetailed(raw)).toEqual({ ok: false, error });
  });
});
