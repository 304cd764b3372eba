import type { IsoDate } from "@/lib/calendar/calendar-date";

/**
 * How calendar dates ("YYYY-MM-DD", lib/calendar/calendar-date.ts) read on a page or in an email. Its own module,
 * free of time-zone code: the compare page's browser bundle needs formatLongDate, not @date-fns/tz.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The spec's date display "MMM dd, yyyy" (agency-side.md §9): "2026-12-05" → "Dec 05, 2026"; anything else as given. */
export function formatShortDate(date: string): string {
  const match = ISO_DATE.exec(date);
  if (!match) return date;
  return `${MONTHS_SHORT[Number(match[2]) - 1]} ${match[3]}, ${match[1]}`;
}

/** "June 1, 2026" from "2026-06-01": the long form of a calendar date in sentences. */
export function formatLongDate(date: IsoDate): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** "January 2025" from "2025-01-01". */
export function formatMonthYear(date: IsoDate): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}
