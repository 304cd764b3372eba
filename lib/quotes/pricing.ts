import type { Gender, RatingMethod } from "@/lib/quotes/quote-provider";

/**
 * Medigap pricing math (pure; quote-engine.md §1c): premium = base × area × age × gender × tobacco,
 * rounded to whole cents; household rate = round(rate × (1 − pct)). Used by the sample generator to
 * build rate cells and by the provider for household rates.
 */

export const MIN_RATING_AGE = 64;
export const MAX_RATING_AGE = 99;
/** The age stored on community-rated cells ("any age"). */
export const COMMUNITY_AGE = 0;

/** Ages the rate book stores: 64 (about to turn 65) through 99; older ages are rated as 99. */
export function clampRatingAge(age: number): number {
  return Math.min(MAX_RATING_AGE, Math.max(MIN_RATING_AGE, Math.trunc(age)));
}

/**
 * The age a filing rates on. Attained-age: age on the effective date. Issue-age: age at purchase,
 * which for a new quote is the same. Community-rated: no age (COMMUNITY_AGE).
 */
export function ratingAge(method: RatingMethod, ageOnEffectiveDate: number): number {
  return method === "community" ? COMMUNITY_AGE : clampRatingAge(ageOnEffectiveDate);
}

/** The gender a cell is stored under: community-rated filings are unisex (null). */
export function ratingGender(method: RatingMethod, gender: Gender): Gender | null {
  return method === "community" ? null : gender;
}

export type RateFactors = {
  /** Monthly premium at the reference point (age 65, male, non-tobacco, area factor 1). */
  baseCents: number;
  areaFactor: number;
  /** Age factor by age (1 at 65). Ignored for community rating. */
  ageFactors: ReadonlyMap<number, number>;
  /** Applied to women (typically 0.90–0.95). Ignored for community rating. */
  femaleFactor: number;
  /** Applied to tobacco users (≥ 1; typically 1.10–1.20). */
  tobaccoFactor: number;
};

export type RateCellKey = { age: number; gender: Gender | null; tobacco: boolean };

/** Monthly premium in cents for one cell of a filing. */
export function premiumCents(factors: RateFactors, method: RatingMethod, cell: RateCellKey): number {
  if (factors.tobaccoFactor < 1) throw new Error("tobaccoFactor must be ≥ 1");
  let value = factors.baseCents * factors.areaFactor;
  if (method !== "community") {
    const ageFactor = factors.ageFactors.get(clampRatingAge(cell.age));
    if (ageFactor === undefined) throw new Error(`No age factor for age ${cell.age}`);
    value *= ageFactor;
    if (cell.gender === "F") value *= factors.femaleFactor;
  }
  if (cell.tobacco) value *= factors.tobaccoFactor;
  return Math.round(value);
}

/** Household-discounted premium: round(rate × (1 − pct)), pct in basis points (700 = 7%). */
export function householdCents(rateCents: number, pctBps: number): number {
  if (!Number.isInteger(pctBps) || pctBps < 0 || pctBps > 10_000)
    throw new Error(`Invalid household discount ${pctBps} bps`);
  return Math.round((rateCents * (10_000 - pctBps)) / 10_000);
}

/**
 * National average Plan G premium by age 64–85 (2018 price survey; data/reference/age-curve/
 * medigap_avg_premium_by_age_2018.csv). The shape of the sample book's attained-age curves.
 */
export const PLAN_G_AVERAGE_2018: Readonly<Record<number, number>> = {
  64: 113.14,
  65: 113.52,
  66: 114.91,
  67: 114.8,
  68: 116.98,
  69: 120.6,
  70: 124.63,
  71: 126.73,
  72: 130.38,
  73: 135.64,
  74: 139.6,
  75: 145.2,
  76: 148.08,
  77: 151.61,
  78: 156.32,
  79: 165.75,
  80: 164.29,
  81: 168.54,
  82: 171.52,
  83: 177.7,
  84: 179.93,
  85: 184.22,
};

export type AgeCurveOptions = {
  /** Multiplies the national curve's rise above 65 (0.8 = flatter, 1.25 = steeper). */
  steepness?: number;
  /** The curve stays at 1 through this age (many carriers are flat 65–67 or 68). */
  flatThrough?: number;
  /** Yearly rise after 85, where the survey stops (default 2.5%, times steepness). */
  growthAfter85?: number;
};

/**
 * An attained-age curve for ages 64–99 (factor 1 at 65): the 2018 national Plan G curve, scaled,
 * flat through `flatThrough`, extended past 85 at `growthAfter85`, and made non-decreasing (the survey
 * has small dips at 80 and 83).
 */
export function attainedAgeCurve(options: AgeCurveOptions = {}): Map<number, number> {
  const steepness = options.steepness ?? 1;
  const flatThrough = Math.max(65, options.flatThrough ?? 65);
  const growth = (options.growthAfter85 ?? 0.025) * steepness;
  const national = (age: number) => PLAN_G_AVERAGE_2018[age]! / PLAN_G_AVERAGE_2018[65]!;
  const flatLevel = national(flatThrough);
  const curve = new Map<number, number>();
  let previous = 0;
  for (let age = MIN_RATING_AGE; age <= MAX_RATING_AGE; age++) {
    let factor: number;
    if (age < 65) factor = national(age);
    else if (age <= flatThrough) factor = 1;
    else if (age <= 85) factor = 1 + steepness * (national(age) - flatLevel);
    else factor = curve.get(85)! * (1 + growth) ** (age - 85);
    if (age >= 65) factor = Math.max(factor, previous);
    curve.set(age, factor);
    previous = factor;
  }
  return curve;
}
