import "server-only";
import { AppError } from "@/lib/api/errors";
import { listCarrierOptions } from "@/lib/carriers/list-carriers";
import { tenantDb } from "@/lib/db";
import { FAILED_UNDERWRITING_TIMINGS } from "@/lib/settings/org-settings-schema";
import { logoUrl } from "@/lib/settings/logo";
import { DEFAULT_SECONDARY_COLOR, ONBOARDING_MESSAGES } from "@/lib/onboarding/onboarding-schema";
import { DEFAULT_BRAND_COLOR } from "@/lib/organizations/brand";
import { STEP_NUMBER, stepsForPlan, wizardStartStep, type OnboardingStep } from "@/lib/onboarding/onboarding-steps";

type FailedUnderwritingTiming = (typeof FAILED_UNDERWRITING_TIMINGS)[number];

/**
 * Where an organization is in the onboarding wizard and what it has saved so far: the page's props
 * and the answer of GET /api/onboarding/resume (agency-side.md §7).
 */
export async function getOnboardingState({ organizationId, userId }: { organizationId: string; userId: string }) {
  const db = tenantDb(organizationId);
  const [organization, users, carrierOptions] = await Promise.all([
    db.organization.findFirst({
      where: { id: organizationId },
      select: {
        id: true,
        name: true,
        slug: true,
        brandName: true,
        phone: true,
        website: true,
        redirectUrl: true,
        primaryColor: true,
        secondaryColor: true,
        logoUpdatedAt: true,
        logoMimeType: true,
        carrierContracts: true,
        stateLicenses: true,
        smartSendEnabled: true,
        contactOutreachDelayYears: true,
        outreachBirthday: true,
        outreachEnrollmentAnniversary: true,
        outreachScheduleIncrease: true,
        outreachAep: true,
        failedUnderwritingOutreachEnabled: true,
        failedUnderwritingOutreachFrequency: true,
        failedUnderwritingOutreachTiming: true,
        onboardingStep: true,
        onboardingCompleted: true,
        subscriptionTierId: true,
        agentLimit: true,
        extraAgents: true,
      },
    }),
    db.user.findMany({
      where: { organizationId, isActive: true },
      select: { id: true, firstName: true, lastName: true, email: true, phone: true, isAdmin: true, isAgent: true },
      orderBy: [{ createdAt: "asc" }, { email: "asc" }],
    }),
    listCarrierOptions(),
  ]);
  if (!organization) throw AppError.notFound("Organization not found.");
  const current = users.find((u) => u.id === userId);
  if (!current) throw AppError.notFound("User not found.");

  const plan = organization.subscriptionTierId;
  const savedStep = organization.onboardingStep;
  const step: OnboardingStep | "complete" = organization.onboardingCompleted
    ? "complete"
    : wizardStartStep({ savedStep, plan });
  const licensingSaved = savedStep >= STEP_NUMBER.licensing;
  const timing: FailedUnderwritingTiming = (FAILED_UNDERWRITING_TIMINGS as readonly string[]).includes(
    organization.failedUnderwritingOutreachTiming,
  )
    ? (organization.failedUnderwritingOutreachTiming as FailedUnderwritingTiming)
    : "birthday";
  const delay = organization.contactOutreachDelayYears;

  return {
    success: true as const,
    step,
    stepNumber: step === "complete" ? STEP_NUMBER.payment : STEP_NUMBER[step],
    steps: stepsForPlan(plan),
    onboardingComplete: organization.onboardingCompleted,
    organization: {
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      plan,
      onboardingStep: savedStep,
      agentLimit: organization.agentLimit < 0 ? -1 : organization.agentLimit + organization.extraAgents,
      companyName: organization.brandName ?? organization.name,
      companyPhone: organization.phone ?? "",
      companyWebsite: organization.website ?? "",
      bookingLink: organization.redirectUrl ?? "",
      primaryColor: organization.primaryColor || DEFAULT_BRAND_COLOR,
      secondaryColor: organization.secondaryColor || DEFAULT_SECONDARY_COLOR,
      logoUrl: organization.logoMimeType ? logoUrl(organization.slug, organization.logoUpdatedAt) : null,
    },
    user: {
      id: current.id,
      email: current.email,
      firstName: current.firstName,
      lastName: current.lastName,
      phone: current.phone ?? "",
      isAdmin: current.isAdmin,
    },
    agents: users.map((u) => ({ ...u, phone: u.phone ?? "", isCurrentUser: u.id === userId })),
    carrierSettings: {
      selectedCarriers: organization.carrierContracts,
      stateLicenses: organization.stateLicenses,
      // Settings default SmartSend off; onboarding proposes it on until the step is saved (domain-rules B.7).
      useSmartSend: licensingSaved ? organization.smartSendEnabled : true,
      contactOutreachDelayYears: (delay === 2 || delay === 3 ? delay : 1) as 1 | 2 | 3,
      outreachTypes: {
        birthday: organization.outreachBirthday,
        enrollmentAnniversary: organization.outreachEnrollmentAnniversary,
        scheduleIncrease: organization.outreachScheduleIncrease,
        aep: organization.outreachAep,
      },
      failedUnderwritingOutreach: {
        enabled: organization.failedUnderwritingOutreachEnabled,
        frequency: "annual" as const,
        timing,
      },
    },
    carrierOptions: carrierOptions.map((c) => c.name),
  };
}

export type OnboardingState = Awaited<ReturnType<typeof getOnboardingState>>;

/**
 * GET /api/onboarding/resume?email=: the caller's own onboarding only. Another address answers 403
 * (the caller may not look anyone else up; whether that address exists is never revealed).
 */
export async function resumeOnboarding({
  organizationId,
  user,
  email,
}: {
  organizationId: string;
  user: { id: string; email: string };
  email: string;
}) {
  if (email.trim().toLowerCase() !== user.email.toLowerCase())
    throw new AppError("forbidden", ONBOARDING_MESSAGES.ownEmailOnly);
  return getOnboardingState({ organizationId, userId: user.id });
}
