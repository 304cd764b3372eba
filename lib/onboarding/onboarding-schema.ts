import { z } from "zod";
import { singleLine } from "@/lib/validation/text";
import { emailField, signupSchema } from "@/lib/accounts/signup-schema";
import { agentInputSchema, type AgentInput } from "@/lib/agents/agent-schema";
import type { OnboardingStep } from "@/lib/onboarding/onboarding-steps";
import { STATE_CODES } from "@/lib/reference/us-states";
import { BRAND_COLOR_MESSAGE, BRAND_COLOR_PATTERN, DEFAULT_BRAND_COLOR } from "@/lib/organizations/brand";
import {
  bookingLinkField,
  FAILED_UNDERWRITING_FREQUENCIES,
  FAILED_UNDERWRITING_TIMINGS,
  OUTREACH_DELAY_YEARS,
  websiteField,
} from "@/lib/settings/org-settings-schema";
import { nationalDigits } from "@/lib/phone/phone";

/**
 * The onboarding wizard's inputs (agency-side.md §2 "Onboarding wizard", §3 "Onboarding company" and
 * "Licensing", §5): one schema per step, shared by the API routes and the wizard's forms.
 * Pure: safe in the browser bundle.
 */

export const DEFAULT_SECONDARY_COLOR = "#9F7AEA";

export const ONBOARDING_MESSAGES = {
  companyNameRequired: "Company name is required",
  phoneRequired: "Phone is required",
  phoneInvalid: "Please enter a 10-digit phone number",
  carrierRequired: "Please select at least one carrier",
  unknownCarrier: "Please select carriers from the list",
  outreachTypeRequired: "Turn on at least one outreach type",
  colorInvalid: BRAND_COLOR_MESSAGE,
  logoPngOnly: "PNG only",
  agentsNotOnPlan: "Adding team members is not available on the Basic plan.",
  duplicateAgentEmail: "This email is listed more than once.",
  previousStepsFirst: "Please finish the company and licensing steps first.",
  stripeNotAvailable: "Payment with Stripe is not available yet.",
  ownEmailOnly: "You can only resume onboarding for your own account.",
  saveFailed: "Failed to save settings",
  logoFailed: "Failed to upload logo",
  agentSaveFailed: "Failed to save agent",
} as const;

/**
 * Personal Details (the step before the company): the admin's own first name, last name and phone, by the
 * rules they signed up with (phone: 10 digits). Saved with PUT /api/profile, whose server rules accept
 * whatever passes these.
 */
export const onboardingPersonalSchema = signupSchema.pick({ firstName: true, lastName: true, phone: true });
export type OnboardingPersonalInput = z.input<typeof onboardingPersonalSchema>;
export type OnboardingPersonalValues = z.output<typeof onboardingPersonalSchema>;

const hexColor = (fallback: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? fallback : v))
    .pipe(z.string().regex(BRAND_COLOR_PATTERN, ONBOARDING_MESSAGES.colorInvalid))
    .transform((v) => v.toUpperCase())
    .optional()
    .transform((v) => v ?? fallback);

/**
 * A phone as typed or pasted ("(512) 555-0188", "+1 512 555 0188") → its 10 digits. A leading country
 * code 1 is dropped; anything that is not exactly 10 digits after that is refused (never truncated).
 */
export const requiredPhoneField = z
  .string({ error: ONBOARDING_MESSAGES.phoneRequired })
  .transform(nationalDigits)
  .pipe(
    z
      .string()
      .min(1, { error: ONBOARDING_MESSAGES.phoneRequired, abort: true })
      .regex(/^\d{10}$/, ONBOARDING_MESSAGES.phoneInvalid),
  );

/** Step 1, Company Settings. `logo` is a PNG data URL; leaving it out keeps the saved logo. */
export const onboardingCompanySchema = z.object({
  companyName: singleLine(
    z
      .string({ error: ONBOARDING_MESSAGES.companyNameRequired })
      .trim()
      .min(1, ONBOARDING_MESSAGES.companyNameRequired)
      .max(200, "Company name must be at most 200 characters"),
  ),
  companyPhone: requiredPhoneField,
  companyWebsite: websiteField.optional().transform((v) => v ?? ""),
  bookingLink: bookingLinkField.optional().transform((v) => v ?? ""),
  primaryColor: hexColor(DEFAULT_BRAND_COLOR),
  secondaryColor: hexColor(DEFAULT_SECONDARY_COLOR),
  logo: z.string().startsWith("data:", ONBOARDING_MESSAGES.logoPngOnly).nullish(),
});

export type OnboardingCompanyInput = z.input<typeof onboardingCompanySchema>;
export type OnboardingCompany = z.output<typeof onboardingCompanySchema>;

/** The answer of a saved step (POST /api/onboarding/company and /licensing): the step saved and the one to open next. */
export type OnboardingStepSavedResponse = { success: true; onboardingStep: number; nextStep: OnboardingStep };

export const OUTREACH_TYPES = ["birthday", "enrollmentAnniversary", "scheduleIncrease", "aep"] as const;
export type OutreachType = (typeof OUTREACH_TYPES)[number];

export const OUTREACH_TYPE_LABELS: Record<OutreachType, { label: string; description: string }> = {
  birthday: { label: "Birthday", description: "Quotes ahead of each contact's birthday" },
  enrollmentAnniversary: { label: "Enrollment anniversary", description: "Quotes ahead of each policy anniversary" },
  scheduleIncrease: { label: "Scheduled rate increase", description: "Quotes when a carrier's rates are going up" },
  aep: { label: "Annual Enrollment Period (AEP)", description: "Pre-AEP quotes in the fall" },
};

const outreachDelay = z.union(
  OUTREACH_DELAY_YEARS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>],
  {
    error: "Choose 1, 2 or 3 years",
  },
);

/** Step 2, Licensing / Carrier Information with the outreach settings. */
export const onboardingLicensingSchema = z
  .object({
    selectedCarriers: z
      .array(z.string().trim().min(1), { error: ONBOARDING_MESSAGES.carrierRequired })
      .transform((list) => [...new Set(list)])
      .pipe(z.array(z.string()).min(1, ONBOARDING_MESSAGES.carrierRequired)),
    stateLicenses: z
      .array(z.enum(STATE_CODES as [string, ...string[]], { error: "Unknown state" }))
      .optional()
      .transform((list) => [...new Set(list ?? [])].sort()),
    useSmartSend: z
      .boolean()
      .optional()
      .transform((v) => v ?? true),
    contactOutreachDelayYears: outreachDelay.optional().transform((v) => v ?? 1),
    outreachTypes: z
      .object({
        birthday: z.boolean(),
        enrollmentAnniversary: z.boolean(),
        scheduleIncrease: z.boolean(),
        aep: z.boolean(),
      })
      .optional()
      .transform((v) => v ?? { birthday: true, enrollmentAnniversary: true, scheduleIncrease: true, aep: true }),
    failedUnderwritingOutreach: z
      .object({
        enabled: z.boolean(),
        frequency: z
          .enum(FAILED_UNDERWRITING_FREQUENCIES)
          .optional()
          .transform((v) => v ?? "annual"),
        timing: z
          .enum(FAILED_UNDERWRITING_TIMINGS)
          .optional()
          .transform((v) => v ?? "birthday"),
      })
      .optional()
      .transform((v) => v ?? { enabled: false, frequency: "annual" as const, timing: "birthday" as const }),
  })
  .superRefine((value, ctx) => {
    if (!OUTREACH_TYPES.some((type) => value.outreachTypes[type])) {
      ctx.addIssue({ code: "custom", path: ["outreachTypes"], message: ONBOARDING_MESSAGES.outreachTypeRequired });
    }
  });

export type OnboardingLicensingInput = z.input<typeof onboardingLicensingSchema>;
export type OnboardingLicensing = z.output<typeof onboardingLicensingSchema>;

/**
 * Step 3: the agents to add (those already saved are not sent again). Each one follows the agent-add
 * rule of §5 (names, valid email, 10-digit phone, a role) with its one message.
 */
export const onboardingAgentsSchema = z
  .object({
    agents: z
      .array(agentInputSchema)
      .max(100)
      .optional()
      .transform((v) => v ?? []),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.agents.forEach((agent, index) => {
      if (seen.has(agent.email))
        ctx.addIssue({
          code: "custom",
          path: ["agents", index, "email"],
          message: ONBOARDING_MESSAGES.duplicateAgentEmail,
        });
      seen.add(agent.email);
    });
  });

export type OnboardingAgentInput = AgentInput;
export type OnboardingAgentsInput = z.input<typeof onboardingAgentsSchema>;

/** One agent created by POST /api/onboarding/agents. */
export type OnboardingAgentView = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  isAdmin: boolean;
  isAgent: boolean;
};
/** The answer of POST /api/onboarding/agents: the step saved and the agents it created. */
export type OnboardingAgentsResponse = OnboardingStepSavedResponse & { agents: OnboardingAgentView[] };
/** The answer of POST /api/onboarding/complete: where the finished wizard goes. */
export type OnboardingCompleteResponse = { success: true; redirectUrl: string };

export const resumeQuerySchema = z.object({ email: emailField });
