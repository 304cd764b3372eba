import { DEFAULT_QUOTE_PLAN, TOP_PER_PLAN } from "@/lib/quotes/select-quotes";
import { PLAN_LABELS, type PlanCode } from "@/lib/quotes/quote-provider";
import { projectedCostCents } from "@/lib/quotes/rate-history";
import type { RateHistoryView } from "@/lib/quotes/rate-history-text";

/**
 * What the compare page does in the browser with the quotes the server chose (pure, no server code):
 * the carrier filter, the household toggle (which re-ranks by the household price), riders added to
 * the price, and the plan-type cycle. The server sends every eligible quote per plan, already
 * contracted and without the current carrier, so these choices never need another request.
 */

export type RiderPrice = { id: string; name: string; monthlyCents: number };

export type QuoteView = {
  naic: string;
  /** The insurer's legal name ("UNITED WORLD LIFE INSURANCE COMPANY"): shown small under the brand. */
  carrierName: string;
  /** The brand people know ("Mutual of Omaha"): the card's title. */
  groupName: string;
  plan: PlanCode;
  monthlyCents: number;
  householdMonthlyCents: number | null;
  discountCategory: string | null;
  /** Who qualifies for the household discount with this carrier in this state, in words. */
  householdRule: string | null;
  policyFeeCents: number;
  /** Riders this carrier prices for the plan (MN / WI / MA); empty elsewhere. */
  riders: RiderPrice[];
  /** AM Best financial strength rating ("A+"), when the quote's source has one. */
  amBestRating: string | null;
  /**
   * The carrier's rate history over the last 3 years (lib/quotes/rate-history.ts), when there is one to show, with its
   * sentences and sparkline already written by the server (lib/quotes/rate-history-text.ts: not in the page's JS).
   */
  rateHistory: RateHistoryView | null;
};

export type PlanView = { plan: PlanCode; label: string; quotes: QuoteView[] };

/**
 * The order of a plan's quotes: today's price, or "lowest over time", the projected 5-year cost of the carriers with a
 * rate history, then those without one by today's price (the page says so: lib/quotes/compare-texts.ts).
 */
export type QuoteOrder = "price" | "over_time";

export type VisibleOptions = {
  household: boolean;
  /** Carrier brands (groupName) to show; empty = all. */
  carriers: readonly string[];
  /** Selected rider ids; their prices are added where the carrier offers them. */
  riders: readonly string[];
  perPlan?: number;
  /** Default "price". */
  order?: QuoteOrder;
};

/** The monthly price shown: standard or household, plus the selected riders this carrier offers. */
export function displayedMonthlyCents(quote: QuoteView, options: Pick<VisibleOptions, "household" | "riders">): number {
  const base =
    options.household && quote.householdMonthlyCents !== null ? quote.householdMonthlyCents : quote.monthlyCents;
  const riders = quote.riders.filter((r) => options.riders.includes(r.id)).reduce((sum, r) => sum + r.monthlyCents, 0);
  return base + riders;
}

/** The projected cost of the next 5 years at the displayed price (lib/quotes/rate-history.ts), or null without a history. */
export function fiveYearCostCents(
  quote: QuoteView,
  options: Pick<VisibleOptions, "household" | "riders">,
): number | null {
  return quote.rateHistory
    ? projectedCostCents(displayedMonthlyCents(quote, options), quote.rateHistory.averageAnnualPct)
    : null;
}

/**
 * The quotes a plan shows: filtered by carrier, ranked by the displayed price (or, "over_time", by the projected 5-year
 * cost, carriers without a history after by price), ties by name, the first 3.
 */
export function visibleQuotes(plan: PlanView, options: VisibleOptions): QuoteView[] {
  const wanted = new Set(options.carriers);
  const overTime = options.order === "over_time";
  return plan.quotes
    .filter((q) => wanted.size === 0 || wanted.has(q.groupName))
    .map((q) => ({
      q,
      price: displayedMonthlyCents(q, options),
      later: overTime ? fiveYearCostCents(q, options) : null,
    }))
    .sort(
      (a, b) =>
        Number(overTime && a.later === null) - Number(overTime && b.later === null) ||
        (a.later ?? 0) - (b.later ?? 0) ||
        a.price - b.price ||
        a.q.carrierName.localeCompare(b.q.carrierName) ||
        a.q.naic.localeCompare(b.q.naic),
    )
    .slice(0, options.perPlan ?? TOP_PER_PLAN)
    .map(({ q }) => q);
}

/** A card's title and the legal name beneath it: the brand people know, and the insurer when its name differs. */
export function carrierTitle(quote: Pick<QuoteView, "carrierName" | "groupName">): {
  brand: string;
  legalName: string | null;
} {
  const brand = quote.groupName.trim() || quote.carrierName;
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  return { brand, legalName: same(brand, quote.carrierName) ? null : quote.carrierName };
}

/**
 * The one household line a card shows (null: none). Household on: the exact monthly saving and who qualifies, or,
 * without a household price, that there is none (the state's rule in words when known). Household off: the household
 * price, when there is one. Never a saving beside a sentence that says there is no discount.
 */
export function householdSentence(
  quote: QuoteView,
  options: Pick<VisibleOptions, "household" | "riders">,
): { text: string; rule: string | null } | null {
  const saving = quote.householdMonthlyCents === null ? 0 : quote.monthlyCents - quote.householdMonthlyCents;
  if (saving <= 0) {
    if (!options.household) return null;
    return { text: quote.householdRule ?? "No household discount with this carrier.", rule: null };
  }
  if (!options.household)
    return {
      text: `With household discount: ${formatMonthly(displayedMonthlyCents(quote, { ...options, household: true }))}`,
      rule: null,
    };
  const category = quote.discountCategory ? ` (${quote.discountCategory})` : "";
  return { text: `Household discount: ${formatDollars(saving)} a month off${category}.`, rule: quote.householdRule };
}

/**
 * The first card's label: "Lowest price" in today's order (or over time when nobody shown has a history, which is
 * then the same order); over time, "Lowest 5-year estimate" only when it beats another carrier's estimate. A carrier
 * first only because the others have no history is not called the lowest.
 */
export function firstCardBadge(overTime: boolean, firstHasEstimate: boolean, estimatesShown: number): string | null {
  if (!overTime || estimatesShown === 0) return "Lowest price";
  return firstHasEstimate && estimatesShown >= 2 ? "Lowest 5-year estimate" : null;
}

/** The plan after `current` in the page's cycle (F → G → N → HDF → HDG → F, or the state's own plans). */
export function nextPlan(plans: readonly PlanCode[], current: PlanCode): PlanCode {
  const index = plans.indexOf(current);
  return plans[(index + 1) % plans.length] ?? DEFAULT_QUOTE_PLAN;
}

export function planLabel(plan: PlanCode): string {
  return PLAN_LABELS[plan];
}

/** "$127.45" */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "$11,245": a projected sum, to the dollar. */
export function formatWholeDollars(cents: number): string {
  return `$${Math.round(cents / 100).toLocaleString("en-US")}`;
}

/** "$127.45/mo" */
export function formatMonthly(cents: number): string {
  return `${formatDollars(cents)}/mo`;
}

/** "June 1, 2026" from "2026-06-01" (lib/calendar; kept here for the compare page's imports). */
export { formatLongDate } from "@/lib/calendar/date-format";

/**
 * The compare page's note when only the carriers marked Target GI are quoted (the contact failed
 * underwriting; docs/outreach-rules.md "Target GI").
 */
export function guaranteedIssueNote(state: string | null): string {
  return `Based on your health answers, these are the carriers that can accept you${state ? ` in ${state}` : ""} without medical underwriting (guaranteed issue).`;
}
