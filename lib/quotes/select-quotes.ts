import { PRE_2020_ONLY_PLANS, type CarrierQuote, type Gender, type PlanCode } from "@/lib/quotes/quote-provider";

/**
 * Which quotes the compare page shows (pure; domain-rules.md B.4, quote-engine.md Recommendations (i)):
 * contracted carriers only, never the contact's current carrier group, one row per carrier per plan,
 * the 3 cheapest per plan, F/HDF (and MA Supplement 1) only for people first eligible before 2020.
 */

export const TOP_PER_PLAN = 3;
export const DEFAULT_QUOTE_AGE = 65;
export const DEFAULT_QUOTE_GENDER: Gender = "M";
export const DEFAULT_QUOTE_PLAN: PlanCode = "G";
/** First day on which newly eligible people can no longer buy Part B deductible plans (MACRA). */
export const MACRA_CUTOFF = "2020-01-01";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(value: string): { y: number; m: number; d: number } {
  const match = DATE.exec(value);
  if (!match) throw new Error(`Expected a date YYYY-MM-DD, got "${value}"`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Whole years between a birth date and a date ("YYYY-MM-DD"); a Feb 29 birthday counts on Mar 1 in other years. */
export function ageOnDate(birthDate: string, onDate: string): number {
  const b = parseDate(birthDate);
  const d = parseDate(onDate);
  let age = d.y - b.y;
  if (d.m < b.m || (d.m === b.m && d.d < b.d)) age -= 1;
  return age;
}

// Building an Intl.DateTimeFormat costs far more than using one (a profile of POST /api/quotes found one per
// request taking 3% of the server's CPU): one per time zone, kept.
const yearMonthFormats = new Map<string, Intl.DateTimeFormat>();

function yearMonthFormat(timeZone: string): Intl.DateTimeFormat {
  let format = yearMonthFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric" });
    yearMonthFormats.set(timeZone, format);
  }
  return format;
}

/** The 1st of next month in the given time zone ("YYYY-MM-DD"): the default effective date. */
export function defaultEffectiveDate(now: Date, timeZone = "America/Chicago"): string {
  const parts = yearMonthFormat(timeZone).formatToParts(now);
  const year = Number(parts.find((p) => p.type === "year")!.value);
  const month = Number(parts.find((p) => p.type === "month")!.value);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
}

/** Adds whole years to a date; Feb 29 becomes Mar 1 in a non-leap year. */
function addYears(date: string, years: number): string {
  const { y, m, d } = parseDate(date);
  const target = new Date(Date.UTC(y + years, m - 1, d));
  return `${pad(target.getUTCFullYear(), 4)}-${pad(target.getUTCMonth() + 1)}-${pad(target.getUTCDate())}`;
}

/**
 * Whether someone may buy F / HDF / MA Supplement 1: first eligible for Medicare (by age) before
 * 2020-01-01. Medicare starts the month one attains 65, and one attains an age the day before the
 * birthday, so the rule is "65th birthday on or before 2020-01-01" (born on or before 1955-01-01).
 * With a birth date the answer is exact; with only the age on the effective date the latest possible
 * birth date is used, so F is offered only when the person was certainly eligible before 2020.
 * `medicareEligibleBefore2020` (e.g. earlier eligibility through disability) overrides both.
 */
export function isFirstEligibleBefore2020(person: {
  birthDate?: string | null;
  age?: number | null;
  effectiveDate: string;
  medicareEligibleBefore2020?: boolean;
}): boolean {
  if (person.medicareEligibleBefore2020 !== undefined) return person.medicareEligibleBefore2020;
  if (person.birthDate) return addYears(person.birthDate, 65) <= MACRA_CUTOFF;
  if (person.age === undefined || person.age === null) return false;
  const latestBirth = addYears(person.effectiveDate, -person.age);
  return addYears(latestBirth, 65) <= MACRA_CUTOFF;
}

/** The plans a person may be shown: F, HDF and MA Supplement 1 only when first eligible before 2020. */
export function eligiblePlans(plans: readonly PlanCode[], firstEligibleBefore2020: boolean): PlanCode[] {
  return plans.filter((plan) => firstEligibleBefore2020 || !PRE_2020_ONLY_PLANS.has(plan));
}

export type SelectQuotesOptions = {
  /** The org's carrier contracts: group names ("Humana") or NAICs. Empty: nothing is shown. */
  contractedCarriers: readonly string[];
  /** The contact's current carrier: a group name, carrier name or NAIC. Its whole NAIC group is dropped. */
  currentCarrier?: string | null;
  /** Sort by the household rate (falling back to the standard rate) instead of the standard rate. */
  household?: boolean;
  /** F / HDF / MA Supplement 1 allowed (isFirstEligibleBefore2020). */
  firstEligibleBefore2020: boolean;
  /** Plans wanted, in display order; default: the plans present in the quotes. */
  plans?: readonly PlanCode[];
  perPlan?: number;
};

export type PlanSelection = { plan: PlanCode; quotes: CarrierQuote[] };

const norm = (value: string) => value.trim().toLowerCase();

function sortKey(quote: CarrierQuote, household: boolean): number {
  return household ? (quote.householdMonthlyCents ?? quote.monthlyCents) : quote.monthlyCents;
}

/** The 3 cheapest contracted quotes per plan, ties broken by carrier name (then NAIC). */
export function selectQuotes(quotes: readonly CarrierQuote[], options: SelectQuotesOptions): PlanSelection[] {
  const household = options.household ?? false;
  const perPlan = options.perPlan ?? TOP_PER_PLAN;
  const contracted = new Set(options.contractedCarriers.map(norm));
  const isContracted = (q: CarrierQuote) => contracted.has(norm(q.groupName)) || contracted.has(norm(q.naic));

  // The current carrier's group: by its name, or the group of the NAIC it was given as.
  const current = options.currentCarrier ? norm(options.currentCarrier) : null;
  const droppedGroups = new Set<string>();
  if (current) {
    droppedGroups.add(current);
    for (const q of quotes)
      if (norm(q.naic) === current || norm(q.carrierName) === current) droppedGroups.add(norm(q.groupName));
  }
  const isCurrent = (q: CarrierQuote) =>
    droppedGroups.has(norm(q.groupName)) || (current !== null && norm(q.naic) === current);

  const wanted = eligiblePlans(
    options.plans ?? [...new Set(quotes.map((q) => q.plan))],
    options.firstEligibleBefore2020,
  );
  const compare = (a: CarrierQuote, b: CarrierQuote) =>
    sortKey(a, household) - sortKey(b, household) ||
    a.carrierName.localeCompare(b.carrierName) ||
    a.naic.localeCompare(b.naic);

  return wanted.map((plan) => {
    const best = new Map<string, CarrierQuote>();
    for (const q of quotes) {
      if (q.plan !== plan || !isContracted(q) || isCurrent(q)) continue;
      const kept = best.get(q.naic);
      if (!kept || compare(q, kept) < 0) best.set(q.naic, q);
    }
    return { plan, quotes: [...best.values()].sort(compare).slice(0, perPlan) };
  });
}
