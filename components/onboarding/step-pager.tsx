"use client";

import type { OnboardingStep } from "@/lib/onboarding/onboarding-steps";
import { STEP_TITLES } from "@/lib/onboarding/onboarding-steps";

export type StepPagerProps = {
  steps: OnboardingStep[];
  current: OnboardingStep;
  /** Steps that may be opened (already reached). */
  reachable: (step: OnboardingStep) => boolean;
  onSelect: (step: OnboardingStep) => void;
  onBack: () => void;
};

/** The dot pager: one dot per step of the plan, a back arrow enabled after the first step. */
export function StepPager({ steps, current, reachable, onSelect, onBack }: StepPagerProps) {
  const index = steps.indexOf(current);
  return (
    <nav aria-label="Setup steps" className="flex items-center justify-between">
      <button
        type="button"
        onClick={onBack}
        disabled={index <= 0}
        aria-label="Previous step"
        className="inline-flex h-9 w-9 items-center justify-center rounded-full text-gray-600 ring-1 ring-gray-200 transition hover:bg-gray-100 hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="h-5 w-5">
          <path fillRule="evenodd" d="M12.79 5.23a.75.75 0 0 1-.02 1.06L8.83 10l3.94 3.71a.75.75 0 1 1-1.04 1.08l-4.5-4.25a.75.75 0 0 1 0-1.08l4.5-4.25a.75.75 0 0 1 1.06.02Z" clipRule="evenodd" />
        </svg>
      </button>
      <ol className="flex items-center gap-3">
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
                aria-label={`Step ${i + 1} of ${steps.length}: ${STEP_TITLES[step]}`}
                className={`block h-2.5 rounded-full transition-all focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-default ${
                  isCurrent ? "w-8 bg-brand-600" : isDone ? "w-2.5 bg-brand-500 hover:bg-brand-600" : "w-2.5 bg-gray-300"
                }`}
              />
            </li>
          );
        })}
      </ol>
      <p className="w-9 text-right text-xs font-medium whitespace-nowrap text-gray-500" aria-hidden="true">
        {index + 1}/{steps.length}
      </p>
    </nav>
  );
}
