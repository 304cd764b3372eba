import "server-only";
import { AppError } from "@/lib/api/errors";
import { tenantTransaction } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { recordAudit } from "@/lib/audit/record-audit";
import { ONBOARDING_MESSAGES, type OnboardingCompleteResponse } from "@/lib/onboarding/onboarding-schema";
import { STEP_NUMBER } from "@/lib/onboarding/onboarding-steps";

export const ONBOARDING_DONE_REDIRECT = "/dashboard?payment_success=true";

/**
 * POST /api/onboarding/complete (step 4, payment). With billing off the payment step only says so:
 * this finishes setup and sends the admin to the dashboard. With Stripe configured the payment step
 * belongs to the billing work, which replaces this answer.
 */
export async function completeOnboarding({
  organizationId,
  actorUserId,
}: {
  organizationId: string;
  actorUserId: string;
}): Promise<OnboardingCompleteResponse> {
  if (getEnv().parts.payments === "stripe") throw new AppError("bad_request", ONBOARDING_MESSAGES.stripeNotAvailable);

  return tenantTransaction(organizationId, async (tx) => {
    const organization = await tx.organization.findFirst({
      where: { id: organizationId },
      select: { onboardingStep: true, onboardingCompleted: true, subscriptionTierId: true },
    });
    if (!organization) throw AppError.notFound("Organization not found.");
    if (organization.onboardingCompleted) return { success: true, redirectUrl: ONBOARDING_DONE_REDIRECT };
    if (!organization.subscriptionTierId) throw new AppError("bad_request", "Please select a plan");
    if (organization.onboardingStep < STEP_NUMBER.licensing)
      throw new AppError("bad_request", ONBOARDING_MESSAGES.previousStepsFirst);

    await tx.organization.update({
      where: { id: organizationId },
      data: { onboardingCompleted: true, onboardingStep: STEP_NUMBER.payment },
    });
    await recordAudit(tx, {
      organizationId,
      actorUserId,
      action: "onboarding.completed",
      entityType: "organization",
      entityId: organizationId,
      metadata: { plan: organization.subscriptionTierId, billing: "disabled" },
    });
    return { success: true, redirectUrl: ONBOARDING_DONE_REDIRECT };
  });
}
