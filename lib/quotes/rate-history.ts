/**
 * A carrier's rate history and what it projects (issue #20 point 2; docs/architecture.md "Rate history and carrier strength"). Pure, no
 * imports: the compare page's browser code sorts with it, so it must not bring date libraries into the first load.
 *
 * - The history is the increases filed in the last HISTORY_YEARS years before `now`: local rate book filings
 *   (increasesFromPrices: the same rating cell's premium in successive filings) or CSG's `rate_increases`.
 * - The average is the compound annual rate: the increases multiplied together, spread evenly over the years the
 *   history covers (from the later of the window's start and the first known price, to `now`). Not the simple mean
 *   of the increases, which would call one 8% rise in three years "8% a year".
 * - No history (null) without an increase in the window, or when the history covers less than MIN_SPAN_YEARS:
 *   a yearly average from a few months is not a figure to show.
 * - The 5-year projection grows today's yearly cost by the average each year; it leaves out the age curve (the
 *   quotes do not carry it), and the page says so.
 */

/** A rate change: `pct` is a fraction (0.077 = +7.7%, −0.02 = a 2% decrease). */
export type DatedIncrease = { date: string; pct: number };

/**
 * What a quote provider knows: the increases and the date from which its list is complete (`since`: the first
 * filing of the carrier in the local book; null when the source lists every filed increase, as CSG does).
 */
export type RateHistorySource = { increases: DatedIncrease[]; since: string | null };

/** The history shown on a quote: the increases in the window, the years they cover and their yearly average. */
export type RateHistory = {
  increases: DatedIncrease[];
  /** The span the average is over: from the later of the window's start and the first known price, to `now`. */
  from: string;
  to: string;
  /** True when `from` is the window's start: the history covers the whole HISTORY_YEARS years. */
  fullWindow: boolean;
  /** Compound annual rate, a fraction. */
  averageAnnualPct: number;
};

export const HISTORY_YEARS = 3;
export const MIN_SPAN_YEARS = 1;
export const PROJECTION_YEARS = 5;
const DAY_MS = 86_400_000;
const DAYS_PER_YEAR = 365.25;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utc(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? time : null;
}

/** The same day `years` earlier; February 29 becomes February 28 in a year without one. */
export function yearsBefore(date: string, years: number): string {
  const match = ISO_DATE.exec(date);
  if (!match || utc(date) === null) throw new Error(`Not a calendar date: ${date}`);
  const year = String(Number(match[1]) - years).padStart(4, "0");
  const same = `${year}-${match[2]}-${match[3]}`;
  return utc(same) === null ? `${year}-${match[2]}-28` : same;
}

/**
 * The premiums of one rating cell (same plan, area, age, gender, tobacco) in a carrier's successive filings →
 * the change at each filing after the first, dated at that filing, and `since`: the first filing's date.
 * Fewer than two prices give no increases.
 */
export function increasesFromPrices(prices: readonly { date: string; cents: number }[]): RateHistorySource {
  const sorted = prices
    .filter((p) => utc(p.date) !== null && Number.isFinite(p.cents) && p.cents > 0)
    .sort((a, b) => a.date.localeCompare(b.date));
  const increases: DatedIncrease[] = [];
  for (let i = 1; i < sorted.length; i++)
    increases.push({ date: sorted[i]!.date, pct: sorted[i]!.cents / sorted[i - 1]!.cents - 1 });
  return { increases, since: sorted[0]?.date ?? null };
}

/** The history to show at `now` ("YYYY-MM-DD"), or null when there is none to show (see the module's note). */
export function rateHistory(source: RateHistorySource | null | undefined, now: string): RateHistory | null {
  if (!source || utc(now) === null) return null;
  const windowStart = yearsBefore(now, HISTORY_YEARS);
  const from = source.since !== null && source.since > windowStart ? source.since : windowStart;
  if (utc(from) === null) return null;
  const increases = source.increases
    .filter((i) => utc(i.date) !== null && i.date > from && Number.isFinite(i.pct) && i.pct > -1)
    .sort((a, b) => a.date.localeCompare(b.date));
  if (increases.length === 0) return null;
  const last = increases[increases.length - 1]!.date;
  const to = last > now ? last : now;
  const years = (utc(to)! - utc(from)!) / DAY_MS / DAYS_PER_YEAR;
  if (years < MIN_SPAN_YEARS) return null;
  const growth = increases.reduce((product, i) => product * (1 + i.pct), 1);
  return {
    increases,
    from,
    to,
    fullWindow: from === windowStart,
    averageAnnualPct: growth ** (1 / years) - 1,
  };
}

/**
 * The projected cost of the next PROJECTION_YEARS years, in cents: the first year at today's monthly price × 12,
 * each later year higher by the average yearly rate. No age curve.
 */
export function projectedCostCents(monthlyCents: number, averageAnnualPct: number, years = PROJECTION_YEARS): number {
  let total = 0;
  for (let year = 0; year < years; year++) total += monthlyCents * 12 * (1 + averageAnnualPct) ** year;
  return Math.round(total);
}

/** "+4.2%", "−1.5%", "0.0%": a fraction as a signed percent with one decimal. */
export function formatPct(fraction: number): string {
  const value = Math.round(fraction * 1000) / 10;
  if (value === 0) return "0.0%";
  return `${value > 0 ? "+" : "−"}${Math.abs(value).toFixed(1)}%`;
}
