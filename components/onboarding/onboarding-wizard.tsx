"use client";

import { useEffect, useRef, useState } from "react";
import { AgentsStep, type TeamMember } from "@/components/onboarding/agents-step";
import { CompanyStep, type CompanyValues } from "@/components/onboarding/company-step";
import { LicensingStep, type LicensingValues } from "@/components/onboarding/licensing-step";
import { PaymentStep } from "@/components/onboarding/payment-step";
import { PersonalStep, type PersonalValues } from "@/components/onboarding/personal-step";
import { StepPager } from "@/components/onboarding/step-pager";
import { canOpenStep, STEP_NUMBER, stepsForPlan, type OnboardingStep } from "@/lib/onboarding/onboarding-steps";

export type WizardData = {
  plan: string | null;
  /** organizations.onboarding_step: the last step saved. */
  savedStep: number;
  agentLimit: number;
  /** The admin's own details (Personal Details). */
  personal: PersonalValues;
  company: CompanyValues;
  logoUrl: string | null;
  carrierSettings: LicensingValues;
  carrierOptions: string[];
  agents: TeamMember[];
};

export type OnboardingWizardProps = {
  productName: string;
  planName: string;
  payments: "off" | "stripe";
  initialStep: OnboardingStep;
  data: WizardData;
  /** Where to go when setup is done (default: a full navigation). */
  navigate?: (url: string) => void;
};

/** The onboarding wizard: personal details, company, licensing, agents (not on the basic plan), payment, with a dot pager (Choose Plan counted first). */
export function OnboardingWizard({
  productName,
  planName,
  payments,
  initialStep,
  data,
  navigate,
}: OnboardingWizardProps) {
  const steps = stepsForPlan(data.plan);
  const [step, setStep] = useState<OnboardingStep>(steps.includes(initialStep) ? initialStep : steps[0]!);
  const [savedStep, setSavedStep] = useState(data.savedStep);
  const [personal, setPersonal] = useState(data.personal);
  const [company, setCompany] = useState(data.company);
  const [logoUrl, setLogoUrl] = useState(data.logoUrl);
  const [licensing, setLicensing] = useState(data.carrierSettings);
  const [agents, setAgents] = useState(data.agents);
  const heading = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
    try {
      const url = new URL(window.location.href);
      url.searchParams.set("step", step);
      window.history.replaceState(window.history.state, "", url.toString());
    } catch {
      // Not fatal: the step is only a convenience in the URL.
    }
  }, [step]);

  const reachable = (target: OnboardingStep) => canOpenStep({ step: target, savedStep, plan: data.plan });
  const advance = (saved: OnboardingStep, next: OnboardingStep) => {
    setSavedStep((s) => Math.max(s, STEP_NUMBER[saved]));
    setStep(steps.includes(next) ? next : "payment");
  };
  const back = () => {
    const index = steps.indexOf(step);
    if (index > 0) setStep(steps[index - 1]!);
  };

  return (
    <div className="mx-auto w-full max-w-3xl">
      <div className="rounded-2xl bg-white shadow-sm ring-1 ring-gray-200">
        <div className="border-b border-gray-100 px-6 py-4 sm:px-8">
          <StepPager
            steps={steps}
            current={step}
            reachable={reachable}
            onSelect={setStep}
            onBack={back}
            planStepHref="/change-plan"
          />
        </div>
        <div ref={heading} tabIndex={-1} className="px-6 py-8 focus:outline-none sm:px-8" data-step={step}>
          {step === "personal" ? (
            <PersonalStep
              initial={personal}
              onSaved={(values) => {
                setPersonal(values);
                // The team list shows the admin as saved here.
                setAgents((list) =>
                  list.map((a) =>
                    a.isCurrentUser
                      ? { ...a, firstName: values.firstName, lastName: values.lastName, phone: values.phone }
                      : a,
                  ),
                );
                advance("personal", "company");
              }}
            />
          ) : null}
          {step === "company" ? (
            <CompanyStep
              initial={company}
              logoUrl={logoUrl}
              onSaved={(values, { logoPreview, nextStep }) => {
                setCompany(values);
                if (logoPreview) setLogoUrl(logoPreview);
                advance("company", nextStep);
              }}
            />
          ) : null}
          {step === "licensing" ? (
            <LicensingStep
              carrierOptions={data.carrierOptions}
              initial={licensing}
              brand={{
                name: company.companyName,
                primaryColor: company.primaryColor,
                secondaryColor: company.secondaryColor,
                logoUrl,
                phone: company.companyPhone,
              }}
              onSaved={(values, { nextStep }) => {
                setLicensing(values);
                advance("licensing", nextStep);
              }}
            />
          ) : null}
          {step === "agents" ? (
            <AgentsStep
              productName={productName}
              agents={agents}
              agentLimit={data.agentLimit}
              onSaved={(created, { nextStep }) => {
                setAgents((list) => [...list, ...created]);
                advance("agents", nextStep);
              }}
            />
          ) : null}
          {step === "payment" ? (
            <PaymentStep
              payments={payments}
              planName={planName}
              payer={personal}
              onFinished={(url) => (navigate ?? ((u: string) => window.location.assign(u)))(url)}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
