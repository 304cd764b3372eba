import type { HouseholdView } from "@/lib/households/household-schema";
import { z } from "zod";
import { singleLine } from "@/lib/validation/text";
import { STANDARD_PLAN_TYPES, normalizeEmail } from "@/lib/contacts/contact-fields";
import { nationalDigits } from "@/lib/phone/phone";

/**
 * The single-contact form's rules and texts (client-side.md §4, §5, §8), shared by the form (browser)
 * and the create/update services. Pure: no server imports, safe in the browser bundle.
 */

export const CONTACT_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  invalidEmail: "Please enter a valid email address",
  emailTaken: "A contact with this email already exists.",
  emailCheckTimeout: "Email check timed out. Please continue.",
  emailChecking: "Checking email...",
  emailAvailable: "Email is available",
  emailCheckFailed: "Could not check this email. You can still save.",
  invalidPhone: "Please enter a 10-digit phone number",
  invalidEffectiveDate: "Invalid effective date format",
  invalidBirthDate: "Invalid birth date format",
  invalidPlanType: "Please choose a plan type",
  invalidGender: "Please choose Male or Female",
  invalidAgent: "Please select a valid agent",
  invalidOwner: "Please select a valid contact owner",
  agentsOwnContactsOnly: "Agents can only add contacts for themselves.",
  notFound: "Contact not found",
  loadFailed: "Failed to load contact",
  createFailed: "Failed to add contact",
  updateFailed: "Failed to update contact",
  deleteFailed: "Failed to delete contact",
  invalid: "Please correct the highlighted fields.",
} as const;

// A label of letters of any script, digits and marks (RFC 6531 allows UTF-8 in both halves), hyphens inside.
const LABEL = "[\\p{L}\\p{N}\\p{M}](?:[\\p{L}\\p{N}\\p{M}-]{0,61}[\\p{L}\\p{N}\\p{M}])?";
const EMAIL_PATTERN = new RegExp(`^[\\p{L}\\p{N}\\p{M}.!#$%&'*+/=?^_\`{|}~-]+@${LABEL}(?:\\.${LABEL})+$`, "u");

/**
 * The one email rule of a contact, for the form, the routes, self-onboarding and the CSV import (§5:
 * contains "@" and a dot, longer than 5 characters). Internationalized addresses (RFC 6531,
 * "josé.miller4@example.com", "zoë@bücher.de") are addresses: letters of any script are accepted in
 * the local part and the domain. No spaces, one "@", a dotted domain, no "..", at most 254 characters.
 * Whether a provider can deliver to it is learned at send time: an outreach email the provider refuses marks
 * the address not emailable (lib/outreach/sweep.ts, as a permanent bounce does).
 */
export function isContactEmailFormatValid(email: string): boolean {
  const value = email.trim();
  return value.length > 5 && value.length <= 254 && !value.includes("..") && EMAIL_PATTERN.test(value);
}

/** Strict calendar date "YYYY-MM-DD" (no time, no other format), with a real month and day. */
export function isIsoCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1800 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The state of the blur-triggered email check (§4): the form may save unless it is checking or taken. */
export type ContactEmailCheckStatus = "idle" | "invalid" | "checking" | "available" | "taken" | "timeout" | "error";

/** §4: save is enabled only when first name, last name and email are non-empty, the email is not a duplicate and not being checked. */
export function canSaveContactForm(
  values: { firstName: string; lastName: string; email: string },
  emailStatus: ContactEmailCheckStatus,
): boolean {
  return (
    Boolean(values.firstName.trim() && values.lastName.trim() && values.email.trim()) &&
    emailStatus !== "checking" &&
    emailStatus !== "taken"
  );
}

const blankToNull = (value: unknown) =>
  value === undefined ? undefined : value === null || (typeof value === "string" && value.trim() === "") ? null : value;

const requiredName = (message: string) =>
  singleLine(
    z
      .string({ error: message })
      .trim()
      .min(1, { error: message })
      .max(100, { error: "Please use at most 100 characters" }),
  );

const emailField = z
  .string({ error: CONTACT_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: CONTACT_MESSAGES.emailRequired })
  .max(254, { error: CONTACT_MESSAGES.invalidEmail })
  .refine((value) => value === "" || isContactEmailFormatValid(value), { error: CONTACT_MESSAGES.invalidEmail })
  .transform(normalizeEmail);

/** Digits only; "" / null → null; formatting and a leading country code 1 are dropped; exactly 10 digits otherwise. */
const phoneField = z.preprocess(
  (value) => {
    const v = blankToNull(value);
    if (typeof v !== "string") return v;
    return nationalDigits(v);
  },
  z
    .string({ error: CONTACT_MESSAGES.invalidPhone })
    .regex(/^\d{10}$/, { error: CONTACT_MESSAGES.invalidPhone })
    .nullable()
    .optional(),
);

const dateField = (message: string) =>
  z.preprocess(
    blankToNull,
    z.string({ error: message }).refine(isIsoCalendarDate, { error: message }).nullable().optional(),
  );

const zipField = z.preprocess(
  (value) => (typeof blankToNull(value) === "string" ? (value as string).trim() : blankToNull(value)),
  z
    .string({ error: "Please enter a valid 5-digit zip code" })
    .regex(/^\d{5}$/, { error: "Please enter a valid 5-digit zip code" })
    .nullable()
    .optional(),
);

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? null : value.trim()) : value),
    z.string().max(max).nullable().optional(),
  );

/** One line of a postal address: trimmed, blank → null, no control characters (a line break is not part of a line). */
const addressText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? null : value.trim()) : value),
    singleLine(z.string().max(max, { error: `Please use at most ${max} characters` }))
      .nullable()
      .optional(),
  );

const idField = (message: string) => z.preprocess(blankToNull, z.uuid({ error: message }).nullable().optional());

/**
 * A contact as the form sends it (POST /api/contacts/create, PUT /api/contacts/{id}). Blank optional
 * fields become null. State is never taken from the caller: it comes from the ZIP (read-only in the form).
 */
export const contactInputSchema = z.object({
  firstName: requiredName(CONTACT_MESSAGES.firstNameRequired),
  lastName: requiredName(CONTACT_MESSAGES.lastNameRequired),
  email: emailField,
  phoneNumber: phoneField,
  zipCode: zipField,
  /** Street line and unit ("123 Main St", "Apt 4B"): with the ZIP, the household key (lib/households/address.ts). */
  streetAddress: addressText(200),
  addressUnit: addressText(50),
  /** The county chosen for a ZIP with several (FIPS wins over the name); default: the largest share. */
  countyFips: z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^\d{5}$/, { error: "Please choose a county for this ZIP code" })
      .nullable()
      .optional(),
  ),
  county: optionalText(200),
  gender: z.preprocess(
    blankToNull,
    z.enum(["M", "F"], { error: CONTACT_MESSAGES.invalidGender }).nullable().optional(),
  ),
  tobaccoUser: z.boolean({ error: "Please choose Yes or No" }).optional(),
  birthDate: dateField(CONTACT_MESSAGES.invalidBirthDate),
  effectiveDate: dateField(CONTACT_MESSAGES.invalidEffectiveDate),
  currentCarrier: optionalText(200),
  planType: z.preprocess(
    blankToNull,
    z.enum(STANDARD_PLAN_TYPES, { error: CONTACT_MESSAGES.invalidPlanType }).nullable().optional(),
  ),
  /** Assigned agent. Create: none → the organization's default agent. Agents may only name themselves. */
  agentId: idField(CONTACT_MESSAGES.invalidAgent),
  contactOwnerId: idField(CONTACT_MESSAGES.invalidOwner),
});

export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactValues = z.output<typeof contactInputSchema>;

/** The Add / Edit contact form's fields as its inputs hold them ("" for blank; the schema makes that null). */
export type ContactFormInput = {
  firstName: string;
  lastName: string;
  email: string;
  /** Digits only, at most 10. */
  phoneNumber: string;
  zipCode: string;
  /** Street line and apartment or unit: with the ZIP, the household key (docs/households.md). */
  streetAddress: string;
  addressUnit: string;
  countyFips: string;
  gender: "" | "M" | "F";
  tobaccoUser: boolean;
  birthDate: string;
  effectiveDate: string;
  currentCarrier: string;
  planType: string;
  agentId: string;
  contactOwnerId: string;
};

/**
 * The form's view of contactInputSchema: the same object the create and update services parse with,
 * typed for the form's inputs (the schema's own input types are wide: its preprocessors take anything).
 */
export const contactFormSchema = contactInputSchema as unknown as z.ZodType<ContactValues, ContactFormInput>;

/** The form's field names: the schema's, but "county" (the form names its county by FIPS). */
export const CONTACT_FORM_FIELDS = Object.keys(contactInputSchema.shape).filter(
  (key): key is keyof ContactFormInput => key !== "county",
);

/** PUT /api/contacts/{id}?zip_update=true: also refresh state and county from the ZIP. */
export const updateContactQuerySchema = z.object({
  zip_update: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});

export const contactIdParamsSchema = z.object({ id: z.uuid() });

/** POST /api/contacts/create and PUT /api/contacts/{id} answer the saved contact. */
export type SaveContactResponse = { success: true; contact: ContactDetail };
/** DELETE /api/contacts/{id} */
export type DeleteContactResponse = { success: true; deleted_ids: string[]; message: string };
/** GET /api/contacts/check-email/{email}[?excludeId=] */
export type ContactEmailCheckResponse = { exists: boolean };

/** A person as the contact API shows an agent or owner. */
export type ContactPerson = { id: string; firstName: string; lastName: string; email: string };

/** GET /api/contacts/{id}: the contact, dates as "YYYY-MM-DD" and instants as ISO strings. */
export type ContactDetail = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** 10 digits or null. */
  phoneNumber: string | null;
  state: string | null;
  zipCode: string | null;
  streetAddress: string | null;
  addressUnit: string | null;
  county: string | null;
  countyFips: string | null;
  gender: "M" | "F" | null;
  tobaccoUser: boolean;
  birthDate: string | null;
  effectiveDate: string | null;
  currentCarrier: string | null;
  planType: string | null;
  status: string;
  source: string;
  agentId: string | null;
  contactOwnerId: string | null;
  agent: ContactPerson | null;
  contactOwner: ContactPerson | null;
  lastEmailedAt: string | null;
  unsubscribedAt: string | null;
  doNotCommunicate: boolean;
  createdAt: string;
  updatedAt: string;
};

/** Email type labels for the contact page (the dashboard's names where they exist). */
const EMAIL_TYPE_LABELS: Record<string, string> = {
  birthday: "Birthday",
  effective_date: "Effective Date",
  anniversary: "Effective Date",
  aep: "AEP",
  post_window: "Post GI",
  initial_blast: "Welcome Email",
  go_live_welcome: "Welcome Email",
  onboarding_welcome: "Welcome Email",
  rate_increase: "Rate Increase",
  quote_email: "Quote Email",
  followup_1_cold: "Follow-up 1",
  followup_2_clicked_no_hq: "Follow-up 2",
  followup_3_hq_no_yes: "Follow-up 3",
  followup_4_hq_with_yes: "Follow-up 4",
  follow_up_1: "Follow-up 1",
  follow_up_2: "Follow-up 2",
  follow_up_3: "Follow-up 3",
  failed_underwriting: "Failed Underwriting",
};

export function emailTypeLabel(type: string): string {
  if (EMAIL_TYPE_LABELS[type]) return EMAIL_TYPE_LABELS[type];
  // A text beside an email (lib/outreach/text-rows.ts): "sms_birthday" → "Text: Birthday".
  if (type.startsWith("sms_")) return `Text: ${emailTypeLabel(type.slice("sms_".length))}`;
  if (type.startsWith("campaign_"))
    return emailTypeLabel(type.slice("campaign_".length).replace(/_[0-9a-f-]{8,}$/i, ""));
  const words = type.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Email";
}

/** GET /api/contacts/email-tracking/{id}: one email to this contact (sent, failed, opened or still scheduled). */
export type EmailTrackingRecord = {
  id: string;
  email_type: string;
  /** "YYYY-MM-DD" */
  scheduled_date: string;
  send_status: "scheduled" | "sent" | "failed" | "opened";
  send_mode: "test" | "production";
  /** ISO instant of the send, when sent. */
  sent_at: string | null;
};

/** GET /api/contacts/{id}/scheduled-emails: pending emails of the next 90 days. */
export type ScheduledEmailView = {
  id: string;
  contact_id: string;
  email_type: string;
  /** "YYYY-MM-DD" */
  scheduled_send_date: string;
  status: string;
  send_mode: "test" | "production";
};

/** GET /api/contacts/{id}/eligibility: the newest health questionnaire, or nulls when never answered. */
export type ContactEligibility = {
  /** "accept" | "decline" as routed to the schedule page; null when not completed. */
  status: string | null;
  /** Keyed by question id: { id, question_text, question_type, answer, follow_up_questions[] }; null when not completed. */
  answers: unknown;
  hasConditions: boolean | null;
  completedAt: string | null;
};

/** GET /api/contacts/{id}/follow-ups: inbound requests, newest first. */
export type FollowUpView = {
  id: string;
  /** accept | decline | general | callback */
  type: string;
  /** ISO instant */
  date: string;
  createdAt: string;
  quoteId: string | null;
  message: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  planType: string | null;
  handledAt: string | null;
};

/** Everything the contact page shows, loaded at once on the server. */
export type ContactPageData = {
  contact: ContactDetail;
  trackingRecords: EmailTrackingRecord[];
  scheduledEmails: ScheduledEmailView[];
  eligibility: ContactEligibility;
  followUps: FollowUpView[];
  /** The contact's confirmed household, else its open suggestion, else null (GET /api/contacts/{id}/household). */
  household: HouseholdView | null;
};
