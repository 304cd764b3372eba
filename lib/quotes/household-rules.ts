/**
 * Who qualifies for a carrier's household discount in a state, in words (pure; domain-rules.md B.5,
 * data/reference/household-discounts/household_discount_rules.csv, stored as household_discounts rows without a filing).
 * The compare page shows this text beside the household toggle, so a visitor knows whether the
 * lower price is theirs before they choose it.
 */

export type HouseholdRule = {
  state: string;
  carrierLabel: string;
  /** cohabitant | both_insured_same_carrier | none | not_selling */
  eligibility: string | null;
  minCohabitantAge: number | null;
  spouseOrPartnerOnly: boolean | null;
  cohabitationMonths: number | null;
  sameMembershipNumber: boolean | null;
  /** Basis points built into the rate (700 = 7%). */
  pctBps: number | null;
  extras: { samePlanBps?: number; annualPayBps?: number; wearableBps?: number; newToMedicareCents12mo?: number };
};

/**
 * Humana sells two product lines with different household rules; these (NAIC, state) pairs are the
 * Achieve products, every other Humana pair is MIPPA (domain-rules.md B.5).
 */
const HUMANA_ACHIEVE: Record<string, readonly string[]> = {
  "60052": ["CA", "NJ", "SC"],
  "60219": ["PA", "TX"],
  "88595": ["DE", "MT", "NH", "SD", "WY", "WI"],
  "73288": ["GA"],
  "60984": [
    "AL",
    "AZ",
    "AR",
    "FL",
    "IL",
    "IA",
    "IN",
    "KS",
    "KY",
    "LA",
    "MI",
    "MS",
    "NE",
    "NC",
    "ND",
    "OH",
    "OK",
    "PA",
    "TN",
    "WV",
  ],
};

const GROUP_LABELS: Record<string, string> = {
  Aetna: "Aetna",
  Aflac: "Aflac",
  Allstate: "Allstate",
  Cigna: "Cigna",
  "Mutual of Omaha": "Mutual of Omaha",
  UnitedHealthcare: "UnitedHealthcare (AARP)",
  "Ace Chubb": "Ace Chubb",
  Anthem: "Anthem",
};

/** The rules file's column for a carrier group (and, for Humana, its product line in that state). */
export function householdRuleLabel(groupName: string, naic: string, state: string): string | null {
  if (groupName === "Humana")
    return HUMANA_ACHIEVE[naic]?.includes(state.toUpperCase())
      ? "Humana (Achieve products)"
      : "Humana (MIPPA products)";
  return GROUP_LABELS[groupName] ?? null;
}

const pct = (bps: number) => `${Number((bps / 100).toFixed(2))}%`;

/** One or two plain sentences: who qualifies, and any extra discounts. Null when the rule says nothing. */
export function householdRuleText(rule: HouseholdRule, carrierName: string): string | null {
  const sentences: string[] = [];
  switch (rule.eligibility) {
    case "cohabitant": {
      const who = rule.spouseOrPartnerOnly
        ? "your spouse or partner"
        : rule.minCohabitantAge
          ? `a spouse or someone who is at least ${rule.minCohabitantAge} years old`
          : "a spouse or another adult";
      const time = rule.cohabitationMonths ? ` for at least ${rule.cohabitationMonths} months` : "";
      sentences.push(`You need to live with ${who}${time}.`);
      break;
    }
    case "both_insured_same_carrier":
      sentences.push(
        `You and ${rule.spouseOrPartnerOnly ? "your spouse or partner" : "a household member"} both need ${/^[aeiou]/i.test(carrierName) ? "an" : "a"} ${carrierName} Medicare Supplement policy${rule.sameMembershipNumber ? " on the same membership" : ""}.`,
      );
      break;
    case "none":
      return `${carrierName} has no household discount in ${rule.state}.`;
    case "not_selling":
      return `${carrierName} does not sell Medicare Supplement plans in ${rule.state}.`;
    default:
      return null;
  }
  if (rule.pctBps) sentences.push(`The discount is ${pct(rule.pctBps)}.`);
  const extras: string[] = [];
  if (rule.extras.samePlanBps) extras.push(`${pct(rule.extras.samePlanBps)} more when both choose the same plan`);
  if (rule.extras.annualPayBps) extras.push(`${pct(rule.extras.annualPayBps)} for paying yearly`);
  if (rule.extras.wearableBps) extras.push(`${pct(rule.extras.wearableBps)} with a fitness wearable`);
  if (rule.extras.newToMedicareCents12mo)
    extras.push(`$${rule.extras.newToMedicareCents12mo / 100} off over the first year for people new to Medicare`);
  if (extras.length) sentences.push(`Also: ${extras.join("; ")}.`);
  return sentences.join(" ");
}

/** One row of household_discount_rules.csv → a rule (the seed's parser; pure). */
export function householdRuleFromCsv(row: Record<string, string | undefined>): HouseholdRule {
  const int = (value: string | undefined) =>
    value && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : null;
  const bool = (value: string | undefined) => (value === "yes" ? true : value === "no" ? false : null);
  const bps = (value: string | undefined) => (int(value) === null ? undefined : Math.round(Number(value) * 100));
  const extras: HouseholdRule["extras"] = {};
  if (bps(row.extra_same_plan_pct)) extras.samePlanBps = bps(row.extra_same_plan_pct);
  if (bps(row.extra_annual_pay_pct)) extras.annualPayBps = bps(row.extra_annual_pay_pct);
  if (bps(row.extra_wearable_pct)) extras.wearableBps = bps(row.extra_wearable_pct);
  if (int(row.extra_new_to_medicare_usd_12mo))
    extras.newToMedicareCents12mo = int(row.extra_new_to_medicare_usd_12mo)! * 100;
  return {
    state: (row.state ?? "").trim().toUpperCase(),
    carrierLabel: (row.carrier ?? "").trim(),
    eligibility: row.eligibility?.trim() || null,
    minCohabitantAge: int(row.min_cohabitant_age),
    spouseOrPartnerOnly: bool(row.spouse_or_partner_only),
    cohabitationMonths: int(row.cohabitation_months),
    sameMembershipNumber: bool(row.same_membership_number),
    pctBps: bps(row.built_in_pct) ?? null,
    extras,
  };
}

/**
 * What a quote card may say about the household discount: a state where the rule says the carrier has none (or does
 * not sell) gets no household price and the rule's sentence, so the page never shows a saving beside "has no household
 * discount"; otherwise the price stands and the sentence says who qualifies (only when there is a household price).
 */
export function householdOffer(
  rule: HouseholdRule | undefined,
  carrierName: string,
  householdMonthlyCents: number | null,
): { householdMonthlyCents: number | null; householdRule: string | null } {
  const text = rule ? householdRuleText(rule, carrierName) : null;
  if (rule && (rule.eligibility === "none" || rule.eligibility === "not_selling"))
    return { householdMonthlyCents: null, householdRule: text };
  return { householdMonthlyCents, householdRule: householdMonthlyCents === null ? null : text };
}
