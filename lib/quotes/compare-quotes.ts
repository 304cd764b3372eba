import "server-only";
import { prisma } from "@/lib/db";
import { localRateBookProvider } from "@/lib/quotes/local-rate-book-provider";
import { STANDARD_PLANS, type Gender, type QuoteProvider, type StandardPlanCode } from "@/lib/quotes/quote-provider";
import type { FoundQuoteLink } from "@/lib/quotes/quote-links";
import {
  ageOnDate,
  DEFAULT_QUOTE_AGE,
  DEFAULT_QUOTE_GENDER,
  DEFAULT_QUOTE_PLAN,
  defaultEffectiveDate,
  eligiblePlans,
  isFirstEligibleBefore2020,
  selectQuotes,
  type PlanSelection,
} from "@/lib/quotes/select-quotes";
import { findZip } from "@/lib/zip/zip-table";

/**
 * What the compare page shows for one quote link: the contact's rating facts (age on the default
 * effective date, gender, tobacco, ZIP/state/county), the plans F/G/N/HDF/HDG they may buy, and per
 * plan the 3 cheapest quotes from the organization's contracted carriers, never the current carrier.
 */

export type CompareQuotesResult = {
  effectiveDate: string;
  age: number;
  gender: Gender;
  tobacco: boolean;
  zip5: string | null;
  state: string | null;
  plans: PlanSelection[];
  /** The plan shown first: the link's or contact's plan when it is one of `plans`, else G. */
  initialPlan: StandardPlanCode;
  /** The active rate book holds sample (synthetic) rates. */
  isSample: boolean;
};

function locate(contact: FoundQuoteLink["contact"]): { zip5: string | null; state: string | null; countyFips?: string } {
  const zip5 = contact.zipCode && /^\d{5}/.test(contact.zipCode) ? contact.zipCode.slice(0, 5) : null;
  const state = contact.state?.toUpperCase() || (zip5 ? (findZip(zip5)?.state ?? null) : null);
  return { zip5, state, countyFips: contact.countyFips ?? undefined };
}

export async function compareQuotes({ link, now, provider = localRateBookProvider }: { link: FoundQuoteLink; now: Date; provider?: QuoteProvider }): Promise<CompareQuotesResult> {
  const { contact, organization } = link;
  const effectiveDate = defaultEffectiveDate(now, organization.timezone);
  const birthDate = contact.birthDate ? contact.birthDate.toISOString().slice(0, 10) : null;
  const age = birthDate ? ageOnDate(birthDate, effectiveDate) : DEFAULT_QUOTE_AGE;
  const gender = contact.gender ?? DEFAULT_QUOTE_GENDER;
  const tobacco = contact.tobaccoUser;
  const firstEligibleBefore2020 = isFirstEligibleBefore2020({ birthDate, age, effectiveDate });
  const plans = eligiblePlans(STANDARD_PLANS, firstEligibleBefore2020) as StandardPlanCode[];
  const { zip5, state, countyFips } = locate(contact);

  const book = await prisma.rateBook.findFirst({ where: { isActive: true }, orderBy: [{ loadedAt: "desc" }, { id: "asc" }], select: { isSample: true } });
  const quotes = zip5 && state ? await provider.getQuotes({ zip5, state, countyFips, age, gender, tobacco, plans, effectiveDate }) : [];
  const selected = selectQuotes(quotes, {
    contractedCarriers: organization.carrierContracts,
    currentCarrier: contact.currentCarrierNaic ?? contact.currentCarrier,
    firstEligibleBefore2020,
    plans,
  });

  const wanted = (link.link.planType ?? contact.planType ?? "").trim().toUpperCase().replace(/^PLAN\s+/, "");
  const initialPlan = (plans as string[]).includes(wanted) ? (wanted as StandardPlanCode) : (DEFAULT_QUOTE_PLAN as StandardPlanCode);
  return { effectiveDate, age, gender, tobacco, zip5, state, plans: selected, initialPlan, isSample: quotes.some((q) => q.isSample) || (book?.isSample ?? false) };
}

/** "$127.45/mo" */
export function formatMonthly(cents: number): string {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}/mo`;
}
