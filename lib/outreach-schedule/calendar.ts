import { isoDate as isoDateOf, todayInZone, type IsoDate } from "@/lib/calendar/calendar-date";
import { daysInMonth, isLeapYear } from "@/lib/calendar/month-days";

export type { IsoDate };
export { isLeapYear };

/**
 * Calendar arithmetic for the outreach rules. Inside lib/outreach-schedule a date is a day number (days since
 * 1970-01-01), so that a year of dates for thousands of contacts is integer arithmetic; the public
 * functions speak "YYYY-MM-DD".
 */

const DAY_MS = 86_400_000;

export const DEFAULT_TIME_ZONE = "America/Chicago";

/** Day number of "YYYY-MM-DD" (a longer ISO string is read by its date part). */
export function dayNumber(date: IsoDate): number {
  // Read digit by digit: a reschedule asks this millions of times, and Number(slice) + Date.UTC cost ~4x more.
  const year = digits(date, 0, 4);
  const month = digits(date, 5, 2);
  const day = digits(date, 8, 2);
  if (year < 100 || month < 0 || day < 0)
    return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
  return daysFromCivil(year, month, day);
}

/** The number written by `length` ASCII digits at `start`, or -1 where one is not a digit. */
function digits(text: string, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian year/month/day, in integer arithmetic (the "days from civil"
 * algorithm: years counted from March, so that the leap day ends a year). Like Date.UTC, a month outside 1–12
 * carries into the year and a day beyond the month's end runs into the next ones; its callers leave years before
 * 100 (which Date.UTC reads as 19xx) and anything not an integer to Date.UTC. calendar.test.ts holds it to Date.UTC.
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const carriedYear = year + Math.floor((month - 1) / 12);
  const carriedMonth = ((((month - 1) % 12) + 12) % 12) + 1;
  const marchYear = carriedMonth <= 2 ? carriedYear - 1 : carriedYear;
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * (carriedMonth > 2 ? carriedMonth - 3 : carriedMonth + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function isoDate(day: number): IsoDate {
  // A reschedule turns hundreds of thousands of day numbers back into strings, over a few hundred days.
  let text = isoDateCache.get(day);
  if (text === undefined) {
    text = isoDateOf(new Date(day * DAY_MS));
    if (isoDateCache.size >= ISO_DATE_CACHE_SIZE) isoDateCache.clear();
    isoDateCache.set(day, text);
  }
  return text;
}

const ISO_DATE_CACHE_SIZE = 10_000;
const isoDateCache = new Map<number, IsoDate>();

export function dayOf(year: number, month: number, day: number): number {
  if (!Number.isInteger(year) || year < 100 || !Number.isInteger(month) || !Number.isInteger(day))
    return Date.UTC(year, month - 1, day) / DAY_MS;
  return daysFromCivil(year, month, day);
}

/** The year of a day number (the inverse of daysFromCivil's year, without a Date). */
export function yearOfDay(day: number): number {
  if (!Number.isInteger(day)) return new Date(day * DAY_MS).getUTCFullYear();
  const shifted = day + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153); // 0 = March … 11 = February
  return yearOfEra + era * 400 + (marchMonth >= 10 ? 1 : 0);
}

/** The yearly recurrence of month/day in `year`: Feb 29 falls on Feb 28 in common years (domain-rules A.3). */
export function anniversaryDay(year: number, month: number, day: number): number {
  return dayOf(year, month, month === 2 && day === 29 && !isLeapYear(year) ? 28 : day);
}

/** `date` plus whole calendar months, clamped to the month's last day (Mar 31 + 11 months = Feb 28/29). */
export function addMonthsDay(date: IsoDate, months: number): number {
  const year = Number(date.slice(0, 4));
  const monthIndex = Number(date.slice(5, 7)) - 1 + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = ((monthIndex % 12) + 12) % 12;
  const lastDay = daysInMonth(targetYear, targetMonth + 1);
  return dayOf(targetYear, targetMonth + 1, Math.min(Number(date.slice(8, 10)), lastDay));
}

/** The calendar date of an instant in the organization's time zone. */
export function localDate(instant: Date, timeZone: string): IsoDate {
  return todayInZone(instant, timeZone || DEFAULT_TIME_ZONE);
}

/**
 * FNV-1a (32 bit): the deterministic "random" of the rules (spread days, jitter). The same contact
 * always lands on the same day, so a nightly reschedule does not move emails around.
 */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The catch-up day of an email whose ideal date has passed: the day in today … today+6 whose day
 * number ≡ hash (mod 7). It is a fixed weekday slot, not "today + hash", so re-planning tomorrow gives
 * the same date instead of pushing it forward forever; a mass catch-up still spreads over 7 days.
 */
export function catchUpDay(key: string, today: number, spreadDays = 7): number {
  const slot = stableHash(key) % spreadDays;
  return today + ((((slot - today) % spreadDays) + spreadDays) % spreadDays);
}
