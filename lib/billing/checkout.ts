import "server-only";
import type Stripe from "stripe";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { refuseForSampleAgency } from "@/lib/demo/sample-agency-guard";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { getStripe, isBillingEnabled, stripeFailure } from "@/lib/billing/stripe-client";
import { idOf, meteredItemOf, subscriptionFields } from "@/lib/billing/subscription-sync";
import {
  PAYMENT_STATUS_MESSAGES,
  paymentStatusFor,
  SUBSCRIPTION_MESSAGES,
  subscriptionChangeProblem,
} from "@/lib/billing/subscription-rules";
import { reportContactUsage } from "@/lib/billing/usage";
import { planAllowsAddOns } from "@/lib/billing/plans";
import { isoDate } from "@/lib/calendar/calendar-date";

/**
 * Card checkout (agency-side.md §4 "Card checkout", §7 Payment; domain-rules F "Stripe objects").
 * Embedded checkout: POST /api/create-checkout-session → clientSecret; the browser polls
 * GET /api/session-status; on "complete" it reads GET /api/checkout-session and calls
 * POST /api/stripe/payment-complete. The legacy redirect flow (POST /api/stripe/create-checkout-session,
 * GET /api/stripe/redirect-to-checkout) is kept for the older plan page. Every session carries the
 * organization id in its metadata; a session, customer or subscription of another organization is
 * "not found", whatever ids the browser sends.
 */

export const CHECKOUT_MESSAGES = {
  missingAttributes: "Error: Missing required attributes",
  createFailed: "Failed to create payment session",
  processingFailed: "Payment processing failed. Please try again.",
  productIdsFailed: "Error loading Stripe product IDs",
  billingDisabled: "Billing is disabled in this mode",
} as const;

function requireBilling() {
  if (!isBillingEnabled()) throw new AppError("bad_request", CHECKOUT_MESSAGES.billingDisabled);
}

// Missing fields answer the spec's one message rather than per-field zod texts.
export const embeddedCheckoutSchema = z.object({
  priceId: z.string().trim().optional(),
  customerEmail: z.string().trim().optional(),
  customerName: z.string().trim().optional(),
  meteredPriceId: z.string().trim().optional(),
});

async function organizationForCheckout(organizationId: string) {
  const org = await prisma.organization.findUnique({
    where: { id: organizationId },
    select: {
      id: true,
      slug: true,
      subscriptionTierId: true,
      stripeCustomerId: true,
      billingDisabled: true,
      extraAgents: true,
    },
  });
  if (!org) throw AppError.notFound("Organization not found.");
  return org;
}

/** The Pro extra seats chosen with the plan are a licensed line item: without it they would never be charged. */
function extraAgentSeatItems(
  tierId: string | null,
  extraAgents: number,
): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const { extraAgentPriceId } = getEnv().stripe;
  return extraAgentPriceId && planAllowsAddOns(tierId) && extraAgents > 0
    ? [{ price: extraAgentPriceId, quantity: extraAgents }]
    : [];
}

/** POST /api/create-checkout-session {priceId, customerEmail, customerName, meteredPriceId?} → {clientSecret}. */
export async function createEmbeddedCheckoutSession({
  organizationId,
  input,
}: {
  organizationId: string;
  input: z.output<typeof embeddedCheckoutSchema>;
}) {
  requireBilling();
  await refuseForSampleAgency(organizationId, "billing");
  if (!input.priceId || !input.customerEmail || !input.customerName)
    throw new AppError("bad_request", CHECKOUT_MESSAGES.missingAttributes);
  const { priceId, meteredPriceId, appUrl } = { ...getEnv().stripe, appUrl: getEnv().appUrl };
  // Only our own prices: the browser must not choose what it is charged.
  if (input.priceId !== priceId || (input.meteredPriceId && input.meteredPriceId !== meteredPriceId)) {
    throw new AppError("bad_request", CHECKOUT_MESSAGES.createFailed);
  }
  const org = await organizationForCheckout(organizationId);
  const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [{ price: input.priceId, quantity: 1 }];
  if (input.meteredPriceId) lineItems.push({ price: input.meteredPriceId });
  lineItems.push(...extraAgentSeatItems(org.subscriptionTierId, org.extraAgents));
  const metadata = {
    organizationId: org.id,
    tierId: org.subscriptionTierId ?? "",
    extraAgents: String(org.extraAgents),
  };
  let session: Stripe.Checkout.Session;
  try {
    session = await getStripe().checkout.sessions.create({
      ui_mode: "embedded_page",
      mode: "subscription",
      redirect_on_completion: "never",
      allow_promotion_codes: true,
      automatic_tax: { enabled: true },
      line_items: lineItems,
      ...(org.stripeCustomerId ? { customer: org.stripeCustomerId } : { customer_email: input.customerEmail }),
      client_reference_id: org.id,
      metadata,
      subscription_data: { metadata: { organizationId: org.id, tierId: org.subscriptionTierId ?? "" } },
      return_url: `${appUrl}/dashboard?payment_success=true`,
    });
  } catch (error) {
    throw stripeFailure(CHECKOUT_MESSAGES.createFailed, error);
  }
  await prisma.organization.update({ where: { id: org.id }, data: { stripeCheckoutSessionId: session.id } });
  return { clientSecret: session.client_secret };
}

export const legacyCheckoutSchema = z.object({
  orgSlug: z.string().min(1),
  tierId: z.string().trim().default(""),
  extraAgents: z.coerce.number().int().min(0).default(0),
  extraContacts: z.coerce.number().int().min(0).default(0),
});

/**
 * POST /api/stripe/create-checkout-session {orgSlug, tierId, extraAgents, extraContacts} → {sessionId}: a
 * hosted-page session for the redirect flow. extraContacts other than 0 answers 422 (contacts are billed
 * per contact, not bought in blocks).
 */
export async function createRedirectCheckoutSession({
  organizationId,
  input,
  customerEmail,
}: {
  organizationId: string;
  input: z.output<typeof legacyCheckoutSchema>;
  customerEmail: string;
}) {
  requireBilling();
  await refuseForSampleAgency(organizationId, "billing");
  const org = await organizationForCheckout(organizationId);
  if (org.slug !== input.orgSlug) throw AppError.notFound("Organization not found.");
  const tier = await prisma.subscriptionTier.findFirst({
    where: { id: input.tierId, isActive: true, isContactUs: false },
  });
  if (!tier) throw new AppError("validation_failed", SUBSCRIPTION_MESSAGES.selectPlan);
  const problem = subscriptionChangeProblem({ tierId: null, extraAgents: 0, extraContacts: 0 }, input);
  if (problem) throw new AppError("validation_failed", problem);
  const env = getEnv();
  const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [
    { price: tier.stripePriceId ?? env.stripe.priceId!, quantity: 1 },
  ];
  if (env.stripe.meteredPriceId) lineItems.push({ price: env.stripe.meteredPriceId });
  lineItems.push(...extraAgentSeatItems(tier.id, input.extraAgents));
  let session: Stripe.Checkout.Session;
  try {
    session = await getStripe().checkout.sessions.create({
      ui_mode: "hosted_page",
      mode: "subscription",
      allow_promotion_codes: true,
      line_items: lineItems,
      ...(org.stripeCustomerId ? { customer: org.stripeCustomerId } : { customer_email: customerEmail }),
      client_reference_id: org.id,
      metadata: { organizationId: org.id, tierId: tier.id, extraAgents: String(input.extraAgents) },
      subscription_data: { metadata: { organizationId: org.id, tierId: tier.id } },
      success_url: `${env.appUrl}/dashboard?payment_success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${env.appUrl}/choose-plan`,
    });
  } catch (error) {
    throw stripeFailure(CHECKOUT_MESSAGES.createFailed, error);
  }
  await prisma.organization.update({ where: { id: org.id }, data: { stripeCheckoutSessionId: session.id } });
  return { sessionId: session.id };
}

/** A checkout session of this organization, or 404. */
async function ownSession(organizationId: string, sessionId: string, expand: string[] = []) {
  let session: Stripe.Checkout.Session;
  try {
    session = await getStripe().checkout.sessions.retrieve(sessionId, expand.length ? { expand } : undefined);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw AppError.notFound("Checkout session not found.");
    throw stripeFailure(CHECKOUT_MESSAGES.processingFailed, error);
  }
  if (session.metadata?.organizationId !== organizationId && session.client_reference_id !== organizationId)
    throw AppError.notFound("Checkout session not found.");
  return session;
}

/** GET /api/stripe/redirect-to-checkout?session_id= → the hosted page's URL. */
export async function checkoutRedirectUrl({
  organizationId,
  sessionId,
}: {
  organizationId: string;
  sessionId: string;
}) {
  requireBilling();
  const session = await ownSession(organizationId, sessionId);
  if (!session.url) throw new AppError("bad_request", CHECKOUT_MESSAGES.createFailed);
  return session.url;
}

/**
 * Records a completed checkout: the Stripe ids, the subscription's state and the metered item.
 * Idempotent (it writes the current state); the webhook does the same for sessions completed while
 * the browser was gone.
 */
export async function applyCompletedCheckout({
  organizationId,
  session,
  completeOnboarding = false,
}: {
  organizationId: string;
  session: Stripe.Checkout.Session;
  completeOnboarding?: boolean;
}) {
  const subscriptionId = idOf(session.subscription);
  if (session.status !== "complete" || !subscriptionId) return null;
  const subscription = await getStripe().subscriptions.retrieve(subscriptionId);
  if (subscription.metadata?.organizationId && subscription.metadata.organizationId !== organizationId)
    throw AppError.notFound("Subscription not found.");
  const tierId = session.metadata?.tierId || null;
  const extraAgents = Number(session.metadata?.extraAgents ?? NaN);
  const tier = tierId ? await prisma.subscriptionTier.findUnique({ where: { id: tierId } }) : null;
  const before = await prisma.organization.findUnique({
    where: { id: organizationId },
    select: { paymentCompleted: true },
  });
  await prisma.organization.update({
    where: { id: organizationId },
    data: {
      ...subscriptionFields(subscription),
      stripeCustomerId: idOf(session.customer) ?? idOf(subscription.customer),
      paymentCompleted: true,
      ...(tier ? { subscriptionTierId: tier.id, agentLimit: tier.agentLimit, contactLimit: tier.contactLimit } : {}),
      ...(Number.isInteger(extraAgents) ? { extraAgents } : {}),
      ...(completeOnboarding ? { onboardingCompleted: true } : {}),
    },
  });
  // The first report gives the metered item its starting level (the trial count is 0 charges until go-live is reported).
  if (!before?.paymentCompleted)
    await reportContactUsage({ organizationId, now: new Date(), reason: "checkout" }).catch(() => undefined);
  return subscription;
}

/** GET /api/session-status?session_id → {status} (complete, open, expired…), recording a completed payment. */
export async function checkoutSessionStatus({
  organizationId,
  sessionId,
}: {
  organizationId: string;
  sessionId: string;
}) {
  requireBilling();
  const session = await ownSession(organizationId, sessionId);
  if (session.status === "complete") await applyCompletedCheckout({ organizationId, session });
  return { status: session.status, customer_email: session.customer_details?.email ?? null };
}

/** "cs_test_…_secret_…" → "cs_test_…": the session id is the part before "_secret_". */
export function sessionIdFromClientSecret(clientSecret: string): string | null {
  const index = clientSecret.indexOf("_secret_");
  return index > 0 ? clientSecret.slice(0, index) : null;
}

/** GET /api/checkout-session?clientSecret → {customer, subscription, subscription_item} (the metered item). */
export async function checkoutSessionDetails({
  organizationId,
  clientSecret,
}: {
  organizationId: string;
  clientSecret: string;
}) {
  requireBilling();
  const sessionId = sessionIdFromClientSecret(clientSecret);
  if (!sessionId) throw AppError.notFound("Checkout session not found.");
  const session = await ownSession(organizationId, sessionId, ["subscription", "subscription.items"]);
  if (session.client_secret !== clientSecret) throw AppError.notFound("Checkout session not found.");
  const subscription = session.subscription && typeof session.subscription === "object" ? session.subscription : null;
  const metered = subscription ? meteredItemOf(subscription) : undefined;
  return {
    customer: idOf(session.customer),
    subscription: subscription?.id ?? null,
    subscription_item: metered?.id ?? null,
  };
}

export const paymentCompleteSchema = z.object({
  email: z.string().trim().optional(),
  firstName: z.string().trim().optional(),
  lastName: z.string().trim().optional(),
  stripeCustomerId: z.string().trim().min(1),
  stripeSubscriptionId: z.string().trim().min(1),
  stripeUsageItemId: z.string().trim().optional().nullable(),
});

/**
 * POST /api/stripe/payment-complete. The ids come from the browser, so they are checked against
 * Stripe: the subscription must be this organization's and belong to the customer given. Then the
 * payment is recorded and onboarding is complete (domain-rules F).
 */
export async function completePayment({
  organizationId,
  input,
}: {
  organizationId: string;
  input: z.output<typeof paymentCompleteSchema>;
}) {
  requireBilling();
  let subscription: Stripe.Subscription;
  try {
    subscription = await getStripe().subscriptions.retrieve(input.stripeSubscriptionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw AppError.notFound("Subscription not found.");
    throw stripeFailure(CHECKOUT_MESSAGES.processingFailed, error);
  }
  if (
    subscription.metadata?.organizationId !== organizationId ||
    idOf(subscription.customer) !== input.stripeCustomerId
  )
    throw AppError.notFound("Subscription not found.");
  const org = await prisma.organization.findUnique({
    where: { id: organizationId },
    select: { paymentCompleted: true },
  });
  await prisma.organization.update({
    where: { id: organizationId },
    data: {
      ...subscriptionFields(subscription),
      paymentCompleted: true,
      onboardingCompleted: true,
      lastPaymentAt: new Date(),
    },
  });
  if (!org?.paymentCompleted)
    await reportContactUsage({ organizationId, now: new Date(), reason: "checkout" }).catch(() => undefined);
  return { success: true, redirectUrl: "/dashboard?payment_success=true" };
}

/** GET /api/stripe/payment-status → {success, message, paymentCompleted, status} (domain-rules F checkPaymentStatus). */
export async function paymentStatus({ organizationId }: { organizationId: string }) {
  const org = await prisma.organization.findUnique({
    where: { id: organizationId },
    select: {
      billingDisabled: true,
      paymentCompleted: true,
      paymentStatus: true,
      stripeSubscriptionId: true,
      subscriptionStatus: true,
    },
  });
  if (!org) throw AppError.notFound("Organization not found.");
  if (org.billingDisabled || !isBillingEnabled())
    return {
      success: true,
      status: "billing_disabled",
      message: CHECKOUT_MESSAGES.billingDisabled,
      paymentCompleted: org.paymentCompleted,
    };
  const status = org.stripeSubscriptionId ? paymentStatusFor(org.subscriptionStatus) : "no_subscription";
  return { success: true, status, message: PAYMENT_STATUS_MESSAGES[status], paymentCompleted: org.paymentCompleted };
}

/**
 * GET /api/stripe/subscription-status → {data}: the subscription as Stripe has it now (the payment
 * screen's "checking status" → "active subscription" states). A checkout that completed while the
 * browser was away and before any webhook arrived is recorded here, so the payment step resumes
 * instead of selling a second subscription. The ids let the screen finish setup with payment-complete.
 */
export async function subscriptionStatus({ organizationId }: { organizationId: string }) {
  const select = {
    billingDisabled: true,
    stripeSubscriptionId: true,
    stripeCustomerId: true,
    stripeCheckoutSessionId: true,
    subscriptionStatus: true,
    currentPeriodEnd: true,
    cancelAtPeriodEnd: true,
    subscriptionTier: { select: { name: true } },
  } as const;
  let org = await prisma.organization.findUnique({ where: { id: organizationId }, select });
  if (!org) throw AppError.notFound("Organization not found.");
  const billingOn = isBillingEnabled() && !org.billingDisabled;
  if (billingOn && !org.stripeSubscriptionId && org.stripeCheckoutSessionId) {
    try {
      const session = await ownSession(organizationId, org.stripeCheckoutSessionId);
      if (session.status === "complete" && (await applyCompletedCheckout({ organizationId, session }))) {
        org = (await prisma.organization.findUnique({ where: { id: organizationId }, select }))!;
      }
    } catch (error) {
      // A session Stripe no longer knows is simply not a checkout to resume.
      if (!(error instanceof AppError && error.code === "not_found"))
        throw stripeFailure(SUBSCRIPTION_MESSAGES.loadCurrentFailed, error);
    }
  }
  const planName = org.subscriptionTier?.name ?? null;
  if (!billingOn || !org.stripeSubscriptionId) {
    return {
      data: {
        status: org.billingDisabled ? "billing_disabled" : org.subscriptionStatus,
        planName,
        currentPeriodEnd: isoDate(org.currentPeriodEnd),
        cancelAtPeriodEnd: org.cancelAtPeriodEnd,
        hasSubscription: Boolean(org.stripeSubscriptionId),
        customerId: null,
        subscriptionId: null,
      },
    };
  }
  try {
    const subscription = await getStripe().subscriptions.retrieve(org.stripeSubscriptionId);
    const fields = subscriptionFields(subscription);
    await prisma.organization.update({ where: { id: organizationId }, data: fields });
    const end = fields.currentPeriodEnd as Date | null;
    return {
      data: {
        status: subscription.status,
        planName,
        currentPeriodEnd: isoDate(end),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        hasSubscription: true,
        customerId: idOf(subscription.customer),
        subscriptionId: subscription.id,
      },
    };
  } catch (error) {
    throw stripeFailure(SUBSCRIPTION_MESSAGES.loadCurrentFailed, error);
  }
}

/** The answers of the payment screen's routes, as the browser reads them (components/billing/card-checkout.tsx). */
export type CheckoutSessionStatusResponse = Awaited<ReturnType<typeof checkoutSessionStatus>>;
export type CheckoutSessionDetailsResponse = Awaited<ReturnType<typeof checkoutSessionDetails>>;
export type PaymentCompleteInput = z.input<typeof paymentCompleteSchema>;
export type PaymentCompleteResponse = Awaited<ReturnType<typeof completePayment>>;
export type SubscriptionStatusResponse = Awaited<ReturnType<typeof subscriptionStatus>>;
export type EmbeddedCheckoutInput = z.input<typeof embeddedCheckoutSchema>;
export type EmbeddedCheckoutResponse = Awaited<ReturnType<typeof createEmbeddedCheckoutSession>>;
