import { formatShortDate } from "@/lib/calendar/date-format";

/**
 * Pure presentation rules of the dashboard (agency-side.md §2 "Dashboard", §9 "Charts"), shared by
 * the components and their tests. No data access here.
 */

/** Funnel bars: width ∝ √value (so a small stage stays visible next to a large one), never below 15%. */
export const FUNNEL_MIN_WIDTH_PERCENT = 15;

export function funnelWidths(values: readonly number[]): number[] {
  const roots = values.map((value) => Math.sqrt(Math.max(0, value)));
  const largest = Math.max(0, ...roots);
  if (largest === 0) return values.map(() => FUNNEL_MIN_WIDTH_PERCENT);
  return roots.map((root) => Math.max(FUNNEL_MIN_WIDTH_PERCENT, (root / largest) * 100));
}

/** Axis label thinning: more than 60 points every 7th label, more than 30 every 3rd, more than 14 every 2nd. */
export function axisLabelStep(pointCount: number): number {
  if (pointCount > 60) return 7;
  if (pointCount > 30) return 3;
  if (pointCount > 14) return 2;
  return 1;
}

/** Whether the label of point `index` is shown (counted from the first point). */
export function showsAxisLabel(index: number, pointCount: number): boolean {
  return index % axisLabelStep(pointCount) === 0;
}

/** A rate in whole percent; 0 when nothing was sent (domain-rules G "Derived rates"). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** The Upcoming Emails badge of an email type; follow-ups have none (they are not listed). */
export function emailTypeBadge(emailType: string): string | null {
  if (emailType.startsWith("followup")) return null;
  switch (emailType) {
    case "initial_blast":
    case "go_live_welcome":
    case "onboarding_welcome":
      return "Welcome Email";
    case "birthday":
      return "Birthday";
    case "effective_date":
      return "Effective Date";
    case "rate_increase":
    case "scheduled_rate_increase":
      return "Rate Increase";
    case "post_window":
      return "Post GI";
    case "aep":
      return "AEP";
    case "quote_email":
      return "Quote";
    case "failed_underwriting":
      return "Underwriting Follow-up";
    default:
      return emailType.replace(/_/g, " ").replace(/\b\w/g, (letter) => letter.toUpperCase());
  }
}

export const RANK_BY_OPTIONS = [
  { value: "chronological", label: "Chronological" },
  { value: "viewed", label: "Quotes Viewed" },
  { value: "sent", label: "Quotes Sent" },
] as const;
export type RankBy = (typeof RANK_BY_OPTIONS)[number]["value"];

type RankableRow = { sendDate: string; quotesSent: number; quotesViewed: number; healthCompleted: number };

/**
 * The Send Ranking rows in the chosen order, ranked 1… in that order. Ties fall back to the newest
 * send date, so the order is stable.
 */
export function rankSendRows<T extends RankableRow>(rows: readonly T[], rankBy: RankBy): (T & { rank: number })[] {
  const newestFirst = (a: T, b: T) => (a.sendDate < b.sendDate ? 1 : a.sendDate > b.sendDate ? -1 : 0);
  const compare =
    rankBy === "viewed"
      ? (a: T, b: T) => b.quotesViewed - a.quotesViewed || newestFirst(a, b)
      : rankBy === "sent"
        ? (a: T, b: T) => b.quotesSent - a.quotesSent || newestFirst(a, b)
        : newestFirst;
  return [...rows].sort(compare).map((row, index) => ({ ...row, rank: index + 1 }));
}

/** "2026-11-05" → "Nov 05, 2026" (agency-side.md §9: MMM dd, yyyy), without time-zone shifts. */
export const formatIsoDate = formatShortDate;

/** "2026-11-05" → "Nov 5" for chart axes. */
export function shortIsoDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${months[Number(match[2]) - 1]} ${Number(match[3])}`;
}
