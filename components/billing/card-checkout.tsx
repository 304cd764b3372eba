"use client";

import { loadStripe, type StripeEmbeddedCheckout } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { apiCall, type ApiRequestOptions } from "@/lib/api/browser-client";
import { DecodeError, formatDisplayDate } from "@/lib/billing/billing-decode";
import type {
  CheckoutSessionDetailsResponse,
  CheckoutSessionStatusResponse,
  EmbeddedCheckoutInput,
  EmbeddedCheckoutResponse,
  PaymentCompleteInput,
  PaymentCompleteResponse,
  SubscriptionStatusResponse,
} from "@/lib/billing/checkout";
import type { PricingConfigResponse } from "@/lib/billing/subscription";
import { CHECKOUT_POLL_MESSAGES, CheckoutStatusError, pollCheckoutStatus } from "@/lib/billing/checkout-polling";
import { SUBSCRIPTION_MESSAGES } from "@/lib/billing/subscription-rules";
import { Button } from "@/components/ui/button";

type ActiveSubscription = {
  planName: string | null;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  customerId: string;
  subscriptionId: string;
};

/**
 * Payment screen states (agency-side.md §4): checking the subscription status, the active
 * subscription found (status loaded), resuming that setup, loading the form, the form, processing,
 * complete, error.
 */
export type CheckoutState =
  "checking" | "active" | "resuming" | "loading" | "form" | "processing" | "complete" | "error";

export const CHECKOUT_TEXT = {
  loading: "Loading payment information...",
  active: "Your subscription is active",
  periodEnd: (date: string) => `Current period ends ${date}`,
  cancelAtPeriodEnd: "Your subscription is set to cancel at the end of the current period.",
  resuming: "Resuming your previous setup...",
  finalizing: "Finalizing your account setup...",
} as const;

export type CheckoutPayer = { firstName: string; lastName: string; email: string };

export type CardCheckoutProps = {
  /** The payer, as the page already knows them (the onboarding wizard's Personal Details). */
  payer: CheckoutPayer;
  /** After the payment is recorded (payment-complete answered): where to go. */
  onPaid: (redirectUrl: string) => void;
  /** Injected by tests; the real one waits. */
  wait?: (ms: number) => Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The body of one call (lib/api/browser-client.ts), or an Error with the screen's own text for that step. */
async function bodyOf<T>(url: string, failure: string, options?: ApiRequestOptions): Promise<T> {
  const result = await apiCall<T>(url, options);
  if (!result.ok) throw new Error(failure);
  return result.body;
}

const ADVICE = [
  "Disable password-manager and ad-blocker extensions for this page.",
  "Try a private (incognito) window.",
  "If you see '404 setup_intent', refresh the page.",
  "Use a mainstream browser (Chrome, Safari, Firefox, Edge).",
  "In Opera, turn off the built-in ad blocker and VPN.",
];

/**
 * The payment step's card checkout: loads the price ids (GET /api/subscription/pricing), mounts
 * Stripe's embedded checkout with a client secret from POST /api/create-checkout-session, and on
 * completion polls GET /api/session-status (every 2 s, at most 5 times), reads
 * GET /api/checkout-session and records the payment with POST /api/stripe/payment-complete.
 */
export function CardCheckout({ payer: { firstName, lastName, email }, onPaid, wait = sleep }: CardCheckoutProps) {
  const [state, setState] = useState<CheckoutState>("checking");
  const [message, setMessage] = useState<string | null>(null);
  const [active, setActive] = useState<ActiveSubscription | null>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const sessionRef = useRef<{ sessionId: string; clientSecret: string } | null>(null);
  const payerRef = useRef<CheckoutPayer>({ firstName, lastName, email });

  useEffect(() => {
    let checkout: StripeEmbeddedCheckout | null = null;
    let cancelled = false;
    const fail = (text: string) => {
      if (cancelled) return;
      setMessage(text);
      setState("error");
    };

    const payer: CheckoutPayer = { firstName, lastName, email };
    payerRef.current = payer;

    async function finish() {
      const session = sessionRef.current;
      if (!session) return fail(CHECKOUT_POLL_MESSAGES.failed);
      setState("processing");
      const outcome = await pollCheckoutStatus({
        wait,
        fetchStatus: async () => {
          const result = await apiCall<CheckoutSessionStatusResponse>(
            `/api/session-status?session_id=${encodeURIComponent(session.sessionId)}`,
          );
          if (!result.ok)
            throw result.status ? new CheckoutStatusError(result.status) : new Error(CHECKOUT_POLL_MESSAGES.failed);
          return String(result.body.status);
        },
      });
      if (!outcome.ok) return fail(outcome.message);
      try {
        const details = await bodyOf<CheckoutSessionDetailsResponse>(
          `/api/checkout-session?clientSecret=${encodeURIComponent(session.clientSecret)}`,
          CHECKOUT_POLL_MESSAGES.failed,
        );
        if (!details.customer || !details.subscription) throw new Error(CHECKOUT_POLL_MESSAGES.failed);
        const body: PaymentCompleteInput = {
          ...payer,
          stripeCustomerId: details.customer,
          stripeSubscriptionId: details.subscription,
          stripeUsageItemId: details.subscription_item,
        };
        const done = await bodyOf<PaymentCompleteResponse>(
          "/api/stripe/payment-complete",
          CHECKOUT_POLL_MESSAGES.retry,
          { method: "POST", body },
        );
        if (cancelled) return;
        setState("complete");
        onPaid(done.redirectUrl || "/dashboard?payment_success=true");
      } catch (error) {
        fail(error instanceof Error ? error.message : CHECKOUT_POLL_MESSAGES.retry);
      }
    }

    (async () => {
      // Checking status: a subscription already paid for (the browser left mid-checkout, or the
      // webhook got there first) is resumed, never sold twice.
      const status = await apiCall<SubscriptionStatusResponse>("/api/stripe/subscription-status");
      if (!status.ok || !status.body?.data) return fail(SUBSCRIPTION_MESSAGES.loadCurrentFailed);
      const data = status.body.data;
      if (
        data.hasSubscription &&
        data.customerId &&
        data.subscriptionId &&
        ["active", "trialing"].includes(String(data.status))
      ) {
        let periodEnd: string | null;
        try {
          periodEnd = data.currentPeriodEnd ? formatDisplayDate(data.currentPeriodEnd) : null;
        } catch (error) {
          // A date the screen cannot read is a data error, shown as text (§5).
          return fail(error instanceof DecodeError ? error.message : SUBSCRIPTION_MESSAGES.loadCurrentFailed);
        }
        if (cancelled) return;
        setActive({
          planName: data.planName,
          periodEnd,
          cancelAtPeriodEnd: data.cancelAtPeriodEnd,
          customerId: data.customerId,
          subscriptionId: data.subscriptionId,
        });
        setState("active");
        return;
      }
      if (cancelled) return;
      setState("loading");
      if (!payer.firstName || !payer.lastName || !payer.email) return fail(CHECKOUT_POLL_MESSAGES.missingAttributes);
      const pricing = await apiCall<PricingConfigResponse>("/api/subscription/pricing");
      if (!pricing.ok || !pricing.body.publishableKey || !pricing.body.priceId)
        return fail(CHECKOUT_POLL_MESSAGES.productIds);
      const config = pricing.body;
      const publishableKey = pricing.body.publishableKey;
      try {
        const stripe = await loadStripe(publishableKey);
        if (!stripe || cancelled) throw new Error(CHECKOUT_POLL_MESSAGES.formFailed);
        checkout = await stripe.createEmbeddedCheckoutPage({
          fetchClientSecret: async () => {
            const body: EmbeddedCheckoutInput = {
              priceId: config.priceId ?? undefined,
              meteredPriceId: config.meteredPriceId ?? undefined,
              customerEmail: payer.email,
              customerName: `${payer.firstName} ${payer.lastName}`,
            };
            const result = await apiCall<EmbeddedCheckoutResponse>("/api/create-checkout-session", {
              method: "POST",
              body,
            });
            if (!result.ok || !result.body.clientSecret)
              throw new Error((!result.ok && result.message) || CHECKOUT_POLL_MESSAGES.createFailed);
            const clientSecret = result.body.clientSecret;
            sessionRef.current = { clientSecret, sessionId: clientSecret.split("_secret_")[0] ?? "" };
            return clientSecret;
          },
          onComplete: () => void finish(),
        });
        if (cancelled || !mountRef.current) return;
        checkout.mount(mountRef.current);
        setState("form");
      } catch (error) {
        fail(error instanceof Error && error.message ? error.message : CHECKOUT_POLL_MESSAGES.formFailed);
      }
    })();

    return () => {
      cancelled = true;
      checkout?.destroy();
    };
  }, [firstName, lastName, email, onPaid, wait]);

  async function resume() {
    if (!active) return;
    setState("resuming");
    try {
      const body: PaymentCompleteInput = {
        ...payerRef.current,
        stripeCustomerId: active.customerId,
        stripeSubscriptionId: active.subscriptionId,
      };
      const done = await bodyOf<PaymentCompleteResponse>("/api/stripe/payment-complete", CHECKOUT_POLL_MESSAGES.retry, {
        method: "POST",
        body,
      });
      setState("complete");
      onPaid(done.redirectUrl ?? "/dashboard?payment_success=true");
    } catch {
      setMessage(CHECKOUT_POLL_MESSAGES.retry);
      setState("error");
    }
  }

  return (
    <div className="space-y-4">
      {state === "checking" || state === "loading" ? (
        <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
          <Spinner className="h-4 w-4" label="Loading" /> {CHECKOUT_TEXT.loading}
        </p>
      ) : null}
      {state === "active" && active ? (
        <div className="rounded-lg bg-green-50 p-5 ring-1 ring-green-200">
          <p className="font-semibold text-green-900">{CHECKOUT_TEXT.active}</p>
          {active.planName ? <p className="mt-1 text-sm text-gray-700">Plan: {active.planName}</p> : null}
          {active.periodEnd ? (
            <p className="text-sm text-gray-700">{CHECKOUT_TEXT.periodEnd(active.periodEnd)}</p>
          ) : null}
          {active.cancelAtPeriodEnd ? (
            <p className="mt-2 text-sm font-medium text-amber-800">{CHECKOUT_TEXT.cancelAtPeriodEnd}</p>
          ) : null}
          <Button className="mt-4" onClick={() => void resume()}>
            Continue
          </Button>
        </div>
      ) : null}
      {state === "resuming" ? (
        <p className="flex items-center gap-2 text-sm text-gray-700" role="status">
          <Spinner className="h-4 w-4" label="Resuming" /> {CHECKOUT_TEXT.resuming}
        </p>
      ) : null}
      {state === "processing" ? (
        <p className="flex items-center gap-2 text-sm text-gray-700" role="status">
          <Spinner className="h-4 w-4" label="Processing" /> Processing payment...
        </p>
      ) : null}
      {state === "complete" ? (
        <p className="flex items-center gap-2 text-sm text-gray-700" role="status">
          <Spinner className="h-4 w-4" label="Finalizing" /> {CHECKOUT_TEXT.finalizing}
        </p>
      ) : null}
      {state === "error" ? (
        <div role="alert" className="rounded-lg bg-red-50 p-5 ring-1 ring-red-200">
          <p className="font-semibold text-red-800">Error</p>
          <p className="mt-1 text-sm text-red-700">{message}</p>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-gray-700">
            {ADVICE.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Button variant="secondary" className="mt-4" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
        </div>
      ) : null}
      <div ref={mountRef} className={state === "form" ? "" : "hidden"} data-testid="embedded-checkout" />
    </div>
  );
}
