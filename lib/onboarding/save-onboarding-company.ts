import "server-only";
import { AppError } from "@/lib/api/errors";
import { tenantTransaction } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { decodeLogo } from "@/lib/settings/logo";
import type { OnboardingCompany, OnboardingStepSavedResponse } from "@/lib/onboarding/onboarding-schema";
import { nextOnboardingStep, STEP_NUMBER } from "@/lib/onboarding/onboarding-steps";

/**
 * POST /api/onboarding/company (step 1). Saves the agency's name, phone, website (without scheme),
 * calendar booking link (https://; the calendar option is on exactly when there is one), brand colours
 * and, when sent, a PNG logo; advances the saved step.
 */
export async function saveOnboardingCompany({
  organizationId,
  actorUserId,
  input,
  now = new Date(),
}: {
  organizationId: string;
  actorUserId: string;
  input: OnboardingCompany;
  now?: Date;
}): Promise<OnboardingStepSavedResponse> {
  // Validated by content before anything is written: PNG only in onboarding (agency-side.md §5).
  const logo = input.logo ? decodeLogo(input.logo, { allowed: ["image/png"] }) : null;

  return tenantTransaction(organizationId, async (tx) => {
    const current = await tx.organization.findFirst({
      where: { id: organizationId },
      select: { onboardingStep: true, subscriptionTierId: true },
    });
    if (!current) throw AppError.notFound("Organization not found.");
    const onboardingStep = Math.max(current.onboardingStep, STEP_NUMBER.company);
    const updated = await tx.organization.update({
      where: { id: organizationId },
      data: {
        name: input.companyName,
        brandName: input.companyName,
        phone: input.companyPhone,
        website: input.companyWebsite || null,
        redirectUrl: input.bookingLink || null,
        // The calendar option needs the link (the settings schema's rule): without one the agency starts
        // with it off, so its settings stay valid and can be saved as they are.
        calendarEnabled: input.bookingLink !== "",
        primaryColor: input.primaryColor,
        secondaryColor: input.secondaryColor,
        ...(logo ? { logo: new Uint8Array(logo.bytes), logoMimeType: logo.mimeType, logoUpdatedAt: now } : {}),
        onboardingStep,
      },
      select: { onboardingStep: true, subscriptionTierId: true },
    });
    await recordAudit(tx, {
      organizationId,
      actorUserId,
      action: "onboarding.company_saved",
      entityType: "organization",
      entityId: organizationId,
      metadata: {
        companyName: input.companyName,
        website: input.companyWebsite,
        bookingLink: input.bookingLink,
        primaryColor: input.primaryColor,
        secondaryColor: input.secondaryColor,
        logoChanged: logo !== null,
      },
    });
    return {
      success: true,
      onboardingStep: updated.onboardingStep,
      nextStep: nextOnboardingStep({ savedStep: updated.onboardingStep, plan: updated.subscriptionTierId }),
    };
  });
}
