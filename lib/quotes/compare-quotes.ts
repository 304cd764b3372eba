import "server-only";
import { prisma } from "@/lib/db";
import type { PlanView, QuoteView, RiderPrice } from "@/lib/quotes/compare-view";
import { householdRuleLabel, householdOffer, type HouseholdRule } from "@/lib/quotes/household-rules";
import { getLocalRiderPrices } from "@/lib/quotes/local-rate-book-provider";
import { getQuoteProvider } from "@/lib/quotes/quote-provider-for-env";
import {
  PLAN_LABELS,
  plansForState,
  STANDARD_PLANS,
  type Gender,
  type PlanCode,
  type QuoteProvider,
} from "@/lib/quotes/quote-provider";
import {
  ageOnDate,
  DEFAULT_QUOTE_AGE,
  DEFAULT_QUOTE_PLAN,
  defaultEffectiveDate,
  eligiblePlans,
  isFirstEligibleBefore2020,
  selectQuotes,
} from "@/lib/quotes/select-quotes";
import {
  plansInWindow,
  standardPlanOf,
  switchWindowFor,
  type SwitchRule,
  type SwitchWindow,
} from "@/lib/quotes/switch-window";
import { RIDER_LABELS, RIDER_OPTIONS } from "@/lib/settings/org-settings-schema";
import { carriersForUnderwriting, type StateCarrierSetting } from "@/lib/settings/state-carrier-settings";
import { countyLabel } from "@/lib/zip/zip-schema";
import { findZip } from "@/lib/zip/zip-table";
import { todayInZone } from "@/lib/calendar/calendar-date";
import { rateHistory } from "@/lib/quotes/rate-history";
import { rateHistoryView } from "@/lib/quotes/rate-history-text";

/**
 * Everything the compare page shows for one person (client-side.md "Quote comparison page",
 * domain-rules.md B): their rating facts, the effective-date choices, the plans their state sells and
 * they may buy (F/HDF only when first eligible before 2020; inside a state switching window only
 * the plans the right covers), and per plan every contracted carrier's quote except the current
 * carrier's, with household price and rule text, in MN / WI / MA rider prices, and the carrier's AM Best rating
 * and rate history as of today when the source has them (lib/quotes/rate-history.ts). The browser
 * filters, re-ranks and takes the 3 cheapest (lib/quotes/compare-view.ts).
 */

export type QuoteSubject = {
  zip5: string | null;
  /** Chosen county (FIPS); default: the ZIP's largest county. */
  countyFips?: string | null;
  /** "YYYY-MM-DD" */
  birthDate: string | null;
  /** Used only without a birth date (manual quotes). */
  age?: number | null;
  gender: Gender;
  tobacco: boolean;
  /** Current carrier as stored: NAIC, group or name. Its group is never quoted. */
  currentCarrier: string | null;
  /** The current plan as stored ("Plan G"): what the switching rules compare against. */
  currentPlan: string | null;
  /** The current policy's effective date (MO's anniversary window). */
  policyEffectiveDate: string | null;
  /** The contact's latest health answers failed underwriting: Target GI narrows the carriers (docs/outreach-rules.md). */
  failedUnderwriting?: boolean;
  /** The plan to show first. */
  planType: string | null;
};

export type CompareOrganization = {
  /** The organization's carrier contracts; null = every carrier (demo and operator views). */
  carrierContracts: readonly string[] | null;
  /**
   * Settings → state × carrier: a carrier switched off (active false) in a state is not quoted there;
   * for a contact who failed underwriting, the carriers marked Target GI there are the ones quoted.
   */
  stateCarrierSettings?: readonly Pick<StateCarrierSetting, "state" | "carrier" | "active" | "targetGI">[];
  timezone: string;
  mnDefaultRiders: readonly string[];
  wiDefaultRiders: readonly string[];
  maDefaultRiders: readonly string[];
};

/**
 * The contracted carriers a contact in `state` is quoted: those not switched off for that state in the
 * organization's state × carrier settings (a setting without a state applies everywhere). Pure.
 */
export function carriersQuotedIn(
  contracted: readonly string[],
  settings: readonly Pick<StateCarrierSetting, "state" | "carrier" | "active">[],
  state: string | null,
): string[] {
  const off = new Set(
    settings.filter((s) => !s.active && (!s.state || s.state === state)).map((s) => s.carrier.trim().toLowerCase()),
  );
  return contracted.filter((carrier) => !off.has(carrier.trim().toLowerCase()));
}

export type CountyOption = { fips: string; label: string };

export type Comparison = {
  effectiveDate: string;
  /** The next 4 months, first of the month. */
  effectiveDateOptions: string[];
  age: number;
  gender: Gender;
  tobacco: boolean;
  zip5: string | null;
  state: string | null;
  county: CountyOption | null;
  /** Every county the ZIP touches, largest first (a select shows when there are several). */
  counties: CountyOption[];
  plans: PlanView[];
  initialPlan: PlanCode;
  /** The state sells its own plan designs (MN, WI, MA): the page says so. */
  statePlans: boolean;
  /** Rider choices for the state's plans, and the organization's defaults. */
  riderOptions: { id: string; name: string }[];
  defaultRiders: string[];
  switchWindow: SwitchWindow | null;
  /** Carrier brands (groupName) among the quotes, for the filter: the names people know. */
  carriers: string[];
  /** Only the carriers marked Target GI in the state are quoted (the contact failed underwriting): the page says so. */
  guaranteedIssueOnly: boolean;
  isSample: boolean;
};

export const EFFECTIVE_DATE_CHOICES = 4;

export function effectiveDateOptions(now: Date, timeZone: string): string[] {
  const first = defaultEffectiveDate(now, timeZone);
  const [y, m] = first.split("-").map(Number);
  return Array.from({ length: EFFECTIVE_DATE_CHOICES }, (_, i) => {
    const month = (m! - 1 + i) % 12;
    const year = y! + Math.floor((m! - 1 + i) / 12);
    return `${year}-${String(month + 1).padStart(2, "0")}-01`;
  });
}

function location(subject: QuoteSubject) {
  const zip5 = subject.zip5 && /^\d{5}$/.test(subject.zip5) ? subject.zip5 : null;
  const zip = zip5 ? findZip(zip5) : null;
  if (!zip) return { zip5, state: null, county: null, counties: [] as CountyOption[], countyFips: undefined };
  const counties = zip.countyDetails.map((c) => ({ fips: c.fips, label: countyLabel(c, zip.state), state: c.state }));
  const chosen = counties.find((c) => c.fips === subject.countyFips) ?? counties[0]!;
  // A ZIP across a state line is rated in the chosen county's state.
  return {
    zip5,
    state: chosen.state || zip.state,
    county: { fips: chosen.fips, label: chosen.label },
    counties: counties.map(({ fips, label }) => ({ fips, label })),
    countyFips: chosen.fips,
  };
}

function toSwitchRule(row: {
  state: string;
  ruleType: string;
  anchor: string;
  windowStartDaysBefore: number;
  windowLengthDays: number;
  constraints: unknown;
  ageMin: number | null;
  ageMax: number | null;
}): SwitchRule {
  const constraints = (row.constraints ?? {}) as { carrier?: string; plan?: string };
  return {
    ...row,
    ruleType: row.ruleType as SwitchRule["ruleType"],
    anchor: row.anchor as SwitchRule["anchor"],
    constraints,
  };
}

function toHouseholdRule(row: {
  state: string | null;
  carrierLabel: string | null;
  eligibility: string | null;
  minCohabitantAge: number | null;
  spouseOrPartnerOnly: boolean | null;
  cohabitationMonths: number | null;
  sameMembershipNumber: boolean | null;
  pctBps: number | null;
  extras: unknown;
}): HouseholdRule {
  return {
    ...row,
    state: row.state ?? "",
    carrierLabel: row.carrierLabel ?? "",
    extras: (row.extras ?? {}) as HouseholdRule["extras"],
  };
}

const DEFAULT_RIDERS_BY_STATE = { MN: "mnDefaultRiders", WI: "wiDefaultRiders", MA: "maDefaultRiders" } as const;

export type BuildComparisonInput = {
  subject: QuoteSubject;
  organization: CompareOrganization;
  now: Date;
  /** A chosen effective date; ignored unless it is one of effectiveDateOptions. */
  effectiveDate?: string | null;
  provider?: QuoteProvider;
};

export async function buildComparison({
  subject,
  organization,
  now,
  effectiveDate: chosen,
  provider = getQuoteProvider(),
}: BuildComparisonInput): Promise<Comparison> {
  const options = effectiveDateOptions(now, organization.timezone);
  const effectiveDate = chosen && options.includes(chosen) ? chosen : options[0]!;
  const age = subject.birthDate ? ageOnDate(subject.birthDate, effectiveDate) : (subject.age ?? DEFAULT_QUOTE_AGE);
  const firstEligibleBefore2020 = isFirstEligibleBefore2020({ birthDate: subject.birthDate, age, effectiveDate });
  const place = location(subject);
  const state = place.state;

  const offered = state ? plansForState(state) : STANDARD_PLANS;
  const today = todayInZone(now, organization.timezone);
  const [book, ruleRow, householdRows] = await Promise.all([
    prisma.rateBook.findFirst({
      where: { isActive: true },
      orderBy: [{ loadedAt: "desc" }, { id: "asc" }],
      select: { isSample: true },
    }),
    state ? prisma.stateSwitchRule.findUnique({ where: { state } }) : null,
    state ? prisma.householdDiscount.findMany({ where: { filingId: null, state } }) : [],
  ]);
  const switchWindow = switchWindowFor({
    rule: ruleRow ? toSwitchRule(ruleRow) : null,
    birthDate: subject.birthDate,
    policyEffectiveDate: subject.policyEffectiveDate,
    currentPlan: subject.currentPlan,
    today,
    age: subject.birthDate ? ageOnDate(subject.birthDate, today) : age,
  });
  const plans = plansInWindow(eligiblePlans(offered, firstEligibleBefore2020), switchWindow);

  const quotes =
    place.zip5 && state
      ? await provider.getQuotes({
          zip5: place.zip5,
          state,
          countyFips: place.countyFips,
          age,
          gender: subject.gender,
          tobacco: subject.tobacco,
          plans,
          effectiveDate,
        })
      : [];
  const quoted = carriersQuotedIn(
    organization.carrierContracts ?? [...new Set(quotes.flatMap((q) => [q.groupName, q.naic]))],
    organization.stateCarrierSettings ?? [],
    state,
  );
  const { carriers: contracted, guaranteedIssueOnly } = carriersForUnderwriting({
    quoted,
    settings: organization.stateCarrierSettings ?? [],
    state,
    failedUnderwriting: subject.failedUnderwriting === true,
  });
  const selections = selectQuotes(quotes, {
    contractedCarriers: contracted,
    currentCarrier: subject.currentCarrier,
    firstEligibleBefore2020,
    plans,
    perPlan: Number.POSITIVE_INFINITY,
  });

  const statePlans = state !== null && state in DEFAULT_RIDERS_BY_STATE;
  const shown = selections.flatMap((s) => s.quotes);
  const riderPrices =
    statePlans && shown.length > 0 && quotes.every((q) => q.source === "local")
      ? await getLocalRiderPrices({ state: state!, quotes: shown })
      : new Map<string, RiderPrice[]>();
  // MACRA: nobody first eligible in 2020 or later may buy Part B deductible coverage, riders included.
  const riderAllowed = (id: string) => firstEligibleBefore2020 || id !== "part_b_deductible";

  const rules = new Map(householdRows.map((row) => [row.carrierLabel ?? "", toHouseholdRule(row)]));
  const ruleOf = (groupName: string, naic: string) => {
    const label = state ? householdRuleLabel(groupName, naic, state) : null;
    return label ? rules.get(label) : undefined;
  };

  const planViews: PlanView[] = selections.map(({ plan, quotes: planQuotes }) => ({
    plan,
    label: PLAN_LABELS[plan],
    quotes: planQuotes.map((q): QuoteView => ({
      naic: q.naic,
      carrierName: q.carrierName,
      groupName: q.groupName,
      plan: q.plan,
      monthlyCents: q.monthlyCents,
      ...householdOffer(ruleOf(q.groupName, q.naic), q.groupName, q.householdMonthlyCents),
      discountCategory: q.discountCategory,
      policyFeeCents: q.policyFeeCents,
      riders: (riderPrices.get(`${q.naic}|${q.plan}`) ?? []).filter((r) => riderAllowed(r.id)),
      amBestRating: q.amBestRating ?? null,
      rateHistory: rateHistoryView(rateHistory(q.rateHistory, today)),
    })),
  }));

  const riderIds = new Set(planViews.flatMap((p) => p.quotes.flatMap((q) => q.riders.map((r) => r.id))));
  const riderOptions = RIDER_OPTIONS.filter((id) => riderIds.has(id)).map((id) => ({ id, name: RIDER_LABELS[id] }));
  const defaults = statePlans
    ? organization[DEFAULT_RIDERS_BY_STATE[state as keyof typeof DEFAULT_RIDERS_BY_STATE]]
    : [];

  const wanted = standardPlanOf(subject.planType) ?? (subject.planType?.toUpperCase() as PlanCode | undefined);
  const planCodes = planViews.map((p) => p.plan);
  const initialPlan =
    wanted && planCodes.includes(wanted)
      ? wanted
      : planCodes.includes(DEFAULT_QUOTE_PLAN)
        ? DEFAULT_QUOTE_PLAN
        : (planCodes[0] ?? DEFAULT_QUOTE_PLAN);

  return {
    effectiveDate,
    effectiveDateOptions: options,
    age,
    gender: subject.gender,
    tobacco: subject.tobacco,
    zip5: place.zip5,
    state,
    county: place.county,
    counties: place.counties,
    plans: planViews,
    initialPlan,
    statePlans,
    riderOptions,
    defaultRiders: defaults.filter((id) => riderIds.has(id)),
    switchWindow,
    carriers: [...new Set(shown.map((q) => q.groupName))].sort((a, b) => a.localeCompare(b)),
    isSample: quotes.some((q) => q.isSample) || (book?.isSample ?? false),
    guaranteedIssueOnly,
  };
}
