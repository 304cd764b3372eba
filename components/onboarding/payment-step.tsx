"use client";

import { useState } from "react";
import { CardCheckout, type CheckoutPayer } from "@/components/billing/card-checkout";
import { ContinueButton, FormAlert, saveFailureMessage, StepHeader } from "@/components/onboarding/form-controls";
import { apiCall } from "@/lib/api/browser-client";
import type { OnboardingCompleteResponse } from "@/lib/onboarding/onboarding-schema";

export const BILLING_DISABLED_TEXT = "Billing is disabled in this mode";
const FINISH_FAILED = "Payment processing failed. Please try again.";

export type PaymentStepProps = {
  /** "off": the embedded mode without Stripe. */
  payments: "off" | "stripe";
  planName: string;
  /** Who pays (the wizard's Personal Details, as the server page loaded and the user saved them). */
  payer: CheckoutPayer;
  onFinished: (redirectUrl: string) => void;
};

/**
 * Step 4: Payment. With billing off it says so and finishes setup. With Stripe it is the embedded card
 * checkout; the payment being recorded (payment-complete, or the checkout webhook) finishes setup.
 */
export function PaymentStep({ payments, planName, payer, onFinished }: PaymentStepProps) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function finish() {
    setSaving(true);
    setError(null);
    const result = await apiCall<OnboardingCompleteResponse>("/api/onboarding/complete", { method: "POST", body: {} });
    if (result.ok) {
      onFinished(result.body.redirectUrl);
      return;
    }
    setError(saveFailureMessage(result, FINISH_FAILED));
    setSaving(false);
  }

  return (
    <div className="space-y-6">
      <StepHeader title="Payment" subtitle="Last step: your subscription." />
      {payments === "off" ? (
        <div className="flex gap-4 rounded-lg bg-brand-50 p-5 ring-1 ring-brand-100">
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            aria-hidden="true"
            className="h-8 w-8 shrink-0 text-brand-600"
          >
            <path
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M2.25 8.25h19.5M2.25 9h19.5m-16.5 5.25h6m-6 2.25h3m-3.75 3h15a2.25 2.25 0 0 0 2.25-2.25V6.75A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25v10.5A2.25 2.25 0 0 0 4.5 19.5Z"
            />
          </svg>
          <div>
            <p className="font-semibold text-gray-900">{BILLING_DISABLED_TEXT}</p>
            <p className="mt-1 text-sm text-gray-600">
              Your {planName} plan is active and no card is needed. Finish setup to open your dashboard.
            </p>
          </div>
        </div>
      ) : (
        <CardCheckout payer={payer} onPaid={onFinished} />
      )}
      <FormAlert message={error} />
      {payments === "off" ? (
        <div className="flex justify-end border-t border-gray-100 pt-5">
          <ContinueButton
            type="button"
            label="Finish setup"
            disabled={false}
            saving={saving}
            onClick={() => void finish()}
          />
        </div>
      ) : null}
    </div>
  );
}
