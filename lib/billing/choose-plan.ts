import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { refuseForSampleAgency } from "@/lib/demo/sample-agency-guard";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { isBillingEnabled } from "@/lib/billing/stripe-client";
import { downgradeProblem, SUBSCRIPTION_MESSAGES, subscriptionChangeProblem } from "@/lib/billing/subscription-rules";
import { bookContactWhere } from "@/lib/contacts/book";

export const choosePlanSchema = z.object({
  // No plan is checked below, so the answer's message is the spec's 'Please select a plan'.
  plan: z.string().trim().default(""),
  orgSlug: z.string().min(1),
  extraAgents: z.coerce.number().int().min(0).default(0),
  extraContacts: z.coerce.number().int().min(0).default(0),
});

export async function listPlans() {
  return prisma.subscriptionTier.findMany({ where: { isActive: true }, orderBy: { sortOrder: "asc" } });
}

/**
 * POST /api/choose-plan {plan, orgSlug}. The plan and its limits are recorded and the organization
 * goes on to setup. With billing off (no Stripe keys) the subscription is active at once and marked
 * "billing disabled". With Stripe it stays "none" until the card checkout of the payment step (the
 * last onboarding step) completes; account status says "inactive" until then.
 */
export async function choosePlan({
  organizationId,
  orgSlug,
  plan,
  extraAgents = 0,
  extraContacts = 0,
}: {
  organizationId: string;
  orgSlug: string;
  plan: string;
  extraAgents?: number;
  extraContacts?: number;
}) {
  const organization = await prisma.organization.findFirst({
    where: { id: organizationId, slug: orgSlug },
    select: { id: true, onboardingCompleted: true, stripeSubscriptionId: true, billingDisabled: true },
  });
  if (!organization) throw AppError.notFound("Organization not found.");
  await refuseForSampleAgency(organizationId, "billing");
  // A paid subscription changes through PUT /api/organizations/{slug}/subscription, which updates
  // Stripe first; choosing again here would change the seats without charging for them.
  if (isBillingEnabled() && !organization.billingDisabled && organization.stripeSubscriptionId)
    throw new AppError("conflict", SUBSCRIPTION_MESSAGES.alreadySubscribed);
  const tier = await prisma.subscriptionTier.findFirst({ where: { id: plan, isActive: true } });
  if (!tier)
    throw new AppError("validation_failed", SUBSCRIPTION_MESSAGES.selectPlan, {
      fields: { plan: [SUBSCRIPTION_MESSAGES.selectPlan] },
    });
  if (tier.isContactUs)
    throw new AppError("bad_request", SUBSCRIPTION_MESSAGES.contactUs(tier.name, getEnv().supportEmail));
  const problem = subscriptionChangeProblem(
    { tierId: null, extraAgents: 0, extraContacts: 0 },
    { tierId: tier.id, extraAgents, extraContacts },
  );
  if (problem) throw new AppError("validation_failed", problem);
  const [agentCount, contactCount] = await Promise.all([
    prisma.user.count({ where: { organizationId: organization.id, isActive: true, isAgent: true } }),
    prisma.contact.count({ where: bookContactWhere(organization.id) }),
  ]);
  const room = downgradeProblem({
    agentLimit: tier.agentLimit,
    contactLimit: tier.contactLimit,
    extraAgents,
    extraContacts,
    agentCount,
    contactCount,
  });
  if (room) throw new AppError("conflict", room);
  const billingOff = !isBillingEnabled();
  await prisma.organization.update({
    where: { id: organization.id },
    data: {
      subscriptionTierId: tier.id,
      agentLimit: tier.agentLimit,
      contactLimit: tier.contactLimit,
      extraAgents,
      extraContacts,
      ...(billingOff ? { billingDisabled: true, subscriptionStatus: "active" } : {}),
    },
  });
  const redirectUrl = organization.onboardingCompleted
    ? "/contacts"
    : `/setup/settings?plan=${encodeURIComponent(tier.id)}`;
  return { success: true, redirectUrl };
}

/** POST /api/choose-plan */
export type ChoosePlanInput = z.input<typeof choosePlanSchema>;
export type ChoosePlanResponse = Awaited<ReturnType<typeof choosePlan>>;
