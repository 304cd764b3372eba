"use client";

import Link from "next/link";
import type { OnboardingStep } from "@/lib/onboarding/onboarding-steps";
import { PLAN_STEP_TITLE, STEP_TITLES, stepPosition } from "@/lib/onboarding/onboarding-steps";
import { Button, buttonClass } from "@/components/ui/button";
import { focusRing } from "@/components/ui/focus";

export type StepPagerProps = {
  steps: OnboardingStep[];
  current: OnboardingStep;
  /** Steps that may be opened (already reached). */
  reachable: (step: OnboardingStep) => boolean;
  onSelect: (step: OnboardingStep) => void;
  onBack: () => void;
  /** Where the Choose Plan step (done before the wizard, counted as step 1) is changed. */
  planStepHref: string;
};

/** A dot's target: 44 px tall and at least 24 px wide around the small visible dot (WCAG 2.5.8), with a focus ring. */
const dotTarget = `inline-flex h-11 min-w-6 items-center justify-center rounded-md ${focusRing}`;

function BackArrow() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="h-5 w-5">
      <path
        fillRule="evenodd"
        d="M12.79 5.23a.75.75 0 0 1-.02 1.06L8.83 10l3.94 3.71a.75.75 0 1 1-1.04 1.08l-4.5-4.25a.75.75 0 0 1 0-1.08l4.5-4.25a.75.75 0 0 1 1.06.02Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * The dot pager: Choose Plan (done before the wizard: a link to where the plan is changed), then one dot
 * per step of the plan, so 5 steps on the basic plan and 6 otherwise. The back arrow is enabled after
 * step 1: from the wizard's first step it goes back to the plan.
 */
export function StepPager({ steps, current, reachable, onSelect, onBack, planStepHref }: StepPagerProps) {
  const index = steps.indexOf(current);
  const { position, total } = stepPosition(current, steps);
  return (
    <nav aria-label="Setup steps" className="flex items-center justify-between">
      {index <= 0 ? (
        <Link
          href={planStepHref}
          aria-label="Previous step"
          className={buttonClass({ variant: "secondary", size: "sm" })}
        >
          <BackArrow />
        </Link>
      ) : (
        <Button variant="secondary" size="sm" onClick={onBack} aria-label="Previous step">
          <BackArrow />
        </Button>
      )}
      <ol className="flex items-center gap-1">
        <li>
          <Link
            href={planStepHref}
            aria-label={`Step 1 of ${total}: ${PLAN_STEP_TITLE}`}
            className={`group ${dotTarget}`}
          >
            <span
              aria-hidden="true"
              className="block h-2.5 w-2.5 rounded-full bg-brand-600 transition-all group-hover:bg-brand-700"
            />
          </Link>
        </li>
        {steps.map((step, i) => {
          const isCurrent = step === current;
          const isDone = i < index;
          return (
            <li key={step}>
              <button
                type="button"
                onClick={() => onSelect(step)}
                disabled={isCurrent || !reachable(step)}
                aria-current={isCurrent ? "step" : undefined}
                aria-label={`Step ${stepPosition(step, steps).position} of ${total}: ${STEP_TITLES[step]}`}
                className={`group ${dotTarget} disabled:cursor-default`}
              >
                <span
                  aria-hidden="true"
                  className={`block h-2.5 rounded-full transition-all ${isCurrent ? "w-8 bg-brand-600" : isDone ? "w-2.5 bg-brand-600 group-hover:bg-brand-700" : "w-2.5 bg-gray-500"}`}
                />
              </button>
            </li>
          );
        })}
      </ol>
      <p className="w-11 text-right text-xs font-medium whitespace-nowrap text-gray-600" aria-hidden="true">
        {position}/{total}
      </p>
    </nav>
  );
}
