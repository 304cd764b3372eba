import { z } from "zod";
import { FORM_PLAN_TYPES, normalizeEmail, STANDARD_PLAN_TYPES } from "@/lib/contacts/contact-fields";
import { isContactEmailFormatValid, isIsoCalendarDate } from "@/lib/contacts/contact-schema";
import { ageOnDate, defaultEffectiveDate } from "@/lib/quotes/select-quotes";
import { ZIP_MESSAGES } from "@/lib/zip/zip-schema";
import { isoDate } from "@/lib/calendar/calendar-date";
import { nationalDigits } from "@/lib/phone/phone";

/**
 * Self-onboarding and quote intake (client-side.md "Self-onboarding form", "Quote intake page", §5,
 * §7, §8): the texts, the signup payload and its rules, shared by the forms (browser) and the
 * services. Pure: no server imports, safe in the browser bundle.
 */

export const SELF_SERVICE_MESSAGES = {
  /** §5 Self-onboarding: a required field is missing. */
  required: "Please fill out all required fields.",
  /** §5 the quote intake's version of the same. */
  requiredForQuote: "Please fill out all required fields for a quote.",
  zipFormat: ZIP_MESSAGES.format,
  noState: "Unable to determine state from zip code",
  invalidZip: ZIP_MESSAGES.invalid,
  invalidEmail: "Please enter a valid email address",
  invalidPhone: "Please enter a 10-digit phone number",
  invalidDateOfBirth: "Please enter a valid date of birth",
  invalidPremium: "Please enter the premium as a number, like 145.50",
  /** §8 */
  signupFailed: "Signup failed. Please try again.",
  quoteFailed: "Failed to generate quote. Please try again.",
  orgNotFound: "Organization not found or invalid link.",
  generic: "Something went wrong. Please try again.",
  /** The plan's contact limit is reached: the consumer cannot fix it, the agency can. */
  notAccepting: "This agency can't accept new sign-ups online right now. Please contact them directly.",
  /** generate-quote without (or with an expired) proof from signup. */
  proofInvalid: "Your sign-up session has expired. Please submit the form again.",
  uniqueEmailHint: "Use a unique email for each person.",
  /** The confirmation link of a self-signup (lib/self-onboarding/email-confirmation.ts, /confirm-email/{token}). */
  confirmTitle: "Please confirm your email",
  confirmButton: "Confirm my email",
  confirming: "Confirming...",
  confirmed: "Thank you, your email is confirmed.",
  alreadyConfirmed: "Your email is already confirmed. Thank you!",
  confirmInvalid: "This link has expired or was already used. To get a new one, please fill out the quote form again.",
  confirmFailed: "We could not confirm your email. Please try again.",
} as const;

/**
 * An empty required field's own error names the field (the form's summary above the button keeps the spec's "Please
 * fill out all required fields."). Ids a person never types (orgId, quoteId) keep the summary's words.
 */
export const REQUIRED_FIELD_MESSAGES = {
  firstName: "Please enter your first name",
  lastName: "Please enter your last name",
  email: "Please enter your email address",
  phoneNumber: "Please enter your phone number",
  zipCode: "Please enter your ZIP code",
  dateOfBirth: "Please enter your date of birth",
  gender: "Please choose your gender",
  tobacco: "Please say whether you use tobacco",
  carrierChoice: "Please choose your current carrier",
} as const;

const REQUIRED_MESSAGES: ReadonlySet<string> = new Set([
  SELF_SERVICE_MESSAGES.required,
  ...Object.values(REQUIRED_FIELD_MESSAGES),
]);

/** Whether a field's error is "this required field is empty" (the forms and the service then show the summary). */
export function isRequiredMessage(message: string): boolean {
  return REQUIRED_MESSAGES.has(message);
}

/** §9 carrier list: the choices for "current carrier" (plus Other; None when no plan is held). */
export const CURRENT_CARRIER_CHOICES = [
  "Aetna",
  "Humana",
  "United Healthcare",
  "Cigna",
  "Aflac",
  "Mutual of Omaha",
  "Bankers Fidelity",
  "Physicians Mutual",
  "Medico",
  "Globe Life",
  "United American",
  "Horizon BCBS of New Jersey",
  "Insurance Company of North America",
] as const;
export const OTHER_CARRIER_CHOICE = "Other";
export const NO_CARRIER_CHOICE = "None";

export const SELF_SERVICE_PLAN_TYPES = FORM_PLAN_TYPES;

/** §5: the premium field keeps digits and one dot. */
export function premiumInput(value: string): string {
  const kept = value.replace(/[^\d.]/g, "");
  const dot = kept.indexOf(".");
  return dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, "");
}

/** "145.5" → 14550 cents; "" → null; anything else (or more than 2 decimals, or absurd amounts) → undefined (invalid). */
export function premiumCents(value: string | number | null | undefined): number | null | undefined {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === "") return null;
  const match = /^(\d{0,6})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match || (match[1] === "" && !match[2])) return undefined;
  return Number(match[1] || "0") * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** §5: zip limited to 5 characters, digits only. */
export function zipInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, 5);
}

/** Age on the default effective date (the 1st of next month), as the compare page prices it. */
export function quoteAge(dateOfBirth: string, now: Date, timeZone?: string): number {
  return ageOnDate(dateOfBirth, defaultEffectiveDate(now, timeZone));
}

/** A date of birth as "YYYY-MM-DD", a real calendar date from 1900 on (the services also refuse the future, with `now`). */
export function isDateOfBirthFormat(value: string): boolean {
  return isIsoCalendarDate(value) && value >= "1900-01-01";
}

/** A date of birth that is not in the future (UTC calendar day of `now`). */
export function isPastDateOfBirth(value: string, now: Date): boolean {
  return isDateOfBirthFormat(value) && value <= isoDate(now);
}

const req = SELF_SERVICE_MESSAGES.required;
const need = REQUIRED_FIELD_MESSAGES;
const trimmed = (max: number, missing: string = req) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: `Please use at most ${max} characters` });
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : (v ?? null)),
    z.string().max(max).nullable(),
  );

/** Digits only; a pasted leading country code 1 is dropped; exactly 10 digits. */
const phoneField = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    return nationalDigits(value);
  },
  z
    .string({ error: need.phoneNumber })
    .min(1, { error: need.phoneNumber })
    .regex(/^\d{10}$/, { error: SELF_SERVICE_MESSAGES.invalidPhone }),
);

/** Which form sent the signup: the self-onboarding form asks for the quarterly-updates opt-in, the quote intake does not. */
export const SIGNUP_INTAKES = ["self_onboarding", "quote_intake"] as const;

/**
 * POST /api/self-service/signup (§7). State is accepted for compatibility but never trusted: it comes
 * from the ZIP. `carrierChoice` is the picked carrier (a name, "Other" or "None"); `currentCarrier`
 * is the typed name when the choice is Other.
 */
export const selfServiceSignupSchema = z
  .object({
    orgId: trimmed(100),
    email: z
      .string({ error: need.email })
      .trim()
      .min(1, { error: need.email })
      .max(254, { error: SELF_SERVICE_MESSAGES.invalidEmail })
      .refine((value) => isContactEmailFormatValid(value), { error: SELF_SERVICE_MESSAGES.invalidEmail })
      .transform(normalizeEmail),
    firstName: trimmed(100, need.firstName),
    lastName: trimmed(100, need.lastName),
    phoneNumber: phoneField,
    zipCode: z
      .string({ error: need.zipCode })
      .trim()
      .min(1, { error: need.zipCode })
      .regex(/^\d{5}$/, { error: SELF_SERVICE_MESSAGES.zipFormat }),
    state: optionalText(2).optional(),
    county: optionalText(200).optional(),
    dateOfBirth: z
      .string({ error: need.dateOfBirth })
      .trim()
      .min(1, { error: need.dateOfBirth })
      .refine(isDateOfBirthFormat, { error: SELF_SERVICE_MESSAGES.invalidDateOfBirth }),
    gender: z.enum(["M", "F"], { error: need.gender }),
    tobacco: z.boolean({ error: need.tobacco }),
    hasCurrentPlan: z.boolean().optional().default(false),
    carrierChoice: optionalText(200).optional(),
    currentCarrier: optionalText(200).optional(),
    currentPremium: z
      .union([z.string(), z.number(), z.null()])
      .optional()
      .transform((value, ctx) => {
        const cents = premiumCents(value);
        if (cents === undefined) {
          ctx.addIssue({ code: "custom", message: SELF_SERVICE_MESSAGES.invalidPremium });
          return z.NEVER;
        }
        return cents;
      }),
    planType: z
      .preprocess(
        (v) => (v === "" ? null : (v ?? null)),
        z.enum(STANDARD_PLAN_TYPES, { error: "Please choose a plan type" }).nullable(),
      )
      .optional(),
    /** The self-onboarding form's optional "may email me quotes…" question: a choice, never a condition of the quote. */
    optInQuarterlyUpdates: z.boolean().optional().default(false),
    agentId: optionalText(100).optional(),
    intake: z.enum(SIGNUP_INTAKES).optional().default("self_onboarding"),
  })
  .superRefine((value, ctx) => {
    if (value.hasCurrentPlan && !value.carrierChoice)
      ctx.addIssue({ code: "custom", path: ["carrierChoice"], message: need.carrierChoice });
  });

export type SelfServiceSignupInput = z.input<typeof selfServiceSignupSchema>;
export type SelfServiceSignupValues = z.output<typeof selfServiceSignupSchema>;

/** What the signup forms hold: the body's fields as their controls give them (a choice is "" until made). */
export type SignupFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  /** Digits only. */
  phoneNumber: string;
  zipCode: string;
  dateOfBirth: string;
  gender: "M" | "F" | "";
  tobacco: "yes" | "no" | "";
  hasCurrentPlan: "yes" | "no" | "";
  carrierChoice: string;
  /** The typed carrier name, sent only with the Other choice. */
  currentCarrier: string;
  currentPremium: string;
  planType: string;
  optInQuarterlyUpdates: boolean;
};

/** What a signup form knows besides its fields: the agency, the link's agent, which form, and the ZIP's state and county. */
export type SignupFormContext = {
  orgId: string;
  agentId: string | null;
  intake: (typeof SIGNUP_INTAKES)[number];
  state: string | null;
  county: string | null;
};

export const EMPTY_SIGNUP_FORM: SignupFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  zipCode: "",
  dateOfBirth: "",
  gender: "",
  tobacco: "",
  hasCurrentPlan: "",
  carrierChoice: "",
  currentCarrier: "",
  currentPremium: "",
  planType: "",
  optInQuarterlyUpdates: false,
};

/** The signup body of a form's values: what the form sends, and what its schema checks. A choice not made is left out, for the schema to name. */
export function signupBody(
  values: SignupFormValues,
  context: SignupFormContext,
): SelfServiceSignupInput & { orgId: string } {
  const hasCurrentPlan = values.hasCurrentPlan === "yes";
  return {
    orgId: context.orgId,
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phoneNumber: values.phoneNumber,
    zipCode: values.zipCode,
    state: context.state,
    county: context.county || null,
    dateOfBirth: values.dateOfBirth,
    // A choice not made is left out, for the schema to name.
    gender: (values.gender || undefined) as "M" | "F",
    tobacco: (values.tobacco === "" ? undefined : values.tobacco === "yes") as boolean,
    hasCurrentPlan,
    carrierChoice: hasCurrentPlan ? values.carrierChoice : null,
    currentCarrier:
      hasCurrentPlan && values.carrierChoice === OTHER_CARRIER_CHOICE ? values.currentCarrier.trim() || null : null,
    currentPremium: values.currentPremium || null,
    planType: values.planType || null,
    optInQuarterlyUpdates: values.optInQuarterlyUpdates,
    agentId: context.agentId,
    intake: context.intake,
  };
}

/**
 * The signup forms' schema: the values read as the signup body and checked by the route's own schema, then the
 * service's date-of-birth rule on `now` (lib/self-onboarding/signup.ts parseSignupOrThrow). Errors carry the body's
 * field names, which the forms use for their fields.
 */
export function signupFormSchema(context: SignupFormContext, now: Date) {
  return z
    .custom<SignupFormValues>((value) => typeof value === "object" && value !== null)
    .transform((values) => signupBody(values, context))
    .pipe(selfServiceSignupSchema)
    .refine((body) => isPastDateOfBirth(body.dateOfBirth, now), {
      path: ["dateOfBirth"],
      error: SELF_SERVICE_MESSAGES.invalidDateOfBirth,
    });
}

/**
 * POST /api/self-service/signup answers this (app/api/self-service/signup/route.ts). A returning address answers no
 * contact and no proof: its quote link was emailed to the address on file.
 */
export type SignupResponse = { success: true; contactId: string | null; email: string; proof: string | null };

/** The carrier stored on the contact: the pick, the typed name for Other, nothing for None or without a plan. */
export function storedCarrier(
  values: Pick<SelfServiceSignupValues, "hasCurrentPlan" | "carrierChoice" | "currentCarrier">,
): string | null {
  if (!values.hasCurrentPlan) return null;
  const choice = values.carrierChoice ?? null;
  if (!choice || choice === NO_CARRIER_CHOICE) return null;
  if (choice === OTHER_CARRIER_CHOICE) return values.currentCarrier || OTHER_CARRIER_CHOICE;
  return choice;
}

/** POST /api/self-service/generate-quote (§7), plus the proof signup handed out. */
export const generateQuoteSchema = z.object({
  orgId: z.string({ error: req }).trim().min(1, { error: req }).max(100),
  contactEmail: z.string({ error: req }).trim().min(1, { error: req }).max(254).transform(normalizeEmail),
  proof: z.string().trim().max(500).optional(),
});

/** POST /api/self-service/generate-quote answers this. */
export type GenerateQuoteResponse = { success: true; contactId: string; quoteId: string; redirectUrl: string };

/** POST /api/self-service/confirm-email: the token from the emailed link (any string; the service checks its shape). */
export const confirmEmailSchema = z.object({ token: z.string().trim().max(200) });

/** POST /api/self-service/confirm-email answers this (404 for an unknown or expired link). */
export type ConfirmEmailResponse =
  | { success: true; status: "confirmed"; organizationName: string; redirectUrl: string }
  | { success: true; status: "already_confirmed"; organizationName: string };

/** POST /api/self-service/update-quote-details: the rating facts a quote link's visitor may correct. */
export const updateQuoteDetailsSchema = z.object({
  quoteId: z.string({ error: req }).trim().min(1, { error: req }).max(100),
  zipCode: z
    .string({ error: need.zipCode })
    .trim()
    .regex(/^\d{5}$/, { error: SELF_SERVICE_MESSAGES.zipFormat }),
  county: optionalText(200).optional(),
  dateOfBirth: z
    .string({ error: need.dateOfBirth })
    .trim()
    .min(1, { error: need.dateOfBirth })
    .refine(isDateOfBirthFormat, { error: SELF_SERVICE_MESSAGES.invalidDateOfBirth }),
  gender: z.enum(["M", "F"], { error: need.gender }),
  tobacco: z.boolean({ error: need.tobacco }),
});

/** What the quote intake form holds: the rating facts as its controls give them (a choice is "" until made). */
export type QuoteIntakeFormValues = {
  zipCode: string;
  dateOfBirth: string;
  gender: "M" | "F" | "";
  tobacco: "yes" | "no" | "";
};

const quoteFactsSchema = updateQuoteDetailsSchema.pick({
  zipCode: true,
  dateOfBirth: true,
  gender: true,
  tobacco: true,
});
export type QuoteFacts = z.output<typeof quoteFactsSchema>;

/**
 * The quote intake form's schema: its values read as update-quote-details' rating facts and checked by that route's
 * own rules, then the service's date-of-birth rule on `now` (lib/self-onboarding/quote-details.ts).
 */
export function quoteIntakeFormSchema(now: Date) {
  return z
    .custom<QuoteIntakeFormValues>((value) => typeof value === "object" && value !== null)
    .transform(
      (values) =>
        // A choice not made is left out, for the schema to name.
        ({
          zipCode: values.zipCode,
          dateOfBirth: values.dateOfBirth,
          gender: values.gender || undefined,
          tobacco: values.tobacco === "" ? undefined : values.tobacco === "yes",
        }) as z.input<typeof quoteFactsSchema>,
    )
    .pipe(quoteFactsSchema)
    .refine((facts) => isPastDateOfBirth(facts.dateOfBirth, now), {
      path: ["dateOfBirth"],
      error: SELF_SERVICE_MESSAGES.invalidDateOfBirth,
    });
}

/** POST /api/self-service/update-quote-details answers this: the compare page of the link. */
export type UpdateQuoteDetailsResponse = { success: true; redirectUrl: string };

export type ManualCompareParams = {
  orgId: string;
  zip: string;
  county: string;
  age: number;
  gender: "M" | "F";
  tobacco: boolean;
  planType?: string;
};

/**
 * The compare page's manual mode (/compare?orgId&zip&county&age&gender&tobacco&planType). Age, not a
 * date of birth: no personal data in URLs.
 */
export function manualCompareUrl({
  orgId,
  zip,
  county,
  age,
  gender,
  tobacco,
  planType = "G",
}: ManualCompareParams): string {
  const params = new URLSearchParams({
    orgId,
    zip,
    county,
    age: String(age),
    gender,
    tobacco: String(tobacco),
    planType,
  });
  return `/compare?${params.toString()}`;
}

/** The compare page of a quote link. */
export function compareUrlForToken(token: string): string {
  return `/compare?id=${encodeURIComponent(token)}`;
}

const COMPARE_PLAN_TYPES = ["F", "G", "N", "HDF", "HDG"] as const;
const PLAN_NAME_CODES: Record<string, (typeof COMPARE_PLAN_TYPES)[number]> = {
  "HIGH DEDUCTIBLE PLAN F": "HDF",
  "HIGH DEDUCTIBLE PLAN G": "HDG",
};

/** The compare page's plan type from a query value or a stored plan ("Plan N", "N", "hdg"); default G (§5). */
export function comparePlanType(value: string | null | undefined): (typeof COMPARE_PLAN_TYPES)[number] {
  const upper = (value ?? "").trim().toUpperCase();
  if (PLAN_NAME_CODES[upper]) return PLAN_NAME_CODES[upper];
  const code = upper.replace(/^PLAN\s+/, "");
  return (COMPARE_PLAN_TYPES as readonly string[]).includes(code) ? (code as (typeof COMPARE_PLAN_TYPES)[number]) : "G";
}
