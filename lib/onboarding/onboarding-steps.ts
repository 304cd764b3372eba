/**
 * The onboarding wizard's steps (agency-side.md §4: 1 company, 2 licensing, 3 agents, 4 payment).
 * `organizations.onboarding_step` holds the number of the last step saved (0: none yet). The basic
 * plan (one agent) skips the agents step. Pure: safe in the browser bundle.
 */

export const ONBOARDING_STEPS = ["company", "licensing", "agents", "payment"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const STEP_NUMBER: Record<OnboardingStep, number> = { company: 1, licensing: 2, agents: 3, payment: 4 };

export const STEP_TITLES: Record<OnboardingStep, string> = {
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

/** The step to show next, from the last step saved. */
export function nextOnboardingStep({ savedStep, plan }: { savedStep: number; plan: string | null | undefined }): OnboardingStep {
  const steps = stepsForPlan(plan);
  return steps.find((step) => STEP_NUMBER[step] > savedStep) ?? "payment";
}

/** Whether `step` may be opened now: it belongs to the plan and is not past the next step to do. */
export function canOpenStep({ step, savedStep, plan }: { step: OnboardingStep; savedStep: number; plan: string | null | undefined }): boolean {
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
