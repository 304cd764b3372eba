import type { RateHistorySource } from "@/lib/quotes/rate-history";

/**
 * The quote engine's contract (pure types, no server code): what a quote page asks for and what a
 * provider answers. Providers: the local rate book (lib/quotes/local-rate-book-provider.ts) and, later,
 * a CSG adapter. Money is integer cents; dates are calendar dates "YYYY-MM-DD".
 */

/** The standard plans the product quotes (client-side.md §9). */
export const STANDARD_PLANS = ["F", "G", "N", "HDF", "HDG"] as const;

/**
 * The waivered states' own plan designs (MA, MN, WI sell these instead of the lettered plans).
 * MA Supplement 1 covers the Part B deductible, so (like F and HDF) it is sold only to people first
 * eligible for Medicare before 2020; MA Supplement 1A is its post-2020 version.
 */
export const STATE_PLANS = {
  MN: ["MN_BASIC", "MN_EXTENDED"],
  WI: ["WI_BASIC", "WI_HIGH_DEDUCTIBLE"],
  MA: ["MA_CORE", "MA_SUPPLEMENT_1", "MA_SUPPLEMENT_1A"],
} as const;

export type StandardPlanCode = (typeof STANDARD_PLANS)[number];
export type StatePlanCode = (typeof STATE_PLANS)[keyof typeof STATE_PLANS][number];
export type PlanCode = StandardPlanCode | StatePlanCode;

export const PLAN_CODES: readonly PlanCode[] = [...STANDARD_PLANS, ...Object.values(STATE_PLANS).flat()];

/** Plans that cover the Part B deductible: only for people first eligible for Medicare before 2020-01-01 (MACRA). */
export const PRE_2020_ONLY_PLANS: ReadonlySet<PlanCode> = new Set<PlanCode>(["F", "HDF", "MA_SUPPLEMENT_1"]);

export const PLAN_LABELS: Record<PlanCode, string> = {
  F: "Plan F",
  G: "Plan G",
  N: "Plan N",
  HDF: "High-Deductible Plan F",
  HDG: "High-Deductible Plan G",
  MN_BASIC: "Minnesota Basic Plan",
  MN_EXTENDED: "Minnesota Extended Basic Plan",
  WI_BASIC: "Wisconsin Basic Plan",
  WI_HIGH_DEDUCTIBLE: "Wisconsin High Deductible Plan",
  MA_CORE: "Massachusetts Core Plan",
  MA_SUPPLEMENT_1: "Massachusetts Supplement 1 Plan",
  MA_SUPPLEMENT_1A: "Massachusetts Supplement 1A Plan",
};

/** Rider ids (client-side.md §3 "Rider options"); rider prices exist for the MN and WI plans. */
export const RIDER_IDS = [
  "part_a_deductible",
  "part_b_deductible",
  "part_b_excess",
  "foreign_travel",
  "home_health",
  "preventive_care",
  "skilled_nursing",
] as const;
export type RiderId = (typeof RIDER_IDS)[number];

export function isPlanCode(value: string): value is PlanCode {
  return (PLAN_CODES as readonly string[]).includes(value);
}

/** The plans a state sells: its own designs in MA/MN/WI, the lettered plans elsewhere. */
export function plansForState(state: string): readonly PlanCode[] {
  const own = (STATE_PLANS as Record<string, readonly PlanCode[]>)[state.toUpperCase()];
  return own ?? STANDARD_PLANS;
}

export type Gender = "M" | "F";
export type RatingMethod = "attained_age" | "issue_age" | "community";

export type QuoteRequest = {
  zip5: string;
  /** Two-letter state the person is rated in (the county's state for a ZIP crossing a state line). */
  state: string;
  /** 5-digit county FIPS; used by county-rated carriers. Absent: the ZIP's main county. */
  countyFips?: string;
  /** Age on the effective date (ageOnDate). Rating clamps it to 64–99. */
  age: number;
  gender: Gender;
  tobacco: boolean;
  plans: PlanCode[];
  /** "YYYY-MM-DD", normally the 1st of a month (defaultEffectiveDate). */
  effectiveDate: string;
  /** Only these NAICs (e.g. the org's contracted carriers). */
  naicAllow?: string[];
  /** Never these NAICs (e.g. the contact's current carrier group). */
  naicExclude?: string[];
};

export type CarrierQuote = {
  naic: string;
  carrierName: string;
  /** Carrier family ("Humana"): the unit of contracts and of "drop the current carrier". */
  groupName: string;
  plan: PlanCode;
  ratingMethod: RatingMethod;
  /** Standard monthly premium. */
  monthlyCents: number;
  /** Monthly premium with the household discount, or null when the carrier offers none. */
  householdMonthlyCents: number | null;
  /** Household discount in basis points (700 = 7%), when known. */
  discountBps: number | null;
  /** Who qualifies for the household discount: "Roommate", "Multi-Insured", "Multi-Insured / Roommate". */
  discountCategory: string | null;
  /** One-time policy/application fee. */
  policyFeeCents: number;
  /** Effective date of the filing the rate comes from, "YYYY-MM-DD". */
  filingEffectiveDate: string;
  /** The age, gender and tobacco status the premium is for (age after clamping). */
  age: number;
  gender: Gender;
  tobacco: boolean;
  source: "local" | "csg";
  /** Synthetic sample rates (never shown as real prices). */
  isSample: boolean;
  /** AM Best financial strength rating ("A+"), when the source has one (CSG, or the rate book's carriers.csv). */
  amBestRating?: string | null;
  /** The carrier's filed rate changes up to this quote's filing, when the source has them (lib/quotes/rate-history.ts). */
  rateHistory?: RateHistorySource | null;
};

export interface QuoteProvider {
  readonly name: string;
  getQuotes(req: QuoteRequest): Promise<CarrierQuote[]>;
}
