import { isoDate as isoDateOf, todayInZone, type IsoDate } from "@/lib/calendar/calendar-date";

export type { IsoDate };

/**
 * Calendar arithmetic for the outreach rules. Inside lib/outreach-schedule a date is a day number (days since
 * 1970-01-01), so that a year of dates for thousands of contacts is integer arithmetic; the public
 * functions speak "YYYY-MM-DD".
 */

const DAY_MS = 86_400_000;

export const DEFAULT_TIME_ZONE = "America/Chicago";

/** Day number of "YYYY-MM-DD" (a longer ISO string is read by its date part). */
export function dayNumber(date: IsoDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
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
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function yearOfDay(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

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
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return Date.UTC(targetYear, targetMonth, Math.min(Number(date.slice(8, 10)), lastDay)) / DAY_MS;
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
