import "server-only";
import { AppError } from "@/lib/api/errors";
import { listCarrierOptions } from "@/lib/carriers/list-carriers";
import { tenantTransaction } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import {
  ONBOARDING_MESSAGES,
  type OnboardingLicensing,
  type OnboardingStepSavedResponse,
} from "@/lib/onboarding/onboarding-schema";
import { nextOnboardingStep, STEP_NUMBER } from "@/lib/onboarding/onboarding-steps";
import { readStateCarrierSettings, type StateCarrierSetting } from "@/lib/settings/state-carrier-settings";

/**
 * One entry per licensed state × contracted carrier (domain-rules B.7): active, not targeted for GI
 * by default; a pair that already had settings keeps them. Pure.
 */
export function defaultStateCarrierSettings({
  states,
  carriers,
  existing,
}: {
  states: string[];
  carriers: string[];
  existing: StateCarrierSetting[];
}) {
  const byKey = new Map(existing.map((s) => [`${s.state ?? ""}|${s.carrier}`, s]));
  return states.flatMap((state) =>
    carriers.map((carrier) => {
      const found = byKey.get(`${state}|${carrier}`);
      return { state, carrier, active: found?.active ?? true, targetGI: found?.targetGI ?? false };
    }),
  );
}

/**
 * POST /api/onboarding/licensing (step 2): contracted carriers (at least one, from the carrier list),
 * licensed states, SmartSend, outreach timing and types, failed-underwriting outreach.
 */
export async function saveOnboardingLicensing({
  organizationId,
  actorUserId,
  input,
}: {
  organizationId: string;
  actorUserId: string;
  input: OnboardingLicensing;
}): Promise<OnboardingStepSavedResponse> {
  const known = new Set((await listCarrierOptions()).map((c) => c.name));
  const unknown = input.selectedCarriers.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new AppError("validation_failed", ONBOARDING_MESSAGES.unknownCarrier, {
      fields: { selectedCarriers: [`${ONBOARDING_MESSAGES.unknownCarrier}: ${unknown.join(", ")}`] },
    });
  }
  const carriers = [...input.selectedCarriers].sort((a, b) => a.localeCompare(b));

  return tenantTransaction(organizationId, async (tx) => {
    const current = await tx.organization.findFirst({
      where: { id: organizationId },
      select: { onboardingStep: true, stateCarrierSettings: true },
    });
    if (!current) throw AppError.notFound("Organization not found.");
    const onboardingStep = Math.max(current.onboardingStep, STEP_NUMBER.licensing);
    const updated = await tx.organization.update({
      where: { id: organizationId },
      data: {
        carrierContracts: carriers,
        stateLicenses: input.stateLicenses,
        stateCarrierSettings: defaultStateCarrierSettings({
          states: input.stateLicenses,
          carriers,
          existing: readStateCarrierSettings(current.stateCarrierSettings),
        }),
        smartSendEnabled: input.useSmartSend,
        contactOutreachDelayYears: input.contactOutreachDelayYears,
        outreachBirthday: input.outreachTypes.birthday,
        outreachEnrollmentAnniversary: input.outreachTypes.enrollmentAnniversary,
        outreachScheduleIncrease: input.outreachTypes.scheduleIncrease,
        outreachAep: input.outreachTypes.aep,
        failedUnderwritingOutreachEnabled: input.failedUnderwritingOutreach.enabled,
        failedUnderwritingOutreachFrequency: input.failedUnderwritingOutreach.frequency,
        failedUnderwritingOutreachTiming: input.failedUnderwritingOutreach.timing,
        onboardingStep,
      },
      select: { onboardingStep: true, subscriptionTierId: true },
    });
    await recordAudit(tx, {
      organizationId,
      actorUserId,
      action: "onboarding.licensing_saved",
      entityType: "organization",
      entityId: organizationId,
      metadata: {
        carrierContracts: carriers,
        stateLicenses: input.stateLicenses,
        smartSendEnabled: input.useSmartSend,
        contactOutreachDelayYears: input.contactOutreachDelayYears,
        outreachTypes: input.outreachTypes,
        failedUnderwritingOutreach: input.failedUnderwritingOutreach,
      },
    });
    return {
      success: true,
      onboardingStep: updated.onboardingStep,
      nextStep: nextOnboardingStep({ savedStep: updated.onboardingStep, plan: updated.subscriptionTierId }),
    };
  });
}
