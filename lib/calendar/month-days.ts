/**
 * Month lengths of the proleptic Gregorian calendar, with no dependency: the CSV import's date check runs in the
 * browser, the reschedule's calendar arithmetic millions of times a run.
 */

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1–12) of `year`: 28 or 29 for February. */
export function daysInMonth(year: number, month: number): number {
  const days = MONTH_DAYS[month - 1];
  if (days === undefined || !Number.isInteger(month)) throw new RangeError(`Not a month: ${month}`);
  return month === 2 && isLeapYear(year) ? 29 : days;
}
