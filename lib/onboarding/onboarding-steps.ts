/**
 * The onboarding wizard's steps (agency-side.md §4: 1 company, 2 licensing, 3 agents, 4 payment), after
 * the admin's Personal Details (§2: "Choose Plan, Personal Details, Company Details, Licensing Settings,
 * Add Team Members (pro plan only), Payment: 5 steps for the basic plan, 6 otherwise"; Choose Plan is
 * its own page, /choose-plan, done before the wizard opens, and counted as step 1).
 * `organizations.onboarding_step` holds the number of the last step saved (0: none yet). Personal Details
 * saves to the admin's own profile, not to that number (its STEP_NUMBER is 0): the wizard opens on it
 * until the company step is saved. The basic plan (one agent) skips the agents step. Pure: safe in the
 * browser bundle.
 */

export const ONBOARDING_STEPS = ["personal", "company", "licensing", "agents", "payment"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const STEP_NUMBER: Record<OnboardingStep, number> = {
  personal: 0,
  company: 1,
  licensing: 2,
  agents: 3,
  payment: 4,
};

/** The step before the wizard, counted by the pager: the plan, chosen on /choose-plan (changed on /change-plan). */
export const PLAN_STEP_TITLE = "Choose Plan";

export const STEP_TITLES: Record<OnboardingStep, string> = {
  personal: "Personal Details",
  company: "Company Settings",
  licensing: "Carrier Information",
  agents: "More Team Members?",
  payment: "Payment",
};

/** Plans that can have more than one agent get the agents step. Unknown or missing plans are treated as basic. */
export function planHasAgentsStep(plan: string | null | undefined): boolean {
  return plan === "pro" || plan === "enterprise";
}

/** The steps this plan walks through, in order. */
export function stepsForPlan(plan: string | null | undefined): OnboardingStep[] {
  return ONBOARDING_STEPS.filter((step) => step !== "agents" || planHasAgentsStep(plan));
}

/** The step to save next, from the last step saved (Personal Details is never stored in that number: from 0 it is company). */
export function nextOnboardingStep({
  savedStep,
  plan,
}: {
  savedStep: number;
  plan: string | null | undefined;
}): OnboardingStep {
  const steps = stepsForPlan(plan);
  return steps.find((step) => STEP_NUMBER[step] > savedStep) ?? "payment";
}

/** Where the wizard opens: Personal Details until the company step is saved, then the next step to save. */
export function wizardStartStep({
  savedStep,
  plan,
}: {
  savedStep: number;
  plan: string | null | undefined;
}): OnboardingStep {
  return savedStep < STEP_NUMBER.company ? "personal" : nextOnboardingStep({ savedStep, plan });
}

/** "Step n of total" as the pager counts it (`steps`: stepsForPlan): Choose Plan is step 1, so the wizard's first step is 2 (5 steps on basic, 6 otherwise). */
export function stepPosition(
  step: OnboardingStep,
  steps: readonly OnboardingStep[],
): { position: number; total: number } {
  return { position: steps.indexOf(step) + 2, total: steps.length + 1 };
}

/** Whether `step` may be opened now: it belongs to the plan and is not past the next step to do. */
export function canOpenStep({
  step,
  savedStep,
  plan,
}: {
  step: OnboardingStep;
  savedStep: number;
  plan: string | null | undefined;
}): boolean {
  if (!stepsForPlan(plan).includes(step)) return false;
  return STEP_NUMBER[step] <= STEP_NUMBER[nextOnboardingStep({ savedStep, plan })];
}

/** The step a URL asks for (?step=agents or ?step=3), if it is one. */
export function parseStep(value: unknown): OnboardingStep | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string") return null;
  const byName = ONBOARDING_STEPS.find((step) => step === raw.trim().toLowerCase());
  if (byName) return byName;
  const byNumber = ONBOARDING_STEPS.find((step) => String(STEP_NUMBER[step]) === raw.trim());
  return byNumber ?? null;
}
