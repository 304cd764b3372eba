import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { OnboardingWizard } from "@/components/onboarding/onboarding-wizard";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { PLANS } from "@/lib/billing/plans";
import { getEnv } from "@/lib/env";
import { getOnboardingState } from "@/lib/onboarding/get-onboarding-state";
import { canOpenStep, parseStep, type OnboardingStep } from "@/lib/onboarding/onboarding-steps";

export const metadata: Metadata = { title: "Organization Setup - Settings", robots: { index: false } };
export const dynamic = "force-dynamic";

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The onboarding wizard (agency-side.md §2). Opens on Personal Details, or resumes at the saved step; ?step= opens an earlier one. */
export default async function SetupSettingsPage({ searchParams }: PageProps) {
  const account = await requirePageAccount("/setup/settings");
  if (account.organization.onboardingCompleted) redirect(account.destination);
  const state = await getOnboardingState({ organizationId: account.organization.id, userId: account.user.id });
  const env = getEnv();
  const { organization } = state;

  const resumeAt: OnboardingStep = state.step === "complete" ? "payment" : state.step;
  const requested = parseStep((await searchParams).step);
  const initialStep =
    requested && canOpenStep({ step: requested, savedStep: organization.onboardingStep, plan: organization.plan })
      ? requested
      : resumeAt;
  const planName = PLANS.find((p) => p.id === organization.plan)?.name ?? organization.plan ?? "";

  return (
    <main className="min-h-screen bg-gray-50 px-4 py-10 sm:py-12">
      <div className="mx-auto mb-8 max-w-3xl text-center">
        <p className="text-sm font-semibold text-brand-600">{env.productName}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900">Organization Setup - Settings</h1>
        <p className="mt-2 text-gray-600">
          A few details and your agency is ready to go{planName ? ` on the ${planName} plan` : ""}.
        </p>
      </div>
      <OnboardingWizard
        productName={env.productName}
        planName={planName}
        payments={env.parts.payments}
        initialStep={initialStep}
        data={{
          plan: organization.plan,
          savedStep: organization.onboardingStep,
          agentLimit: organization.agentLimit,
          personal: {
            firstName: state.user.firstName,
            lastName: state.user.lastName,
            email: state.user.email,
            phone: state.user.phone,
          },
          company: {
            companyName: organization.companyName,
            companyPhone: organization.companyPhone,
            companyWebsite: organization.companyWebsite,
            bookingLink: organization.bookingLink,
            primaryColor: organization.primaryColor,
            secondaryColor: organization.secondaryColor,
          },
          logoUrl: organization.logoUrl,
          carrierSettings: state.carrierSettings,
          carrierOptions: state.carrierOptions,
          agents: state.agents.map(({ id, firstName, lastName, email, phone, isAgent, isCurrentUser }) => ({
            id,
            firstName,
            lastName,
            email,
            phone,
            isAgent,
            isCurrentUser,
          })),
        }}
      />
    </main>
  );
}
