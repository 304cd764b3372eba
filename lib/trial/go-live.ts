import { z } from "zod";
import { addDays, daysBetween, isoDate, parseIsoDate, type IsoDate } from "@/lib/calendar/calendar-date";

/**
 * Trial and go-live rules (agency-side.md §4 "Trial", §5 "Go-live date", §9 "Go-live window 30 days").
 * Pure: "today" is passed in (architecture.md rule 7), so the banner, the server and the tests agree.
 * Calendar dates and the organization's "today" come from lib/calendar/calendar-date.
 */

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
  // Not in the spec: the agency is the sender of its white-label emails, and the law (CAN-SPAM) wants the
  // sender's postal address in each one, so an agency cannot go live without its own (issue #18 point 17).
  postalAddressRequired:
    "Add your agency's postal address in Brand Settings before going live: every email to your clients shows it.",
  postalAddressKept: "Your account is live, so the postal address is required: every email to your clients shows it.",
} as const;

/** The date input's bounds: min today, max today + 30. */
export function goLiveDateBounds(today: IsoDate): { min: IsoDate; max: IsoDate } {
  return { min: today, max: addDays(today, GO_LIVE_WINDOW_DAYS) };
}

/** The go-live date rules: a message, or null when the date may be chosen (today … today+30 inclusive). */
export function validateGoLiveDate({ value, today }: { value: unknown; today: IsoDate }): string | null {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === ""))
    return GO_LIVE_MESSAGES.required;
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
export function trialStatus({
  demoMode,
  goLiveDate,
  today,
}: {
  demoMode: boolean;
  goLiveDate: Date | IsoDate | null;
  today: IsoDate;
}): TrialStatus {
  if (!demoMode) return { kind: "live" };
  if (!goLiveDate) return { kind: "no_date" };
  const date = typeof goLiveDate === "string" ? goLiveDate : isoDate(goLiveDate);
  const daysRemaining = daysBetween(today, date);
  if (daysRemaining <= 0) return { kind: "ready", goLiveDate: date };
  return { kind: "counting", daysRemaining, goLiveDate: date };
}
