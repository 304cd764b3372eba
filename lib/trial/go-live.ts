import { TZDate } from "@date-fns/tz";
import { z } from "zod";

/**
 * Trial and go-live rules (agency-side.md §4 "Trial", §5 "Go-live date", §9 "Go-live window 30 days").
 * Pure: "today" is passed in (architecture.md rule 7), so the banner, the server and the tests agree.
 * Calendar dates are ISO strings "YYYY-MM-DD"; the organization's "today" is the calendar date in its
 * time zone (todayInZone).
 */

/** A calendar date, "YYYY-MM-DD". */
export type IsoDate = string;

/** The latest go-live date is today + GO_LIVE_WINDOW_DAYS (inclusive). */
export const GO_LIVE_WINDOW_DAYS = 30;

export const GO_LIVE_MESSAGES = {
  required: "Please select a date",
  invalid: "Please select a valid date",
  past: "Cannot select a date in the past",
  tooFar: "Cannot select a date more than 30 days in the future",
  exitDemoForbidden: "Only administrators can exit demo mode",
  setDateForbidden: "Only administrators can set go live date",
  defaultError: "An error occurred",
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC-midnight Date of a real calendar date, or null ("2026-02-30", "tomorrow", "2026-1-5"). */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/** "YYYY-MM-DD" of a UTC-midnight calendar date (a @db.Date value). */
export function toIsoDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new Error(`Not a calendar date: ${date}`);
  return toIsoDate(new Date(parsed.getTime() + days * 86_400_000));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) throw new Error(`Not a calendar date: ${a ? to : from}`);
  return Math.round((b.getTime() - a.getTime()) / 86_400_000);
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

/** The date input's bounds: min today, max today + 30. */
export function goLiveDateBounds(today: IsoDate): { min: IsoDate; max: IsoDate } {
  return { min: today, max: addDays(today, GO_LIVE_WINDOW_DAYS) };
}

/** The go-live date rules: a message, or null when the date may be chosen (today … today+30 inclusive). */
export function validateGoLiveDate({ value, today }: { value: unknown; today: IsoDate }): string | null {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return GO_LIVE_MESSAGES.required;
  if (typeof value !== "string" || !parseIsoDate(value.trim())) return GO_LIVE_MESSAGES.invalid;
  const days = daysBetween(today, value.trim());
  if (days < 0) return GO_LIVE_MESSAGES.past;
  if (days > GO_LIVE_WINDOW_DAYS) return GO_LIVE_MESSAGES.tooFar;
  return null;
}

/**
 * POST /api/organizations/set-go-live-date body. The date itself is checked by setGoLiveDate against the
 * organization's "today" (validateGoLiveDate: the spec's messages), so any value passes here.
 */
export const setGoLiveDateBodySchema = z.object({ goLiveDate: z.unknown().optional() });

/** The Set Date form: the route's body, with the date checked against the organization's `today` by the same rule. */
export function goLiveDateFormSchema(today: IsoDate) {
  return setGoLiveDateBodySchema.extend({ goLiveDate: z.string() }).superRefine(({ goLiveDate }, ctx) => {
    const message = validateGoLiveDate({ value: goLiveDate, today });
    if (message) ctx.addIssue({ code: "custom", path: ["goLiveDate"], message });
  });
}

/** POST /api/organizations/set-go-live-date answer. */
export type SetGoLiveDateResponse = { success: true; goLiveDate: IsoDate };
/** POST /api/organizations/exit-demo-mode answer ("Go Live Now"). */
export type GoLiveNowResponse = { success: true; alreadyLive: boolean; wentLiveAt: string | null };

export type TrialStatus =
  | { kind: "live" }
  | { kind: "no_date" }
  | { kind: "counting"; daysRemaining: number; goLiveDate: IsoDate }
  | { kind: "ready"; goLiveDate: IsoDate };

/**
 * Where an organization stands: live (demo mode off), a trial with no date, a trial counting down
 * to its go-live date, or a trial whose date has been reached (the date itself counts as reached).
 */
export function trialStatus({ demoMode, goLiveDate, today }: { demoMode: boolean; goLiveDate: Date | IsoDate | null; today: IsoDate }): TrialStatus {
  if (!demoMode) return { kind: "live" };
  if (!goLiveDate) return { kind: "no_date" };
  const date = typeof goLiveDate === "string" ? goLiveDate : toIsoDate(goLiveDate);
  const daysRemaining = daysBetween(today, date);
  if (daysRemaining <= 0) return { kind: "ready", goLiveDate: date };
  return { kind: "counting", daysRemaining, goLiveDate: date };
}
