/**
 * THE pricing model (agency-side.md §9, domain-rules F "Public pricing page"), pure and in one place:
 * change a price here and the pricing page, the plan cards, the custom-tier calculation and the
 * checkout all follow.
 *
 * - Base subscription: $100 a month, 300 contacts included.
 * - Each contact above 300: $0.33 a month (billed through the metered Stripe price: you pay for the
 *   contacts you actually have).
 * - Launch code SMS25: 25% off both for the first year ($75 base, $0.2475 a contact).
 * - Pro-only add-on: an extra agent seat $20 a month.
 * - No plan caps contacts (docs/billing.md "Contacts are not capped"): the 301st contact is simply the
 *   first one billed at $0.33. There is nothing to buy to "make room" for contacts, so the older
 *   "extra contacts in blocks of 5,000" add-on is gone.
 *
 * Money is integer cents at the edges. The per-contact price is kept in hundredths of a cent because
 * the launch price ($0.2475) is not a whole number of cents; totals are rounded to the cent once.
 */

export const PRICING = {
  basePriceCents: 10_000,
  includedContacts: 300,
  /** $0.33 in hundredths of a cent. */
  perContactCentiCents: 3_300,
  launchCode: "SMS25",
  launchDiscountPercent: 25,
  /** The launch discount applies to the first 12 months of a subscription. */
  launchDiscountMonths: 12,
  extraAgentPriceCents: 2_000,
  contactQuickPicks: [250, 1_000, 5_000, 10_000, 20_000, 40_000] as const,
} as const;

export type PriceBreakdown = {
  contacts: number;
  includedContacts: number;
  additionalContacts: number;
  /** After the launch discount when it applies. */
  basePriceCents: number;
  /** Per additional contact, in hundredths of a cent (3300 = $0.33). */
  perContactCentiCents: number;
  additionalContactsCents: number;
  extraAgents: number;
  extraAgentsCents: number;
  monthlyTotalCents: number;
  launchPricing: boolean;
};

const discounted = (amount: number, launchPricing: boolean) =>
  launchPricing ? (amount * (100 - PRICING.launchDiscountPercent)) / 100 : amount;

/** The monthly price for a number of contacts (and extra agent seats), with or without launch pricing. */
export function monthlyPrice({
  contacts,
  launchPricing = false,
  extraAgents = 0,
}: {
  contacts: number;
  launchPricing?: boolean;
  extraAgents?: number;
}): PriceBreakdown {
  const count = Math.max(0, Math.floor(Number.isFinite(contacts) ? contacts : 0));
  const seats = Math.max(0, Math.floor(extraAgents));
  const additionalContacts = Math.max(0, count - PRICING.includedContacts);
  const baseCentiCents = discounted(PRICING.basePriceCents * 100, launchPricing);
  const perContactCentiCents = discounted(PRICING.perContactCentiCents, launchPricing);
  const additionalCentiCents = additionalContacts * perContactCentiCents;
  const extraAgentsCents = seats * PRICING.extraAgentPriceCents;
  return {
    contacts: count,
    includedContacts: PRICING.includedContacts,
    additionalContacts,
    basePriceCents: Math.round(baseCentiCents / 100),
    perContactCentiCents,
    additionalContactsCents: Math.round(additionalCentiCents / 100),
    extraAgents: seats,
    extraAgentsCents,
    monthlyTotalCents: Math.round((baseCentiCents + additionalCentiCents) / 100) + extraAgentsCents,
    launchPricing,
  };
}

/** "$1,234.56"; whole dollars drop the cents ("$100") unless `cents` is forced. */
export function formatDollars(cents: number, { alwaysCents = false }: { alwaysCents?: boolean } = {}): string {
  const whole = Number.isInteger(cents / 100);
  return `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toLocaleString("en-US", {
    minimumFractionDigits: whole && !alwaysCents ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** "$0.33", "$0.2475": a per-contact price in hundredths of a cent, with as many decimals as it needs. */
export function formatPerContact(centiCents: number): string {
  const dollars = centiCents / 10_000;
  return `$${dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
}

/**
 * The custom tier for a contact count (GET /api/subscription/calculate-tier/{n}): the model's price for
 * that many contacts. Contacts are not capped, so the answer's contactLimit is -1 (unlimited, the
 * spec's convention) and extraContacts is always 0: no add-on is needed to hold any book.
 */
export function customTier(contacts: number, { launchPricing = false }: { launchPricing?: boolean } = {}) {
  const count = Math.max(0, Math.floor(contacts));
  const price = monthlyPrice({ contacts: count, launchPricing });
  return {
    contacts: count,
    contactLimit: -1,
    extraContacts: 0,
    additionalContacts: price.additionalContacts,
    monthlyTotalCents: price.monthlyTotalCents,
    basePriceCents: price.basePriceCents,
    perContactCentiCents: price.perContactCentiCents,
    includedContacts: PRICING.includedContacts,
    launchPricing,
  };
}

// ─────────────────────────────── ROI model (§9, domain-rules F) ───────────────────────────────

export const ROI_DEFAULTS = {
  /** Commission a contact pays the agent each year. */
  annualCommissionDollars: 350,
  /** Percent of the book rolled into a new policy each year. */
  annualRolloverPercent: 7,
  /** A policy earns commission for 6 years. */
  lifetimeYears: 6,
  /** The average contact is 3 years into their policy, so rolling one adds 3 years of commission. */
  averageBookAgeYears: 3,
  chartYears: 6,
} as const;

export type RoiInput = {
  contacts: number;
  monthlyCostCents: number;
  annualCommissionDollars: number;
  annualRolloverPercent: number;
};

export type RoiResult = {
  /** Contacts rolled per month: contacts × (annual rollover % ÷ 12). */
  monthlyConversions: number;
  annualConversions: number;
  /** Commission × (6 − remaining years) = commission × 3. */
  addedValuePerConversionDollars: number;
  monthlyAddedValueDollars: number;
  annualAddedValueDollars: number;
  monthlyCostDollars: number;
  annualCostDollars: number;
  netAnnualBenefitDollars: number;
  /** Yearly gain ÷ (price × 12); null when the price is 0. */
  roiMultiple: number | null;
};

const clampPercent = (p: number) => Math.min(100, Math.max(0, Number.isFinite(p) ? p : 0));
const nonNegative = (n: number) => Math.max(0, Number.isFinite(n) ? n : 0);

export function roi({
  contacts,
  monthlyCostCents,
  annualCommissionDollars,
  annualRolloverPercent,
}: RoiInput): RoiResult {
  const book = nonNegative(contacts);
  const commission = nonNegative(annualCommissionDollars);
  const rollover = clampPercent(annualRolloverPercent) / 100;
  const remainingYears = ROI_DEFAULTS.lifetimeYears - ROI_DEFAULTS.averageBookAgeYears;
  const addedValuePerConversionDollars = commission * (ROI_DEFAULTS.lifetimeYears - remainingYears);
  const monthlyConversions = (book * rollover) / 12;
  const annualConversions = book * rollover;
  const annualAddedValueDollars = annualConversions * addedValuePerConversionDollars;
  const monthlyCostDollars = monthlyCostCents / 100;
  const annualCostDollars = monthlyCostDollars * 12;
  return {
    monthlyConversions,
    annualConversions,
    addedValuePerConversionDollars,
    monthlyAddedValueDollars: monthlyConversions * addedValuePerConversionDollars,
    annualAddedValueDollars,
    monthlyCostDollars,
    annualCostDollars,
    netAnnualBenefitDollars: annualAddedValueDollars - annualCostDollars,
    roiMultiple: annualCostDollars > 0 ? annualAddedValueDollars / annualCostDollars : null,
  };
}

export type LtvPoint = { year: number; baseCase: number; rolloverCase: number };

/**
 * 'Book of Business - Remaining LTV (Millions)': the commission still to be earned from the book at
 * the start of each year 0…6. Month by month, every contact starts with (6 − 3) years left; in the
 * rollover case (annual rollover % ÷ 12) of the contacts still earning are rolled each month into a
 * new policy with the full 6 years ahead. The base case rolls no one, so it runs out after 3 years.
 */
export function remainingLtvSeries({
  contacts,
  annualCommissionDollars,
  annualRolloverPercent,
}: Omit<RoiInput, "monthlyCostCents">): LtvPoint[] {
  const book = nonNegative(contacts);
  const commission = nonNegative(annualCommissionDollars);
  const monthlyRate = clampPercent(annualRolloverPercent) / 100 / 12;
  const lifetimeMonths = ROI_DEFAULTS.lifetimeYears * 12;
  const startMonths = (ROI_DEFAULTS.lifetimeYears - ROI_DEFAULTS.averageBookAgeYears) * 12;

  function simulate(rate: number): number[] {
    // remaining[m] = contacts with m months of commission left.
    let remaining = new Array<number>(lifetimeMonths + 1).fill(0);
    remaining[startMonths] = book;
    const valueAt = () => remaining.reduce((sum, count, months) => sum + (count * commission * months) / 12, 0);
    const yearly = [valueAt()];
    for (let month = 1; month <= ROI_DEFAULTS.chartYears * 12; month++) {
      let rolled = 0;
      const next = new Array<number>(lifetimeMonths + 1).fill(0);
      for (let m = 1; m <= lifetimeMonths; m++) {
        const count = remaining[m] ?? 0;
        const moving = count * rate;
        rolled += moving;
        next[m - 1] = (next[m - 1] ?? 0) + count - moving;
      }
      next[lifetimeMonths - 1] = (next[lifetimeMonths - 1] ?? 0) + rolled;
      remaining = next;
      if (month % 12 === 0) yearly.push(valueAt());
    }
    return yearly;
  }

  const base = simulate(0);
  const rolled = simulate(monthlyRate);
  const millions = (dollars: number) => Math.round((dollars / 1_000_000) * 1000) / 1000;
  return base.map((value, year) => ({ year, baseCase: millions(value), rolloverCase: millions(rolled[year] ?? 0) }));
}
