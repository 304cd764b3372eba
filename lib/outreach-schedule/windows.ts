import { anniversaryDay, dayNumber, isoDate, yearOfDay, type IsoDate } from "@/lib/outreach-schedule/calendar";
import type { PlanStateRule } from "@/lib/outreach-schedule/types";

/**
 * State switching windows (domain-rules A.3, data/reference/state-switch-rules/state_medigap_switch_rules.json, stored in
 * state_switch_rules). One computation for both readers: the quote page (lib/quotes/switch-window.ts:
 * "are you inside your window today?") and the outreach rules (never email inside a window or the
 * buffer before it).
 *
 * A window opens `windowStartDaysBefore` days before its anchor and lasts `windowLengthDays` days,
 * counting the opening day (the data file's days_before / total_days): CA opens 30 days before the
 * birthday and closes on day 90, the 59th day after the birthday.
 */

export type WindowShape = Pick<PlanStateRule, "ruleType" | "anchor" | "windowStartDaysBefore" | "windowLengthDays">;

/** Inclusive day numbers. */
export type DayWindow = { anchor: number; opens: number; closes: number };

/** The window anchored in `year`: Feb 29 anchors on Feb 28 in common years; NV anchors on the 1st of the birth month. */
export function statutoryWindowInYear(rule: WindowShape, anchorSource: IsoDate, year: number): DayWindow {
  const month = Number(anchorSource.slice(5, 7));
  const day = rule.anchor === "birth_month_start" ? 1 : Number(anchorSource.slice(8, 10));
  const anchor = anniversaryDay(year, month, day);
  const opens = anchor - rule.windowStartDaysBefore;
  return { anchor, opens, closes: opens + rule.windowLengthDays - 1 };
}

/**
 * The window `date` falls in, or null. Windows can straddle New Year (a CA birthday on Jan 10 opens
 * on Dec 11), so last year's, this year's and next year's anchors are all tried.
 */
export function statutoryWindowContaining(
  rule: WindowShape,
  anchorSource: IsoDate,
  date: IsoDate,
): { opens: IsoDate; closes: IsoDate } | null {
  if (rule.ruleType === "year_round") return null;
  const day = dayNumber(date);
  const year = yearOfDay(day);
  for (const y of [year - 1, year, year + 1]) {
    const window = statutoryWindowInYear(rule, anchorSource, y);
    if (day >= window.opens && day <= window.closes)
      return { opens: isoDate(window.opens), closes: isoDate(window.closes) };
  }
  return null;
}

/** A span in which an email must not be sent. Year-round states and unknown anchors span all time. */
export type ExclusionWindow = {
  opens: number;
  closes: number;
  /** The skip reason, e.g. "Birthday exclusion window for CA". */
  reason: string;
  kind: "birthday" | "anniversary" | "year_round";
};

export type ExclusionInput = {
  rule: PlanStateRule | null;
  birthDate: IsoDate | null;
  effectiveDate: IsoDate | null;
  /** The pre-window buffer for this state (domain-rules A.3, default 60). */
  bufferDays: number;
  /** The span of days the caller will ask about. */
  fromDay: number;
  toDay: number;
};

export function exclusionReason(rule: Pick<PlanStateRule, "state" | "ruleType">): string {
  if (rule.ruleType === "year_round") return `Year-round exclusion for ${rule.state}`;
  if (rule.ruleType === "anniversary") return `Effective date exclusion window for ${rule.state}`;
  return `Birthday exclusion window for ${rule.state}`;
}

/** Age on `day` of someone born on `birthDate`. */
function ageOn(birthDate: IsoDate, day: number): number {
  const on = isoDate(day);
  const years = Number(on.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return on.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/**
 * The exclusion windows of one contact over [fromDay, toDay]: each statutory window extended backwards
 * by the buffer, because a policy bought from an email must not start inside the window (A.3).
 *
 * Windows whose age limits exclude the contact (IL 65–75, IN 65+) do not apply. A window whose anchor
 * is unknown (a CA contact without a birth date, a MO contact without an effective date) could be
 * anywhere, so it covers every day: no email is safer than an unlawful one.
 */
export function exclusionWindows(input: ExclusionInput): ExclusionWindow[] {
  const { rule } = input;
  if (!rule) return [];
  const reason = exclusionReason(rule);
  if (rule.ruleType === "year_round") return [{ opens: -Infinity, closes: Infinity, reason, kind: "year_round" }];
  const anchorSource = rule.anchor === "policy_anniversary" ? input.effectiveDate : input.birthDate;
  if (!anchorSource) {
    const missing = rule.anchor === "policy_anniversary" ? "effective date unknown" : "birth date unknown";
    return [{ opens: -Infinity, closes: Infinity, reason: `${reason} (${missing})`, kind: rule.ruleType }];
  }
  const reach = rule.windowStartDaysBefore + input.bufferDays + Math.max(0, rule.windowLengthDays);
  const firstYear = yearOfDay(input.fromDay - Math.max(0, rule.windowLengthDays)) - 1;
  const lastYear = yearOfDay(input.toDay + reach) + 1;
  const windows: ExclusionWindow[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    const window = statutoryWindowInYear(rule, anchorSource, year);
    if (window.closes < window.opens) continue;
    // A policy anniversary before the policy starts is no anniversary.
    if (rule.anchor === "policy_anniversary" && window.anchor <= dayNumber(anchorSource)) continue;
    if ((rule.ageMin !== null || rule.ageMax !== null) && input.birthDate) {
      // The age the birthday of that year brings (NV's anchor, the 1st, may come before the birthday).
      const age =
        rule.anchor === "policy_anniversary"
          ? ageOn(input.birthDate, window.anchor)
          : year - Number(input.birthDate.slice(0, 4));
      if ((rule.ageMin !== null && age < rule.ageMin) || (rule.ageMax !== null && age > rule.ageMax)) continue;
    }
    const opens = window.opens - input.bufferDays;
    if (window.closes < input.fromDay || opens > input.toDay) continue;
    windows.push({ opens, closes: window.closes, reason, kind: rule.ruleType });
  }
  return windows;
}

/** The window containing `day`, or null. */
export function exclusionAt(windows: readonly ExclusionWindow[], day: number): ExclusionWindow | null {
  for (const window of windows) if (day >= window.opens && day <= window.closes) return window;
  return null;
}
