import { clampRatingAge, householdCents } from "@/lib/quotes/pricing";
import type { CarrierQuote, PlanCode, QuoteRequest, RatingMethod } from "@/lib/quotes/quote-provider";

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
  "company_base.naic",
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
  company_base?: { naic?: string | null; name?: string | null; name_full?: string | null; parent_company_base?: { name?: string | null } | null } | null;
};

const COUNTY_SUFFIXES = [" City and Borough", " Census Area", " County", " Parish", " Borough", " Municipio", " Municipality"];

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

/** Underwriting classes a quote must never be shown at: they need health answers we do not have. */
const NON_STANDARD_CLASS = /preferred|substandard|level\s*[2-9]|super/i;
/** Classes blitz-quote-engine2 kept as "the" standard price (plus Standard I/II variants). */
const STANDARD_CLASS = /^(|standard\b.*|achieve|value)$/i;

function className(row: CsgQuoteRow): string {
  return (row.rating_class ?? "").trim();
}

function monthlyCents(row: CsgQuoteRow): number | null {
  const month = row.rate?.month;
  return typeof month === "number" && Number.isFinite(month) && month > 0 ? Math.round(month) : null;
}

function isHouseholdRow(row: CsgQuoteRow): boolean {
  return (row.view_type ?? []).includes("with_hhd");
}

/** The household percent discount as basis points, when the row carries a plausible fraction. */
function householdDiscountBps(row: CsgQuoteRow): number | null {
  const discount = (row.discounts ?? []).find((d) => d.type === "percent" && (d.name ?? "household").toLowerCase().includes("household"));
  const value = discount?.value;
  // CSG sends a fraction; anything outside (0, 1) is not a discount we can apply.
  if (typeof value !== "number" || !(value > 0 && value < 1)) return null;
  return Math.round(value * 10_000);
}

function policyFeeCents(row: CsgQuoteRow): number {
  const dollars = (row.fees ?? []).filter((f) => f.type === "fixed" && typeof f.value === "number" && f.value > 0).reduce((sum, f) => sum + f.value!, 0);
  return Math.round(dollars * 100);
}

/** Of several candidate rows, the one with the higher rate (blitz's rule: never under-quote). */
function highest(rows: CsgQuoteRow[]): CsgQuoteRow | undefined {
  return rows.reduce<CsgQuoteRow | undefined>((best, row) => (best === undefined || monthlyCents(row)! > monthlyCents(best)! ? row : best), undefined);
}

export type CarrierGroupLookup = (naic: string) => string | undefined;

/**
 * CSG rows for one plan → one CarrierQuote per carrier (NAIC):
 *  - Medicare SELECT rows and non-standard underwriting classes are dropped;
 *  - the standard price comes from a row whose view_type is [] or ["sans_hhd"] (a standard class if
 *    the carrier has one; the higher rate if several remain);
 *  - the household price is the carrier's ["with_hhd"] row when there is one (its rate already
 *    includes the discount), else the standard rate × (1 − discounts[].value);
 *  - rates are integer cents, fees dollars, discount values fractions (§1a).
 */
export function mapCsgRows({ rows, plan, req, groupNameFor }: { rows: CsgQuoteRow[]; plan: PlanCode; req: QuoteRequest; groupNameFor: CarrierGroupLookup }): CarrierQuote[] {
  const byNaic = new Map<string, CsgQuoteRow[]>();
  for (const row of rows) {
    const naic = row.company_base?.naic?.trim();
    if (!naic || row.select === true || monthlyCents(row) === null || NON_STANDARD_CLASS.test(className(row))) continue;
    byNaic.set(naic, [...(byNaic.get(naic) ?? []), row]);
  }

  const quotes: CarrierQuote[] = [];
  for (const [naic, carrierRows] of byNaic) {
    const standardRows = carrierRows.filter((r) => !isHouseholdRow(r));
    const preferredStandard = standardRows.filter((r) => STANDARD_CLASS.test(className(r)));
    const standard = highest(preferredStandard.length > 0 ? preferredStandard : standardRows);
    if (!standard) continue;
    const rate = monthlyCents(standard)!;

    const householdRow = highest(carrierRows.filter(isHouseholdRow));
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
      filingEffectiveDate: /^\d{4}-\d{2}-\d{2}/.test(standard.effective_date ?? "") ? standard.effective_date!.slice(0, 10) : req.effectiveDate,
      age: clampRatingAge(req.age),
      gender: req.gender,
      tobacco: req.tobacco,
      source: "csg",
      isSample: false,
    });
  }
  return quotes;
}
