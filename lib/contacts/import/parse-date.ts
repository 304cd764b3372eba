/**
 * Calendar dates from spreadsheet cells (client-side §5 "CSV import"): YYYY-MM-DD (also / or .),
 * MM/DD/YYYY and MM-DD-YYYY, M/D/YY, DD-Mon-YYYY ("05-Jan-2024", "5 Jan 2024"), "Jan 5, 2024",
 * YYYYMMDD, and Excel serial numbers (5 digits: 10000 = 1927-05-18 … 73415 = 2100-12-31). A time of
 * midnight ("1/5/2024 0:00", Excel's export) is dropped; any other time is refused. Years 1800–2100.
 * Two-digit years follow Excel: 00–29 → 2000s, 30–99 → 1900s. A first number over 12 reads as
 * day/month ("25/12/1950"). Result: "YYYY-MM-DD" (no time zone). Pure.
 */

import { daysInMonth } from "@/lib/calendar/month-days";

export const DATE_MESSAGES = {
  invalid: "Invalid date format",
  dateTime: "Expected a date only, not a date and time",
  yearRange: "Year must be between 1800 and 2100",
  /** A real-looking date the calendar does not have: "February 29, 1950 does not exist (February 1950 has 28 days)". */
  noSuchDay: (year: number, month: number, day: number, days: number) =>
    `${MONTH_NAMES[month - 1]} ${day}, ${year} does not exist (${MONTH_NAMES[month - 1]} ${year} has ${days} days)`,
} as const;

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export type DateParseResult = { ok: true; date: string } | { ok: false; error: string };

const MIN_YEAR = 1800;
const MAX_YEAR = 2100;
const EXCEL_MIN = 10_000;
const EXCEL_MAX = 73_415;

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function fullYear(text: string): number {
  const n = Number(text);
  if (text.length > 2) return n;
  return n < 30 ? 2000 + n : 1900 + n;
}

function build(year: number, month: number, day: number): DateParseResult {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day))
    return { ok: false, error: DATE_MESSAGES.invalid };
  if (year < MIN_YEAR || year > MAX_YEAR) return { ok: false, error: DATE_MESSAGES.yearRange };
  if (month < 1 || month > 12 || day < 1 || day > 31) return { ok: false, error: DATE_MESSAGES.invalid };
  const days = daysInMonth(year, month);
  if (day > days) return { ok: false, error: DATE_MESSAGES.noSuchDay(year, month, day, days) };
  return { ok: true, date: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

function fromExcelSerial(serial: number): DateParseResult {
  // Excel's day 0 is 1899-12-30 once its 1900 leap-year bug is accounted for (serials ≥ 61).
  const ms = Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000;
  const d = new Date(ms);
  return build(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

const TIME = /^(.*?)[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(z|[ap]\.?m\.?|[+-]\d{2}:?\d{2})?$/i;

function parseDatePart(s: string): DateParseResult | null {
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (m) return build(Number(m[1]), Number(m[2]), Number(m[3]));

  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/.exec(s);
  if (m) {
    let month = Number(m[1]);
    let day = Number(m[2]);
    if (month > 12 && day <= 12) [month, day] = [day, month];
    return build(fullYear(m[3]!), month, day);
  }

  m = /^(\d{1,2})[-\s/.]+([a-z]{3,9})\.?[-\s/.,]+(\d{4}|\d{2})$/i.exec(s);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    return month ? build(fullYear(m[3]!), month, Number(m[1])) : { ok: false, error: DATE_MESSAGES.invalid };
  }

  m = /^([a-z]{3,9})\.?[-\s/]+(\d{1,2})(?:st|nd|rd|th)?,?[-\s/]+(\d{4}|\d{2})$/i.exec(s);
  if (m) {
    const month = MONTHS[m[1]!.toLowerCase()];
    return month ? build(fullYear(m[3]!), month, Number(m[2])) : { ok: false, error: DATE_MESSAGES.invalid };
  }

  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return build(Number(m[1]), Number(m[2]), Number(m[3]));

  m = /^(\d{5})(?:\.\d+)?$/.exec(s);
  if (m) {
    const serial = Number(m[1]);
    return serial >= EXCEL_MIN && serial <= EXCEL_MAX
      ? fromExcelSerial(serial)
      : { ok: false, error: DATE_MESSAGES.invalid };
  }
  return null;
}

/** Parses a date cell, explaining a refusal. Blank input is an error here (callers treat blank as "no date"). */
export function parseFlexibleDateDetailed(raw: string | null | undefined): DateParseResult {
  const s = (raw ?? "").trim().replace(/\s+/g, " ");
  if (!s || s.length > 40) return { ok: false, error: DATE_MESSAGES.invalid };
  const direct = parseDatePart(s);
  if (direct) return direct;

  const withTime = TIME.exec(s);
  if (withTime) {
    const datePart = parseDatePart(withTime[1]!.trim());
    if (!datePart || !datePart.ok) return datePart ?? { ok: false, error: DATE_MESSAGES.invalid };
    const hour = Number(withTime[2]);
    const minute = Number(withTime[3]);
    const second = Number(withTime[4] ?? "0");
    const suffix = (withTime[5] ?? "").toLowerCase().replace(/\./g, "");
    const midnight =
      minute === 0 && second === 0 && (suffix === "am" ? hour === 12 : suffix === "pm" ? false : hour === 0);
    // A UTC offset makes the calendar date depend on the zone: refuse rather than guess.
    const zoned = suffix !== "" && suffix !== "am" && suffix !== "pm";
    return midnight && !zoned ? datePart : { ok: false, error: DATE_MESSAGES.dateTime };
  }
  return { ok: false, error: DATE_MESSAGES.invalid };
}

/** "YYYY-MM-DD", or null when the cell is blank or not a date this import understands. */
export function parseFlexibleDate(raw: string | null | undefined): string | null {
  const result = parseFlexibleDateDetailed(raw);
  return result.ok ? result.date : null;
}
