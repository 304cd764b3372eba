import { TZDate } from "@date-fns/tz";
import { addDays, daysBetween, parseIsoDate, todayInZone, type IsoDate } from "@/lib/calendar/calendar-date";
import { isLeapYear } from "@/lib/calendar/month-days";

/**
 * The dashboard period (agency-side.md §4 "Dashboard period", domain-rules.md G "Period filter").
 * Pure: `now` and the organization's time zone are passed in. Every metric in lib/dashboard turns the
 * period into one half-open instant range [from, to): from = 00:00 of the first day in the
 * organization's time zone, to = 00:00 of the day after the last day. So "Today" in Chicago is
 * Chicago's midnight to midnight, whatever the server's zone, and DST days are 23 or 25 hours long.
 * See docs/dashboard-metrics.md.
 */

export const DASHBOARD_PERIODS = ["today", "yesterday", "7days", "30days", "90days", "ytd", "custom"] as const;
export type DashboardPeriodKey = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriodKey = "30days";

/** The selector's labels, in the order the spec lists them. */
export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriodKey, string> = {
  today: "Today",
  yesterday: "Yesterday",
  "7days": "Last 7 Days",
  "30days": "Last 30 Days",
  "90days": "Last 90 Days",
  ytd: "Year to Date",
  custom: "Custom Dates",
};

/** A custom range may span at most this many days (a daily chart of more is unreadable and the queries grow with it). */
export const MAX_CUSTOM_RANGE_DAYS = 366;

/** Upcoming Emails and renewals look this many days ahead of today (today … today+30 inclusive). */
export const UPCOMING_WINDOW_DAYS = 30;

export type ResolvedPeriod = {
  period: DashboardPeriodKey;
  /** First and last calendar day, inclusive, in the organization's time zone. */
  startDate: IsoDate;
  endDate: IsoDate;
  /** The half-open instant range [from, to) the metrics count in. */
  from: Date;
  to: Date;
  timeZone: string;
};

export class DashboardPeriodError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DashboardPeriodError";
  }
}

export const PERIOD_ERRORS = {
  customNeedsDates: "Custom Dates needs a From and a To date.",
  invalidDate: "Invalid date format",
  startAfterEnd: "The From date must be on or before the To date.",
  tooLong: `A custom range can span at most ${MAX_CUSTOM_RANGE_DAYS} days.`,
} as const;

/** Unknown or missing values become the default (30days), as in the original product. */
export function normalizePeriodKey(value: unknown): DashboardPeriodKey {
  return typeof value === "string" && (DASHBOARD_PERIODS as readonly string[]).includes(value)
    ? (value as DashboardPeriodKey)
    : DEFAULT_DASHBOARD_PERIOD;
}

/** 00:00 of a calendar day in a time zone, as an instant. */
export function startOfDayInZone(date: IsoDate, timeZone: string): Date {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new DashboardPeriodError(PERIOD_ERRORS.invalidDate);
  return new Date(
    new TZDate(parsed.getUTCFullYear(), parsed.getUTCMonth(), parsed.getUTCDate(), 0, 0, 0, timeZone).getTime(),
  );
}

/** The calendar days of a period, first to last. */
export function periodDays({ startDate, endDate }: { startDate: IsoDate; endDate: IsoDate }): IsoDate[] {
  const count = daysBetween(startDate, endDate) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(startDate, index));
}

function calendarRange(
  period: DashboardPeriodKey,
  today: IsoDate,
  custom: { startDate?: string | null; endDate?: string | null },
): { startDate: IsoDate; endDate: IsoDate } {
  switch (period) {
    case "today":
      return { startDate: today, endDate: today };
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return { startDate: yesterday, endDate: yesterday };
    }
    case "7days":
      return { startDate: addDays(today, -6), endDate: today };
    case "30days":
      return { startDate: addDays(today, -29), endDate: today };
    case "90days":
      return { startDate: addDays(today, -89), endDate: today };
    case "ytd":
      return { startDate: `${today.slice(0, 4)}-01-01`, endDate: today };
    case "custom": {
      if (!custom.startDate || !custom.endDate) throw new DashboardPeriodError(PERIOD_ERRORS.customNeedsDates);
      if (!parseIsoDate(custom.startDate) || !parseIsoDate(custom.endDate))
        throw new DashboardPeriodError(PERIOD_ERRORS.invalidDate);
      const length = daysBetween(custom.startDate, custom.endDate) + 1;
      if (length < 1) throw new DashboardPeriodError(PERIOD_ERRORS.startAfterEnd);
      if (length > MAX_CUSTOM_RANGE_DAYS) throw new DashboardPeriodError(PERIOD_ERRORS.tooLong);
      return { startDate: custom.startDate, endDate: custom.endDate };
    }
  }
}

/**
 * The period a request asks for, resolved against `now` in `timeZone`. Throws DashboardPeriodError
 * (a 400 for the routes) only for a custom range that is missing, malformed, reversed or too long.
 */
export function resolveDashboardPeriod({
  period,
  startDate,
  endDate,
  now,
  timeZone,
}: {
  period?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  now: Date;
  timeZone: string;
}): ResolvedPeriod {
  const key = normalizePeriodKey(period);
  const today = todayInZone(now, timeZone);
  const range = calendarRange(key, today, { startDate, endDate });
  return {
    period: key,
    ...range,
    from: startOfDayInZone(range.startDate, timeZone),
    to: startOfDayInZone(addDays(range.endDate, 1), timeZone),
    timeZone,
  };
}

/** Today … today+30 (inclusive) in the organization's zone: the Upcoming Emails and renewals window. */
export function upcomingWindow({ now, timeZone }: { now: Date; timeZone: string }): {
  startDate: IsoDate;
  endDate: IsoDate;
} {
  const today = todayInZone(now, timeZone);
  return { startDate: today, endDate: addDays(today, UPCOMING_WINDOW_DAYS) };
}

/**
 * The next policy anniversary of an effective date on or after `today` (a Feb 29 effective date
 * renews on Feb 28 in common years). Null for an effective date that has not started yet or is
 * today-or-later in its first year: that is a new policy, not a renewal.
 */
export function nextAnniversary(effectiveDate: IsoDate, today: IsoDate): IsoDate | null {
  if (!parseIsoDate(effectiveDate) || effectiveDate >= today) return null;
  const month = effectiveDate.slice(5, 7);
  const day = effectiveDate.slice(8, 10);
  const onYear = (year: number): IsoDate =>
    month === "02" && day === "29" && !isLeapYear(year) ? `${year}-02-28` : `${year}-${month}-${day}`;
  const year = Number(today.slice(0, 4));
  const thisYear = onYear(year);
  const candidate = thisYear >= today ? thisYear : onYear(year + 1);
  return candidate > effectiveDate ? candidate : null;
}
