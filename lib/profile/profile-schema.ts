import { z } from "zod";
import { singleLine } from "@/lib/validation/text";
import { isHttpUrl, withHttpScheme } from "@/lib/validation/http-url";
import { formatPhone, nationalDigits } from "@/lib/phone/phone";

/**
 * The agent's profile (agency-side.md §2 "Profile", §4 Profile states, §5 Profile rules, §7 PUT /api/profile).
 * Pure: the form and the server run the same rules (architecture.md rule 9).
 *
 * Call-to-action: when the organization is the sender (forceOrgSenderDetails) or the agent chose to use
 * the organization's details (useOrgSenderDetails), the agent's own call-to-action options do not apply,
 * so the options are not checked (and the server ignores changes to them when the organization forces it).
 */

export const PROFILE_MESSAGES = {
  calendarLinkRequired: "Calendar booking link is required when Calendar Booking Link option is enabled.",
  contactMethodRequired: "At least one contact method should be enabled so people can reach you.",
  fixErrors: "Please fix the validation errors above before saving.",
  loadFailed: "Failed to load profile",
  saveFailed: "Failed to save profile changes",
  walkthroughFailed: "Failed to save walkthrough completion",
  copyFailed: "Failed to copy link to clipboard",
  phoneInvalid: "Please enter a 10-digit phone number",
  bookingLinkInvalid: "Enter a valid link, like https://calendly.com/your-name",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailLocked: "Email cannot be edited.",
  callToActionManaged: "Your agency manages your call-to-action settings. Ask an admin to change them.",
  saved: "Profile saved",
} as const;

/** What turning a call-to-action option on puts in its field (§4); turning it off clears the field. */
export const PHONE_SEED = "+1";
export const BOOKING_LINK_SEED = "https://";

/** The profile as the API answers it and the form edits it. `phone` is 10 digits or "". */
export type Profile = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  signature: string;
  bookingLink: string;
  useOrgSenderDetails: boolean;
  phoneEnabled: boolean;
  calendarEnabled: boolean;
};

/** The form's values: like Profile, but `phone` is the text in the input ("+1 (512) 555-0188"). */
export type ProfileFormValues = Omit<Profile, "id">;

export type ProfileField = "firstName" | "lastName" | "phone" | "bookingLink" | "contactMethods";
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/**
 * The digits of a US phone number as typed: formatting and a leading +1 country code dropped.
 * "+1 (512) 555-0188" → "5125550188"; "+1" → ""; "15125550188" → "5125550188".
 */
export function phoneDigits(value: string | null | undefined): string {
  const text = (value ?? "").trim();
  return text.startsWith("+1") ? text.replace(/\D/g, "").slice(1) : nationalDigits(text);
}

/** Up to 10 digits as the profile's phone input shows them: "512", "(512) 55", "(512) 555-0188". */
function formatDigits(digits: string): string {
  return digits.length <= 3 ? digits : formatPhone(digits);
}

/** The phone input's text: (XXX) XXX-XXXX from digits only, at most 10; a typed or seeded "+1" stays in front. */
export function formatPhoneInput(value: string): string {
  const digits = phoneDigits(value).slice(0, 10);
  if (value.trim().startsWith("+1")) return digits ? `+1 ${formatDigits(digits)}` : PHONE_SEED;
  return formatDigits(digits);
}

/** A booking link as stored: "" for empty or only the seeded scheme; https:// in front of a link typed without one. */
export function normalizeBookingLink(value: string | null | undefined): string {
  return withHttpScheme(value ?? "");
}

/**
 * The agent's own phone and booking link as clients may see them: each only while the agent's profile
 * offers it (the Phone and Calendar Booking Link options, §6). An option switched off reads as "no such
 * detail", so quote pages, the schedule page and emails fall back exactly as for an agent without one.
 */
export function offeredAgentContact<
  T extends { phone: string | null; bookingLink?: string | null; phoneEnabled: boolean; calendarEnabled: boolean },
>(agent: T): T {
  return {
    ...agent,
    phone: agent.phoneEnabled ? agent.phone : null,
    ...("bookingLink" in agent ? { bookingLink: agent.calendarEnabled ? agent.bookingLink : null } : {}),
  };
}

/** Whether the agent's own call-to-action options apply (§6: not when the organization is the sender). */
export function agentControlsCallToAction({
  forceOrgSenderDetails,
  useOrgSenderDetails,
}: {
  forceOrgSenderDetails: boolean;
  useOrgSenderDetails: boolean;
}) {
  return !forceOrgSenderDetails && !useOrgSenderDetails;
}

/** The profile rules (§5) as issues on `values`: the schema's refinement (profileFormSchema) and validateProfile share them. */
function checkProfileRules(
  values: ProfileFormValues,
  { forceOrgSenderDetails }: { forceOrgSenderDetails: boolean },
  report: (field: ProfileField, message: string) => void,
) {
  if (!values.firstName.trim()) report("firstName", PROFILE_MESSAGES.firstNameRequired);
  if (!values.lastName.trim()) report("lastName", PROFILE_MESSAGES.lastNameRequired);
  const digits = phoneDigits(values.phone);
  const phoneOk = digits === "" || /^\d{10}$/.test(digits);
  // http(s) only, whatever the call-to-action options say: whatever is stored may be shown as a link.
  const link = normalizeBookingLink(values.bookingLink);
  const linkOk = link === "" || isHttpUrl(link);
  if (!linkOk) report("bookingLink", PROFILE_MESSAGES.bookingLinkInvalid);
  const ownOptions = agentControlsCallToAction({
    forceOrgSenderDetails,
    useOrgSenderDetails: values.useOrgSenderDetails,
  });
  if (!phoneOk || (ownOptions && values.phoneEnabled && digits.length !== 10))
    report("phone", PROFILE_MESSAGES.phoneInvalid);
  if (ownOptions) {
    if (values.calendarEnabled && link === "") report("bookingLink", PROFILE_MESSAGES.calendarLinkRequired);
    if (!values.phoneEnabled && !values.calendarEnabled)
      report("contactMethods", PROFILE_MESSAGES.contactMethodRequired);
  }
}

/** The profile rules (§5). Returns one message per field with a problem; empty when valid. */
export function validateProfile(values: ProfileFormValues, context: { forceOrgSenderDetails: boolean }): ProfileErrors {
  const errors: ProfileErrors = {};
  checkProfileRules(values, context, (field, message) => (errors[field] ??= message));
  return errors;
}

/** The values that are saved, from what the form holds (for "changed?" comparisons and the PUT body). */
export function normalizedProfile(values: ProfileFormValues): ProfileFormValues {
  return {
    ...values,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phone: phoneDigits(values.phone),
    bookingLink: normalizeBookingLink(values.bookingLink),
  };
}

export function profileChanged(saved: ProfileFormValues, current: ProfileFormValues): boolean {
  const a = normalizedProfile(saved);
  const b = normalizedProfile(current);
  return (Object.keys(a) as (keyof ProfileFormValues)[]).some((key) => a[key] !== b[key]);
}

/**
 * PUT /api/profile body (§7): {firstName, lastName, email, phone, signature, booking_link, useOrgSenderDetails},
 * plus the call-to-action options phoneEnabled and calendarEnabled. `bookingLink` is accepted as an alias of
 * booking_link. Email cannot be edited: a different address is refused by updateProfile.
 */
export const updateProfileBodySchema = z.object({
  firstName: singleLine(z.string().max(100)),
  lastName: singleLine(z.string().max(100)),
  email: z.string().max(320).optional(),
  phone: z.string().max(40).nullish(),
  signature: z.string().max(2000).optional(),
  booking_link: z.string().max(500).nullish(),
  bookingLink: z.string().max(500).nullish(),
  useOrgSenderDetails: z.boolean().optional(),
  phoneEnabled: z.boolean().optional(),
  calendarEnabled: z.boolean().optional(),
});

export type UpdateProfileBody = z.output<typeof updateProfileBodySchema>;

/**
 * The Profile form: the PUT body's fields as the form holds them (every one present; `phone` as typed,
 * `bookingLink` for booking_link), refined by the profile rules. `forceOrgSenderDetails`: the call-to-action
 * options do not apply (Organization Only, or an agency that keeps its agents' settings).
 */
export function profileFormSchema(context: { forceOrgSenderDetails: boolean }) {
  return updateProfileBodySchema
    .pick({ firstName: true, lastName: true })
    .extend({
      email: z.string(),
      phone: z.string(),
      signature: z.string(),
      bookingLink: z.string(),
      useOrgSenderDetails: z.boolean(),
      phoneEnabled: z.boolean(),
      calendarEnabled: z.boolean(),
    })
    .superRefine((values, ctx) =>
      checkProfileRules(values, context, (field, message) => ctx.addIssue({ code: "custom", path: [field], message })),
    );
}

/** GET /api/profile answer. */
export type ProfileResponse = {
  success: true;
  profile: Profile;
  organization: { slug: string; forceOrgSenderDetails: boolean; callToActionEditable: boolean };
};
/** PUT /api/profile answer. */
export type UpdateProfileResponse = { success: true; profile: Profile };

/** The PUT body the form sends for its values. */
export function profileRequestBody(values: ProfileFormValues) {
  const v = normalizedProfile(values);
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phone: v.phone,
    signature: v.signature,
    booking_link: v.bookingLink,
    useOrgSenderDetails: v.useOrgSenderDetails,
    phoneEnabled: v.phoneEnabled,
    calendarEnabled: v.calendarEnabled,
  };
}

/** The agent's self-onboarding link: the organization's link plus ?agentId={id} (§2 Profile). */
export function agentSelfOnboardingLink({
  appUrl,
  organizationSlug,
  agentId,
}: {
  appUrl: string;
  organizationSlug: string;
  agentId: string;
}): string {
  return `${appUrl.replace(/\/$/, "")}/self-onboarding/${encodeURIComponent(organizationSlug)}?agentId=${encodeURIComponent(agentId)}`;
}
