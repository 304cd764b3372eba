import "server-only";
import type Stripe from "stripe";
import type { Prisma } from "@/lib/generated/prisma/client";
import { paymentStatusFor } from "@/lib/billing/subscription-rules";

/**
 * Stripe's subscription → the organization's billing fields. Used by the checkout calls and the
 * webhooks with a subscription fetched from Stripe just before, so an event that arrives late can
 * only ever write the current state (no regress on out-of-order delivery).
 */

/** The item on the metered (per-contact) price: usage is reported against it. */
export function meteredItemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem | undefined {
  return subscription.items.data.find((item) => item.price?.recurring?.usage_type === "metered");
}

export function currentPeriodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === "number");
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

export function subscriptionFields(subscription: Stripe.Subscription): Prisma.OrganizationUncheckedUpdateInput {
  const metered = meteredItemOf(subscription);
  return {
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: idOf(subscription.customer),
    subscriptionStatus: subscription.status,
    paymentStatus: paymentStatusFor(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: currentPeriodEndOf(subscription),
    ...(metered ? { stripeUsageItemId: metered.id } : {}),
    billingDisabled: false,
  };
}
