import { TZDate } from "@date-fns/tz";

/**
 * Calendar dates, one place for all of lib/ (architecture.md rule 7: "today" is passed in). A calendar
 * date is an ISO string "YYYY-MM-DD"; a @db.Date value is the Date at UTC midnight of that day; an
 * organization's "today" is the calendar date at `now` in its time zone (todayInZone). How a date reads on a page
 * (formatShortDate, formatLongDate) is in lib/calendar/date-format.ts, which browser code can load without @date-fns/tz.
 */

/** A calendar date, "YYYY-MM-DD". */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * The one "YYYY-MM-DD" of a Date, read in UTC: the form calendar dates (@db.Date values, which Prisma
 * returns as UTC midnight) take in API responses, exports and forms. A missing date stays null.
 */
export function isoDate(date: Date): IsoDate;
export function isoDate(date: Date | null | undefined): IsoDate | null;
export function isoDate(date: Date | null | undefined): IsoDate | null {
  return date ? date.toISOString().slice(0, 10) : null;
}

/** The UTC-midnight Date of a real calendar date, or null ("2026-02-30", "tomorrow", "2026-1-5"). */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new Error(`Not a calendar date: ${date}`);
  return isoDate(new Date(parsed.getTime() + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) throw new Error(`Not a calendar date: ${a ? to : from}`);
  return Math.round((b.getTime() - a.getTime()) / DAY_MS);
}

/** The calendar date at `now` in an IANA time zone: 2026-03-01T04:00Z is still 2026-02-28 in Chicago. */
export function todayInZone(now: Date, timeZone: string): IsoDate {
  // Every zone's offset is a whole number of quarter hours, so local midnight falls on a UTC quarter
  // hour and one quarter hour has one local date: remembered, since the time-zone arithmetic is costly
  // and a reschedule asks it for the same instants over and over.
  const key = `${Math.floor(now.getTime() / QUARTER_HOUR_MS)}|${timeZone}`;
  const known = localDateCache.get(key);
  if (known !== undefined) return known;
  const zoned = new TZDate(now.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  const date = `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}`;
  if (localDateCache.size >= LOCAL_DATE_CACHE_SIZE) localDateCache.clear();
  localDateCache.set(key, date);
  return date;
}

const QUARTER_HOUR_MS = 15 * 60_000;
const LOCAL_DATE_CACHE_SIZE = 50_000;
const localDateCache = new Map<string, IsoDate>();
