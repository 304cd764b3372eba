import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { refuseForSampleAgency } from "@/lib/demo/sample-agency-guard";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { customTier, PRICING } from "@/lib/billing/pricing";
import { getStripe, isBillingEnabled, stripeFailure } from "@/lib/billing/stripe-client";
import { downgradeProblem, SUBSCRIPTION_MESSAGES, subscriptionChangeProblem } from "@/lib/billing/subscription-rules";
import { bookContactWhere } from "@/lib/contacts/book";
import { isoDate } from "@/lib/calendar/calendar-date";

/**
 * Plans and the organization's subscription: GET /api/organizations/subscription-tiers,
 * /my-subscription, /{orgId}/subscription, PUT /api/organizations/{slug}/subscription,
 * GET /api/subscription/calculate-tier/{n} and /api/subscription/pricing (agency-side.md §7).
 */

export const subscriptionChangeSchema = z.object({
  // An empty tier is refused by the lookup below with the spec's 'Please select a plan' as the message.
  tierId: z.string().trim().default(""),
  extraAgents: z.coerce
    .number()
    .int(SUBSCRIPTION_MESSAGES.extraAgentsInvalid)
    .min(0, SUBSCRIPTION_MESSAGES.extraAgentsInvalid)
    .default(0),
  extraContacts: z.coerce.number().int().min(0).default(0),
});

export async function listSubscriptionTiers() {
  const tiers = await prisma.subscriptionTier.findMany({ where: { isActive: true }, orderBy: { sortOrder: "asc" } });
  return {
    tiers: tiers.map((tier) => ({
      id: tier.id,
      name: tier.name,
      tierName: tier.name,
      price: tier.priceCents / 100,
      priceCents: tier.priceCents,
      agentLimit: tier.agentLimit,
      contactLimit: tier.contactLimit,
      features: tier.features,
      isContactUs: tier.isContactUs,
    })),
  };
}

const SUBSCRIPTION_SELECT = {
  id: true,
  slug: true,
  subscriptionTierId: true,
  subscriptionTier: { select: { name: true } },
  subscriptionStatus: true,
  billingDisabled: true,
  agentLimit: true,
  contactLimit: true,
  extraAgents: true,
  extraContacts: true,
  currentPeriodEnd: true,
  cancelAtPeriodEnd: true,
  paymentStatus: true,
} as const;

type SubscriptionRow = {
  subscriptionTierId: string | null;
  subscriptionTier: { name: string } | null;
  subscriptionStatus: string;
  billingDisabled: boolean;
  agentLimit: number;
  contactLimit: number;
  extraAgents: number;
  extraContacts: number;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  paymentStatus: string;
};

function subscriptionPayload(org: SubscriptionRow) {
  const isActive = org.billingDisabled
    ? org.subscriptionTierId !== null
    : ["active", "trialing"].includes(org.subscriptionStatus);
  return {
    tierId: org.subscriptionTierId,
    tierName: org.subscriptionTier?.name ?? null,
    agentLimit: org.agentLimit,
    contactLimit: org.contactLimit,
    extraAgents: org.extraAgents,
    extraContacts: org.extraContacts,
    isActive,
    currentPeriodEnd: isoDate(org.currentPeriodEnd),
    cancelAtPeriodEnd: org.cancelAtPeriodEnd,
    paymentStatus: org.billingDisabled ? "billing_disabled" : org.paymentStatus,
    billingDisabled: org.billingDisabled,
  };
}

/** GET /api/organizations/my-subscription and /api/organizations/{orgId}/subscription (own organization only: another id answers 404). */
export async function getOrganizationSubscription({
  organizationId,
  requestedId,
}: {
  organizationId: string;
  requestedId?: string;
}) {
  if (requestedId !== undefined && requestedId !== organizationId) throw AppError.notFound("Organization not found.");
  const org = await prisma.organization.findUnique({ where: { id: organizationId }, select: SUBSCRIPTION_SELECT });
  if (!org) throw AppError.notFound("Organization not found.");
  return subscriptionPayload(org);
}

/** The plan-change landing's facts (/templanding): the stored plan, its limits and add-ons, and what the agency holds now. */
export async function loadPlanChangedSummary(organizationId: string) {
  const org = await prisma.organization.findUnique({ where: { id: organizationId }, select: SUBSCRIPTION_SELECT });
  if (!org) throw AppError.notFound("Organization not found.");
  const { agentCount, contactCount } = await counts(organizationId);
  return {
    tierName: org.subscriptionTier?.name ?? org.subscriptionTierId,
    agentLimit: org.agentLimit,
    contactLimit: org.contactLimit,
    extraAgents: org.extraAgents,
    extraContacts: org.extraContacts,
    billingDisabled: org.billingDisabled,
    agentCount,
    contactCount,
  };
}

async function counts(organizationId: string) {
  const [agentCount, contactCount] = await Promise.all([
    prisma.user.count({ where: { organizationId, isActive: true, isAgent: true } }),
    prisma.contact.count({ where: bookContactWhere(organizationId) }),
  ]);
  return { agentCount, contactCount };
}

/**
 * PUT /api/organizations/{slug}/subscription {tierId, extraAgents, extraContacts}. The slug must be
 * the caller's organization (404 otherwise). The change must change something, respect the add-on
 * rules, and leave room for the agents and contacts the organization already has. With Stripe on and
 * a live subscription, the extra-agent seats are updated on Stripe first (after commit rules: the
 * database follows Stripe's answer, never the other way round).
 */
export async function updateOrganizationSubscription({
  organizationId,
  slug,
  change,
}: {
  organizationId: string;
  slug: string;
  change: z.output<typeof subscriptionChangeSchema>;
}) {
  const org = await prisma.organization.findFirst({
    where: { id: organizationId, slug },
    select: { ...SUBSCRIPTION_SELECT, onboardingCompleted: true, stripeSubscriptionId: true },
  });
  if (!org) throw AppError.notFound("Organization not found.");
  await refuseForSampleAgency(organizationId, "billing");
  const tier = await prisma.subscriptionTier.findFirst({ where: { id: change.tierId, isActive: true } });
  if (!tier)
    throw new AppError("validation_failed", SUBSCRIPTION_MESSAGES.selectPlan, {
      fields: { tierId: [SUBSCRIPTION_MESSAGES.selectPlan] },
    });
  if (tier.isContactUs)
    throw new AppError("bad_request", SUBSCRIPTION_MESSAGES.contactUs(tier.name, getEnv().supportEmail));
  const problem = subscriptionChangeProblem(
    { tierId: org.subscriptionTierId, extraAgents: org.extraAgents, extraContacts: org.extraContacts },
    change,
  );
  if (problem)
    throw new AppError(problem === SUBSCRIPTION_MESSAGES.noChanges ? "bad_request" : "validation_failed", problem);
  const room = downgradeProblem({
    agentLimit: tier.agentLimit,
    contactLimit: tier.contactLimit,
    extraAgents: change.extraAgents,
    extraContacts: change.extraContacts,
    ...(await counts(organizationId)),
  });
  if (room) throw new AppError("conflict", room);

  if (isBillingEnabled() && !org.billingDisabled && org.stripeSubscriptionId) {
    await syncExtraAgentSeats({
      subscriptionId: org.stripeSubscriptionId,
      tierId: tier.id,
      extraAgents: change.extraAgents,
    });
  }
  const updated = await prisma.organization.update({
    where: { id: organizationId },
    data: {
      subscriptionTierId: tier.id,
      agentLimit: tier.agentLimit,
      contactLimit: tier.contactLimit,
      extraAgents: change.extraAgents,
      extraContacts: change.extraContacts,
      ...(isBillingEnabled() ? {} : { billingDisabled: true, subscriptionStatus: "active" }),
    },
    select: SUBSCRIPTION_SELECT,
  });
  // agency-side.md §2: an existing organization saves and goes on to setup, or to /templanding (the plan-change landing).
  const redirectUrl = org.onboardingCompleted ? "/templanding" : `/setup/settings?plan=${encodeURIComponent(tier.id)}`;
  return { success: true, subscription: subscriptionPayload(updated), redirectUrl };
}

/** Extra seats are a licensed item with a quantity; the plan's metadata records the tier. */
async function syncExtraAgentSeats({
  subscriptionId,
  tierId,
  extraAgents,
}: {
  subscriptionId: string;
  tierId: string;
  extraAgents: number;
}) {
  const { extraAgentPriceId } = getEnv().stripe;
  const stripe = getStripe();
  try {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const seatItem = extraAgentPriceId
      ? subscription.items.data.find((item) => item.price.id === extraAgentPriceId)
      : undefined;
    const items: { id?: string; price?: string; quantity?: number; deleted?: boolean }[] = [];
    if (extraAgentPriceId) {
      if (seatItem && extraAgents === 0) items.push({ id: seatItem.id, deleted: true });
      else if (seatItem) items.push({ id: seatItem.id, quantity: extraAgents });
      else if (extraAgents > 0) items.push({ price: extraAgentPriceId, quantity: extraAgents });
    }
    await stripe.subscriptions.update(subscriptionId, {
      items,
      metadata: { tierId, extraAgents: String(extraAgents) },
      proration_behavior: "create_prorations",
    });
  } catch (error) {
    throw stripeFailure(SUBSCRIPTION_MESSAGES.updatePlanFailed, error);
  }
}

/** GET /api/subscription/calculate-tier/{n}. */
export function calculateTier(contacts: number) {
  if (!Number.isFinite(contacts) || contacts < 0)
    throw new AppError("validation_failed", SUBSCRIPTION_MESSAGES.customTierFailed);
  return { success: true, pricing: customTier(contacts) };
}

/** GET /api/subscription/pricing: what the browser needs to start a card checkout (nothing secret). */
export function pricingConfig() {
  const env = getEnv();
  return {
    billingEnabled: isBillingEnabled(),
    publishableKey: env.stripe.publishableKey ?? null,
    priceId: env.stripe.priceId ?? null,
    meteredPriceId: env.stripe.meteredPriceId ?? null,
    pricing: {
      basePriceCents: PRICING.basePriceCents,
      includedContacts: PRICING.includedContacts,
      perContactCentiCents: PRICING.perContactCentiCents,
      launchCode: PRICING.launchCode,
      launchDiscountPercent: PRICING.launchDiscountPercent,
    },
  };
}

/** GET /api/subscription/pricing */
export type PricingConfigResponse = ReturnType<typeof pricingConfig>;
/** GET /api/organizations/subscription-tiers */
export type SubscriptionTiersResponse = Awaited<ReturnType<typeof listSubscriptionTiers>>;
/** GET /api/organizations/my-subscription */
export type OrganizationSubscriptionResponse = Awaited<ReturnType<typeof getOrganizationSubscription>>;
/** PUT /api/organizations/{slug}/subscription */
export type SubscriptionChangeInput = z.input<typeof subscriptionChangeSchema>;
export type SubscriptionChangeResponse = Awaited<ReturnType<typeof updateOrganizationSubscription>>;
/** GET /api/subscription/calculate-tier/{contacts} */
export type CalculateTierResponse = ReturnType<typeof calculateTier>;
