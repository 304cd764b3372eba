import { clampRatingAge, householdCents } from "@/lib/quotes/pricing";
import type { CarrierQuote, PlanCode, QuoteRequest, RatingMethod } from "@/lib/quotes/quote-provider";
import type { RateHistorySource } from "@/lib/quotes/rate-history";
import { isAmBestRating } from "@/lib/quotes/am-best";

/**
 * CSG med-supp API vocabulary and the pure mapping of its quote rows to CarrierQuote
 * (quote-engine.md §1a). No I/O here: the HTTP client is csg-provider.ts.
 */

/**
 * Our plan codes → CSG's `plan` parameter. The state plans use the codes blitz-quote-engine2 sent
 * (domain-rules.md B.3). CSG publishes no code for MA Supplement 1A; "MA_SUPP1A" follows the same
 * pattern but is unverified until a live key confirms it.
 */
export const CSG_PLAN_CODES: Record<PlanCode, string> = {
  F: "F",
  G: "G",
  N: "N",
  HDF: "HDF",
  HDG: "HDG",
  MN_BASIC: "MN_BASIC",
  MN_EXTENDED: "MN_EXTB",
  WI_BASIC: "WI_BASE",
  WI_HIGH_DEDUCTIBLE: "WI_HDED",
  MA_CORE: "MA_CORE",
  MA_SUPPLEMENT_1: "MA_SUPP1",
  MA_SUPPLEMENT_1A: "MA_SUPP1A",
};

/** The response fields we read; sent as `field=` so CSG leaves out its large market-data blocks. */
export const CSG_QUOTE_FIELDS = [
  "key",
  "plan",
  "age",
  "gender",
  "tobacco",
  "rate.month",
  "rate_type",
  "rating_class",
  "select",
  "view_type",
  "discounts",
  "discount_category",
  "fees",
  "effective_date",
  "rate_increases",
  "company_base.naic",
  "company_base.ambest_rating",
  "company_base.name",
  "company_base.name_full",
  "company_base.parent_company_base.name",
] as const;

/** One row of GET /v1/med_supp/quotes.json, as far as we read it (every field may be missing). */
export type CsgQuoteRow = {
  key?: string;
  plan?: string;
  age?: number;
  gender?: string;
  tobacco?: boolean;
  /** Integer cents. */
  rate?: { month?: number | null; quarter?: number | null; semi_annual?: number | null; annual?: number | null } | null;
  rate_type?: string | null;
  rating_class?: string | null;
  select?: boolean | null;
  view_type?: string[] | null;
  /** `value` is a fraction for type "percent" (0.07 = 7%). */
  discounts?: { name?: string | null; type?: string | null; value?: number | null; rule?: unknown }[] | null;
  discount_category?: string | null;
  /** `value` is in dollars. */
  fees?: { name?: string | null; type?: string | null; value?: number | null }[] | null;
  effective_date?: string | null;
  /** Filed rate increases: `rate_increase` is a fraction (0.077 = +7.7%), `date` "YYYY-MM-DD" (or an ISO datetime). */
  rate_increases?: { date?: string | null; rate_increase?: number | null }[] | null;
  company_base?: {
    naic?: string | null;
    /** AM Best financial strength rating ("A", "A+"); CSG writes "n/a" when there is none. */
    ambest_rating?: string | null;
    name?: string | null;
    name_full?: string | null;
    parent_company_base?: { name?: string | null } | null;
  } | null;
};

const COUNTY_SUFFIXES = [
  " City and Borough",
  " Census Area",
  " County",
  " Parish",
  " Borough",
  " Municipio",
  " Municipality",
];

/**
 * A county name as CSG spells it: upper case, no "County"/"Parish"/… suffix, no accents
 * ("St. Johns County" → "ST. JOHNS", "Doña Ana County" → "DONA ANA"). Virginia's independent cities
 * keep their suffix ("Richmond city" → "RICHMOND CITY"), which is what tells them apart from the
 * county of the same name.
 */
export function csgCountyName(hudName: string): string {
  let name = hudName.trim();
  for (const suffix of COUNTY_SUFFIXES) {
    if (name.toLowerCase().endsWith(suffix.toLowerCase()) && name.length > suffix.length) {
      name = name.slice(0, -suffix.length);
      break;
    }
  }
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .toUpperCase();
}

export function ratingMethodFromCsg(rateType: string | null | undefined): RatingMethod {
  const value = (rateType ?? "").toLowerCase();
  if (value.includes("community")) return "community";
  if (value.includes("issue")) return "issue_age";
  // Attained age is both CSG's own label and the most common method, so it is the fallback.
  return "attained_age";
}

/** UnitedHealthcare (AARP): the one carrier whose "Standard I", "Standard II", … rows are standard prices. */
export const UHC_NAIC = "79413";
/** The classes quoted as the standard price for every carrier (quote-engine.md §1a, blitz-quote-engine2). */
const KEPT_CLASSES = new Set(["", "standard", "achieve", "value"]);
/** A household label inside a class name: "w/ 20% HHD", "HHD", "Household". */
const HOUSEHOLD_LABEL = /w\/\s*\d+(?:\.\d+)?\s*%\s*hhd|\bhhd\b|household/gi;

function className(row: CsgQuoteRow): string {
  return (row.rating_class ?? "").trim();
}

/**
 * The rating-class rule (quote-engine.md §1a): a class is a standard price when it is "", Standard,
 * Achieve or Value; "Standard…" variants (Standard I, Standard II, Standard I/II) count only for UHC
 * (NAIC 79413), and never when they name a household price. Everything else (Preferred, Substandard,
 * Level 2, Innovative, another carrier's Standard II) needs health answers or is another product.
 */
export function isStandardRatingClass(naic: string, ratingClass: string | null | undefined): boolean {
  const name = (ratingClass ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  if (KEPT_CLASSES.has(name)) return true;
  return naic.trim() === UHC_NAIC && name.startsWith("standard") && !name.includes("household");
}

/** A row priced with the household discount already taken off: view_type ["with_hhd"], or a class labelled HHD/Household. */
export function isHouseholdPriceRow(row: Pick<CsgQuoteRow, "view_type" | "rating_class">): boolean {
  return (
    (row.view_type ?? []).includes("with_hhd") || new RegExp(HOUSEHOLD_LABEL.source, "i").test(row.rating_class ?? "")
  );
}

/** The class a household row discounts: "Standard w/ 20% HHD" → "Standard", "Innovative/Household" → "Innovative". */
export function baseClassOfHouseholdRow(ratingClass: string | null | undefined): string {
  return (ratingClass ?? "")
    .replace(HOUSEHOLD_LABEL, " ")
    .replace(/^[\s/,\-–]+|[\s/,\-–]+$/g, "")
    .replace(/\s+/g, " ");
}

/**
 * One carrier's non-SELECT rows for one plan → the row giving its standard price and the row giving
 * its household price (either may be missing). Standard: the rows that are not household prices and
 * whose class passes isStandardRatingClass; several left → the higher rate (never under-quote).
 * Household: the household-price rows whose underlying class passes the same rule (so "Preferred
 * w/ 20% HHD" or "Innovative/Household" never stand in for the standard plan); several → the higher.
 */
export function chooseCarrierRows(
  naic: string,
  rows: CsgQuoteRow[],
): { standard: CsgQuoteRow | undefined; household: CsgQuoteRow | undefined } {
  const priced = rows.filter((r) => monthlyCents(r) !== null);
  const standard = highest(priced.filter((r) => !isHouseholdPriceRow(r) && isStandardRatingClass(naic, className(r))));
  const household = highest(
    priced.filter(
      (r) => isHouseholdPriceRow(r) && isStandardRatingClass(naic, baseClassOfHouseholdRow(r.rating_class)),
    ),
  );
  return { standard, household };
}

function monthlyCents(row: CsgQuoteRow): number | null {
  const month = row.rate?.month;
  return typeof month === "number" && Number.isFinite(month) && month > 0 ? Math.round(month) : null;
}

/** The household percent discount as basis points, when the row carries a plausible fraction. */
function householdDiscountBps(row: CsgQuoteRow): number | null {
  const discount = (row.discounts ?? []).find(
    (d) => d.type === "percent" && (d.name ?? "household").toLowerCase().includes("household"),
  );
  const value = discount?.value;
  // CSG sends a fraction; anything outside (0, 1) is not a discount we can apply.
  if (typeof value !== "number" || !(value > 0 && value < 1)) return null;
  return Math.round(value * 10_000);
}

function policyFeeCents(row: CsgQuoteRow): number {
  const dollars = (row.fees ?? [])
    .filter((f) => f.type === "fixed" && typeof f.value === "number" && f.value > 0)
    .reduce((sum, f) => sum + f.value!, 0);
  return Math.round(dollars * 100);
}

/** Of several candidate rows, the one with the higher rate (blitz's rule: never under-quote). */
function highest(rows: CsgQuoteRow[]): CsgQuoteRow | undefined {
  return rows.reduce<CsgQuoteRow | undefined>(
    (best, row) => (best === undefined || monthlyCents(row)! > monthlyCents(best)! ? row : best),
    undefined,
  );
}

/** CSG's AM Best rating when it is one ("A+"); "n/a", empty or anything off the scale → null. */
export function amBestRatingFromCsg(row: CsgQuoteRow): string | null {
  const rating = row.company_base?.ambest_rating?.trim() ?? "";
  return isAmBestRating(rating) ? rating : null;
}

/**
 * CSG's `rate_increases[]` → the history source, with the increases dated up to the requested effective date (the
 * price shown includes those). `since` is null: CSG lists the product's filed increases, so a year without one is a
 * year without an increase. Missing or empty list → null; one unreadable entry (no date, a change that is not a
 * fraction between −100% and +100%) → null, rather than a history with a hole in it.
 */
export function rateHistoryFromCsg(row: CsgQuoteRow, effectiveDate: string): RateHistorySource | null {
  const list = row.rate_increases;
  if (!Array.isArray(list) || list.length === 0) return null;
  const increases = [];
  for (const entry of list) {
    const date = /^\d{4}-\d{2}-\d{2}/.test(entry?.date ?? "") ? entry.date!.slice(0, 10) : null;
    const pct = entry?.rate_increase;
    if (date === null || typeof pct !== "number" || !Number.isFinite(pct) || pct <= -1 || pct >= 1) return null;
    if (date <= effectiveDate) increases.push({ date, pct });
  }
  return { increases, since: null };
}

export type CarrierGroupLookup = (naic: string) => string | undefined;

/**
 * CSG rows for one plan → one CarrierQuote per carrier (NAIC):
 *  - Medicare SELECT rows are dropped; chooseCarrierRows applies the rating-class rule, and a
 *    carrier with no standard-class row is not quoted;
 *  - the household price is the carrier's household-price row (["with_hhd"] or an HHD/Household
 *    class: its rate already includes the discount) when it is lower, else the standard rate ×
 *    (1 − discounts[].value);
 *  - rates are integer cents, fees dollars, discount values fractions (§1a).
 */
export function mapCsgRows({
  rows,
  plan,
  req,
  groupNameFor,
}: {
  rows: CsgQuoteRow[];
  plan: PlanCode;
  req: QuoteRequest;
  groupNameFor: CarrierGroupLookup;
}): CarrierQuote[] {
  const byNaic = new Map<string, CsgQuoteRow[]>();
  for (const row of rows) {
    const naic = row.company_base?.naic?.trim();
    if (!naic || row.select === true || monthlyCents(row) === null) continue;
    byNaic.set(naic, [...(byNaic.get(naic) ?? []), row]);
  }

  const quotes: CarrierQuote[] = [];
  for (const [naic, carrierRows] of byNaic) {
    const { standard, household: householdRow } = chooseCarrierRows(naic, carrierRows);
    if (!standard) continue;
    const rate = monthlyCents(standard)!;

    let household: number | null = null;
    let discountBps: number | null = null;
    if (householdRow && monthlyCents(householdRow)! < rate) {
      household = monthlyCents(householdRow)!;
      discountBps = householdDiscountBps(householdRow) ?? Math.round((1 - household / rate) * 10_000);
    } else {
      discountBps = householdDiscountBps(standard);
      household = discountBps === null ? null : householdCents(rate, discountBps);
    }
    const category = (householdRow ?? standard).discount_category?.trim() || standard.discount_category?.trim() || null;
    const company = standard.company_base!;

    quotes.push({
      naic,
      carrierName: company.name_full?.trim() || company.name?.trim() || naic,
      groupName: groupNameFor(naic) ?? (company.parent_company_base?.name?.trim() || company.name?.trim() || naic),
      plan,
      ratingMethod: ratingMethodFromCsg(standard.rate_type),
      monthlyCents: rate,
      householdMonthlyCents: household,
      discountBps: household === null ? null : discountBps,
      discountCategory: household === null ? null : category,
      policyFeeCents: policyFeeCents(standard),
      filingEffectiveDate: /^\d{4}-\d{2}-\d{2}/.test(standard.effective_date ?? "")
        ? standard.effective_date!.slice(0, 10)
        : req.effectiveDate,
      age: clampRatingAge(req.age),
      gender: req.gender,
      tobacco: req.tobacco,
      source: "csg",
      isSample: false,
      amBestRating: amBestRatingFromCsg(standard),
      rateHistory: rateHistoryFromCsg(standard, req.effectiveDate),
    });
  }
  return quotes;
}
