import { PLAN_LABELS, STANDARD_PLANS, type PlanCode, type StandardPlanCode } from "@/lib/quotes/quote-provider";
import { statutoryWindowContaining } from "@/lib/outreach-schedule/windows";
import { formatLongDate } from "@/lib/calendar/date-format";

/**
 * State Medigap switching rights on the quote page (pure; domain-rules.md A.3 and
 * data/reference/state-switch-rules/state_medigap_switch_rules.json, stored in state_switch_rules).
 *
 * The original product imported a birthday-rule module on the compare page but never called it. Here,
 * when today falls inside the contact's birthday or anniversary window, or the state guarantees
 * issue all year, the page says so and shows only the plans the right covers: a switch the law
 * protects is the one an agent can place without health questions, so it is the one worth showing.
 *
 * "same_letter" (KY, MO, IN) is the sideways switch: the same plan letter with another insurer.
 * "equal_or_lesser" allows the current plan or one with fewer benefits. Carrier limits
 * (same_issuer in IL and UT) cannot be shown as a filter, because the compare page never quotes
 * the current carrier; the page explains them instead.
 */

export type SwitchRule = {
  state: string;
  ruleType: "birthday" | "anniversary" | "year_round";
  anchor: "birthday" | "birth_month_start" | "policy_anniversary" | "none";
  windowStartDaysBefore: number;
  windowLengthDays: number;
  constraints: { carrier?: string; plan?: string };
  ageMin: number | null;
  ageMax: number | null;
};

export type SwitchWindowInput = {
  rule: SwitchRule | null;
  /** "YYYY-MM-DD" */
  birthDate: string | null;
  /** The current policy's effective date, "YYYY-MM-DD": its anniversary anchors MO's window. */
  policyEffectiveDate: string | null;
  /** The contact's current plan as stored ("Plan G", "G", "HDG", …). */
  currentPlan: string | null;
  /** Today in the organization's time zone, "YYYY-MM-DD". */
  today: string;
  /** Age today (for IL's 65–75 and IN's 65+). */
  age: number;
};

export type SwitchWindow = {
  state: string;
  kind: "birthday" | "anniversary" | "year_round";
  /** Window bounds, inclusive ("YYYY-MM-DD"); null for year-round. */
  opens: string | null;
  closes: string | null;
  /** The standard plans the right covers; null = any plan. */
  allowedPlans: StandardPlanCode[] | null;
  /** What the page says, in plain words. */
  message: string;
};

/** Normalizes "Plan G", "plan g", "G", "High Deductible Plan G" to a standard code, else null. */
export function standardPlanOf(plan: string | null): StandardPlanCode | null {
  if (!plan) return null;
  const text = plan.trim().toUpperCase();
  if (/HIGH[\s-]*DEDUCTIBLE\s+(PLAN\s+)?F|^HDF$|^HD-F$/.test(text)) return "HDF";
  if (/HIGH[\s-]*DEDUCTIBLE\s+(PLAN\s+)?G|^HDG$|^HD-G$/.test(text)) return "HDG";
  const letter = text.replace(/^PLAN\s+/, "");
  return (STANDARD_PLANS as readonly string[]).includes(letter) ? (letter as StandardPlanCode) : null;
}

/**
 * Plans with benefits equal to or less than the current one. F covers everything G does plus the
 * Part B deductible; G covers everything N does plus excess charges and copays; the high-deductible
 * versions are F and G with a deductible, so they rank below their base plan.
 */
const EQUAL_OR_LESSER: Record<StandardPlanCode, StandardPlanCode[]> = {
  F: ["F", "G", "N", "HDF", "HDG"],
  G: ["G", "N", "HDG"],
  N: ["N"],
  HDF: ["HDF", "HDG"],
  HDG: ["HDG"],
};

function allowedPlans(planRule: string | undefined, current: StandardPlanCode | null): StandardPlanCode[] | null {
  if (!current || planRule === "any" || planRule === undefined) return null;
  if (planRule === "same_letter") return [current];
  if (planRule === "equal_or_lesser") return EQUAL_OR_LESSER[current];
  return null;
}

function planWords(planRule: string | undefined, current: StandardPlanCode | null): string {
  if (!current) return "a Medicare Supplement plan";
  if (planRule === "same_letter") return `another ${PLAN_LABELS[current]}`;
  if (planRule === "equal_or_lesser") return `${PLAN_LABELS[current]} or a plan with fewer benefits`;
  return "any Medicare Supplement plan";
}

function carrierWords(carrierRule: string | undefined): string {
  if (carrierRule === "same_issuer") return "with your current insurance company";
  if (carrierRule === "same_issuer_or_affiliate") return "with your current insurance company or one of its affiliates";
  if (carrierRule === "different_or_same") return "with your current or another insurance company";
  return "from any insurance company";
}

/** The window today falls in, or null when the state has no rule or today is outside every window. */
export function switchWindowFor(input: SwitchWindowInput): SwitchWindow | null {
  const { rule, today } = input;
  if (!rule) return null;
  if (rule.ageMin !== null && input.age < rule.ageMin) return null;
  if (rule.ageMax !== null && input.age > rule.ageMax) return null;
  const current = standardPlanOf(input.currentPlan);
  const planRule = rule.constraints.plan;
  const carrierRule = rule.constraints.carrier;

  if (rule.ruleType === "year_round") {
    return {
      state: rule.state,
      kind: "year_round",
      opens: null,
      closes: null,
      allowedPlans: allowedPlans(planRule, current),
      message: `In ${rule.state} you can change your Medicare Supplement plan at any time of year without answering health questions.`,
    };
  }

  const anchorSource = rule.anchor === "policy_anniversary" ? input.policyEffectiveDate : input.birthDate;
  if (!anchorSource) return null;
  const window = statutoryWindowContaining(rule, anchorSource, today);
  if (!window) return null;
  const what = planWords(planRule, current);
  const reason = rule.ruleType === "anniversary" ? "your policy anniversary" : "your birthday";
  return {
    state: rule.state,
    kind: rule.ruleType,
    opens: window.opens,
    closes: window.closes,
    allowedPlans: allowedPlans(planRule, current),
    message: `Because of ${reason}, ${rule.state} law lets you switch to ${what} ${carrierWords(carrierRule)} without answering health questions until ${formatLongDate(window.closes)}.`,
  };
}

/** The plans to show: every offered plan, or, inside a window with a plan limit, the ones it allows (state plans pass through). */
export function plansInWindow<P extends PlanCode>(plans: readonly P[], window: SwitchWindow | null): P[] {
  if (!window?.allowedPlans) return [...plans];
  const allowed = new Set<PlanCode>(window.allowedPlans);
  const kept = plans.filter((plan) => allowed.has(plan) || !(STANDARD_PLANS as readonly string[]).includes(plan));
  return kept.length > 0 ? kept : [...plans];
}
