import "server-only";
import { prisma } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { clampRatingAge, COMMUNITY_AGE, householdCents } from "@/lib/quotes/pricing";
import type { CarrierQuote, PlanCode, QuoteProvider, QuoteRequest, RatingMethod } from "@/lib/quotes/quote-provider";
import { RIDER_LABELS, RIDER_OPTIONS } from "@/lib/settings/org-settings-schema";
import { findZip } from "@/lib/zip/zip-table";
import { isoDate } from "@/lib/calendar/calendar-date";
import { increasesFromPrices } from "@/lib/quotes/rate-history";

/**
 * Quotes from the local rate book (the global rate_books tables, base client: no organization_id).
 * One SQL statement per request:
 *  - the active rate book (the most recently loaded active one);
 *  - each carrier's rating area for the person: precedence zip5 > zip3 > county > state
 *    (RatingAreaKind's declaration order, so ORDER BY kind picks the most specific);
 *  - each carrier's newest filing with effective_date ≤ the requested effective date (version switch);
 *  - the cell for plan / area / age (0 when community-rated) / gender (or unisex) / tobacco;
 *  - the filing's household discount and policy fee;
 *  - the carrier's AM Best rating from the book's carriers.csv (rate_book_carriers), when the book has one;
 *  - the rate history: the same person's cell (plan, area, age or 0 when community-rated, gender or unisex, tobacco)
 *    in each of the carrier's filings in the state up to the quote's, so the change at each filing is what this
 *    person's price did (increasesFromPrices, lib/quotes/rate-history.ts).
 * Every step is an index lookup (rating_areas (book, state, kind, code), rate_filings (naic, state,
 * effective_date desc), rate_cells' unique key, household_discounts (filing_id)).
 */

type Row = {
  naic: string;
  carrier_name: string;
  group_name: string;
  plan: string;
  rating_method: RatingMethod;
  rate_cents: number;
  household_rate_cents: number | null;
  gender: "M" | "F" | null;
  pct_bps: number | null;
  category: string | null;
  policy_fee_cents: number;
  filing_effective_date: string;
  is_sample: boolean;
  am_best_rating: string | null;
  history: { date: string; cents: number }[] | null;
};

/** The county used for county-rated carriers: the requested one, else the ZIP's largest county in the state. */
function countyFor(req: QuoteRequest): string | null {
  if (req.countyFips) return req.countyFips;
  const zip = findZip(req.zip5);
  return zip?.countyDetails.find((c) => c.state === req.state)?.fips ?? null;
}

export async function getLocalQuotes(req: QuoteRequest): Promise<CarrierQuote[]> {
  if (req.plans.length === 0) return [];
  const age = clampRatingAge(req.age);
  const state = req.state.toUpperCase();
  const county = countyFor(req);
  const allow = req.naicAllow
    ? req.naicAllow.length > 0
      ? Prisma.sql`AND f.carrier_naic IN (${Prisma.join(req.naicAllow)})`
      : Prisma.sql`AND false`
    : Prisma.empty;
  const exclude =
    req.naicExclude && req.naicExclude.length > 0
      ? Prisma.sql`AND f.carrier_naic NOT IN (${Prisma.join(req.naicExclude)})`
      : Prisma.empty;

  const rows = await prisma.$queryRaw<Row[]>`
    WITH book AS (
      SELECT id, is_sample FROM rate_books WHERE is_active ORDER BY loaded_at DESC, id LIMIT 1
    ), area AS (
      SELECT DISTINCT ON (ra.carrier_naic) ra.carrier_naic, ra.area_code
      FROM rating_areas ra JOIN book ON ra.rate_book_id = book.id
      WHERE ra.state = ${state} AND (
        (ra.kind = 'zip5' AND ra.code = ${req.zip5}) OR (ra.kind = 'zip3' AND ra.code = ${req.zip5.slice(0, 3)})
        OR (ra.kind = 'county' AND ra.code = ${county}) OR (ra.kind = 'state' AND ra.code = ${state}))
      ORDER BY ra.carrier_naic, ra.kind
    ), filing AS (
      SELECT DISTINCT ON (f.carrier_naic) f.id, f.carrier_naic, f.effective_date, f.rating_method, f.policy_fee_cents, a.area_code
      FROM area a JOIN book ON true
      JOIN rate_filings f ON f.rate_book_id = book.id AND f.carrier_naic = a.carrier_naic AND f.state = ${state} AND f.effective_date <= ${req.effectiveDate}::date
      WHERE true ${allow} ${exclude}
      ORDER BY f.carrier_naic, f.effective_date DESC
    )
    SELECT f.carrier_naic AS naic, COALESCE(c.name_full, c.name) AS carrier_name, COALESCE(c.group_name, c.name) AS group_name,
      rc.plan, f.rating_method::text AS rating_method, rc.rate_cents, rc.household_rate_cents, rc.gender::text AS gender,
      hd.pct_bps, hd.category, f.policy_fee_cents, to_char(f.effective_date, 'YYYY-MM-DD') AS filing_effective_date, book.is_sample,
      rbc.am_best_rating, h.history
    FROM filing f
    CROSS JOIN book
    JOIN carriers c ON c.naic = f.carrier_naic AND c.is_active
    LEFT JOIN rate_book_carriers rbc ON rbc.rate_book_id = book.id AND rbc.carrier_naic = f.carrier_naic
    JOIN rate_cells rc ON rc.filing_id = f.id AND rc.area_code = f.area_code AND rc.plan IN (${Prisma.join(req.plans)})
      AND rc.age = CASE WHEN f.rating_method = 'community' THEN ${COMMUNITY_AGE}::int ELSE ${age}::int END
      AND rc.tobacco = ${req.tobacco} AND (rc.gender = ${req.gender}::"Gender" OR rc.gender IS NULL)
    LEFT JOIN LATERAL (
      SELECT h.pct_bps, h.category FROM household_discounts h WHERE h.filing_id = f.id ORDER BY h.pct_bps DESC NULLS LAST LIMIT 1
    ) hd ON true
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('date', p.date, 'cents', p.cents) ORDER BY p.date) AS history FROM (
        SELECT DISTINCT ON (pf.id) to_char(pf.effective_date, 'YYYY-MM-DD') AS date, pc.rate_cents AS cents
        FROM rate_filings pf
        JOIN rate_cells pc ON pc.filing_id = pf.id AND pc.plan = rc.plan AND pc.area_code = f.area_code
          AND pc.age = CASE WHEN pf.rating_method = 'community' THEN ${COMMUNITY_AGE}::int ELSE ${age}::int END
          AND pc.tobacco = ${req.tobacco} AND (pc.gender = ${req.gender}::"Gender" OR pc.gender IS NULL)
        WHERE pf.rate_book_id = book.id AND pf.carrier_naic = f.carrier_naic AND pf.state = ${state}
          AND pf.effective_date <= f.effective_date
        ORDER BY pf.id, pc.gender NULLS LAST
      ) p
    ) h ON true`;

  // One row per carrier and plan: a gendered cell wins over a unisex one.
  const byKey = new Map<string, Row>();
  for (const row of rows) {
    const key = `${row.naic}|${row.plan}`;
    const kept = byKey.get(key);
    if (!kept || (kept.gender === null && row.gender !== null)) byKey.set(key, row);
  }

  return [...byKey.values()].map((row) => {
    const rate = Number(row.rate_cents);
    const pct = row.pct_bps === null ? null : Number(row.pct_bps);
    const household =
      row.household_rate_cents !== null
        ? Number(row.household_rate_cents)
        : pct !== null
          ? householdCents(rate, pct)
          : null;
    return {
      naic: row.naic,
      carrierName: row.carrier_name,
      groupName: row.group_name,
      plan: row.plan as PlanCode,
      ratingMethod: row.rating_method,
      monthlyCents: rate,
      householdMonthlyCents: household,
      discountBps: pct,
      discountCategory: household === null ? null : row.category,
      policyFeeCents: Number(row.policy_fee_cents),
      filingEffectiveDate: row.filing_effective_date,
      age,
      gender: req.gender,
      tobacco: req.tobacco,
      source: "local",
      isSample: row.is_sample,
      amBestRating: row.am_best_rating,
      rateHistory: increasesFromPrices(row.history ?? []),
    } satisfies CarrierQuote;
  });
}

/** The local rate book as a QuoteProvider (the default provider, and the one CI uses). */
export const localRateBookProvider: QuoteProvider = {
  name: "local-rate-book",
  getQuotes: getLocalQuotes,
};

/**
 * Monthly rider prices for quotes of the state plans (MN / WI / MA), keyed "naic|plan": the riders
 * of the filing each quote came from, for that plan (or every plan), flat or for the quote's age.
 */
export async function getLocalRiderPrices({
  state,
  quotes,
}: {
  state: string;
  quotes: readonly CarrierQuote[];
}): Promise<Map<string, { id: string; name: string; monthlyCents: number }[]>> {
  const result = new Map<string, { id: string; name: string; monthlyCents: number }[]>();
  if (quotes.length === 0) return result;
  const naics = [...new Set(quotes.map((q) => q.naic))];
  const rows = await prisma.riderRate.findMany({
    where: {
      filing: { state: state.toUpperCase(), carrierNaic: { in: naics }, rateBook: { isActive: true } },
    },
    select: {
      riderId: true,
      plan: true,
      age: true,
      rateCents: true,
      filing: { select: { carrierNaic: true, effectiveDate: true } },
    },
  });
  for (const quote of quotes) {
    const mine = rows.filter(
      (r) =>
        r.filing.carrierNaic === quote.naic &&
        isoDate(r.filing.effectiveDate) === quote.filingEffectiveDate &&
        (r.plan === null || r.plan === quote.plan) &&
        (r.age === null || r.age === quote.age),
    );
    const byRider = new Map<string, number>();
    // A plan-specific or age-specific price wins over the filing-wide one.
    for (const r of mine.sort(
      (a, b) => Number(a.plan !== null) + Number(a.age !== null) - (Number(b.plan !== null) + Number(b.age !== null)),
    ))
      byRider.set(r.riderId, r.rateCents);
    result.set(
      `${quote.naic}|${quote.plan}`,
      RIDER_OPTIONS.filter((id) => byRider.has(id)).map((id) => ({
        id,
        name: RIDER_LABELS[id],
        monthlyCents: byRider.get(id)!,
      })),
    );
  }
  return result;
}
