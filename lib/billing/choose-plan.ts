import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";

export const choosePlanSchema = z.object({ plan: z.string().min(1, "Please select a plan"), orgSlug: z.string().min(1) });

export async function listPlans() {
  return prisma.subscriptionTier.findMany({ where: { isActive: true }, orderBy: { sortOrder: "asc" } });
}

/**
 * POST /api/choose-plan. With billing off (no Stripe keys) the plan is recorded and marked "billing
 * disabled"; the organization then goes on to setup. (With Stripe, checkout comes first: billing work.)
 */
export async function choosePlan({ organizationId, orgSlug, plan }: { organizationId: string; orgSlug: string; plan: string }) {
  const organization = await prisma.organization.findFirst({ where: { id: organizationId, slug: orgSlug }, select: { id: true } });
  if (!organization) throw AppError.notFound("Organization not found.");
  const tier = await prisma.subscriptionTier.findFirst({ where: { id: plan, isActive: true } });
  if (!tier) throw new AppError("validation_failed", "Please select a plan", { fields: { plan: ["Please select a plan"] } });
  if (tier.isContactUs) throw new AppError("bad_request", `Please contact us at ${getEnv().supportEmail} for the ${tier.name} plan.`);
  if (getEnv().parts.payments === "stripe") throw new AppError("bad_request", "Plan checkout with Stripe is not available yet.");
  await prisma.organization.update({
    where: { id: organization.id },
    data: { subscriptionTierId: tier.id, agentLimit: tier.agentLimit, contactLimit: tier.contactLimit, billingDisabled: true, subscriptionStatus: "active" },
  });
  return { success: true, redirectUrl: `/setup/settings?plan=${encodeURIComponent(tier.id)}` };
}
