import type { WizardData } from "@/components/onboarding/onboarding-wizard";

/** Test data for the onboarding components (not app code: imported by *.test.tsx only). */
export function wizardData(overrides: Partial<WizardData> = {}): WizardData {
  return {
    plan: "pro",
    savedStep: 0,
    agentLimit: 5,
    personal: { firstName: "Riley", lastName: "Owner", email: "riley@agency.test", phone: "5125550188" },
    company: {
      companyName: "",
      companyPhone: "",
      companyWebsite: "",
      bookingLink: "",
      primaryColor: "#6B46C1",
      secondaryColor: "#9F7AEA",
    },
    logoUrl: null,
    carrierSettings: {
      selectedCarriers: [],
      stateLicenses: [],
      useSmartSend: true,
      contactOutreachDelayYears: 1,
      outreachTypes: { birthday: true, enrollmentAnniversary: true, scheduleIncrease: true, aep: true },
      failedUnderwritingOutreach: { enabled: false, frequency: "annual", timing: "birthday" },
    },
    carrierOptions: ["Aetna", "Cigna", "Humana"],
    agents: [
      {
        id: "u1",
        firstName: "Riley",
        lastName: "Owner",
        email: "riley@agency.test",
        phone: "5125550188",
        isAgent: true,
        isCurrentUser: true,
      },
    ],
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown) {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}
