import { z } from "zod";
import { singleLine } from "@/lib/validation/text";
import { httpUrlField } from "@/lib/validation/http-url";
import { STATE_CODES } from "@/lib/reference/us-states";
import { BRAND_COLOR_MESSAGE, BRAND_COLOR_PATTERN } from "@/lib/organizations/brand";

/**
 * Organization settings (agency-side.md §3 "Organization settings", defaults from domain-rules E.4).
 * One schema serves the settings form, the onboarding steps that edit parts of it, and the API routes.
 * Pure: safe in the browser bundle.
 */

export const RIDER_OPTIONS = [
  "part_a_deductible",
  "part_b_deductible",
  "part_b_excess",
  "foreign_travel",
  "home_health",
  "preventive_care",
  "skilled_nursing",
] as const;
export const RIDER_LABELS: Record<(typeof RIDER_OPTIONS)[number], string> = {
  part_a_deductible: "Part A deductible",
  part_b_deductible: "Part B deductible",
  part_b_excess: "Part B excess",
  foreign_travel: "Foreign travel",
  home_health: "Home health",
  preventive_care: "Preventive care",
  skilled_nursing: "Skilled nursing",
};
export const OUTREACH_DELAY_YEARS = [1, 2, 3] as const;
/** Household outreach (docs/households.md): the window's bounds in days; 0 = off. */
export const HOUSEHOLD_WINDOW_DAYS = { min: 0, max: 30 } as const;
export const FAILED_UNDERWRITING_TIMINGS = ["birthday", "pre_aep"] as const;
export const FAILED_UNDERWRITING_FREQUENCIES = ["annual"] as const;

export const SETTINGS_MESSAGES = {
  carrierRequired: "At least one carrier must be selected to save settings.",
  calendarLinkRequired: "Calendar booking link is required when Calendar Booking Link option is enabled.",
  contactMethodRequired: "At least one contact method should be enabled so people can reach you.",
  fixErrors: "Please fix the validation errors above before saving.",
  saveFailed: "Failed to save settings",
  loadFailed: "Failed to load organization settings",
  logoFailed: "Failed to upload logo",
  sameSwitch: "Email Settings and outreachTypes name the same switch: send the same value in both.",
  householdWindowDays: "Please enter a whole number of days from 0 to 30",
} as const;

/**
 * The Email Settings switches (the spec's field names) and the outreach types they are the same switch as:
 * one stored value per email type, which the planner obeys (docs/outreach-rules.md).
 */
export const EMAIL_SWITCHES = [
  ["emailSendBirthday", "birthday"],
  ["emailSendPolicyAnniversary", "enrollmentAnniversary"],
  ["emailSendAep", "aep"],
] as const;

const hexColor = z.string().regex(BRAND_COLOR_PATTERN, BRAND_COLOR_MESSAGE);
/** Entered without a scheme ("www.agency.com"); stored the same way; shown with https://. */
export const websiteField = z
  .string()
  .trim()
  .transform((v) => v.replace(/^https?:\/\//i, "").replace(/\/$/, ""))
  .pipe(
    z
      .string()
      .max(200)
      .regex(/^$|^[a-z0-9.-]+\.[a-z]{2,}(\/\S*)?$/i, "Enter a website like www.agency.com"),
  );
/** A booking link without a scheme gets https:// in front; http(s) only (lib/validation/http-url.ts). Empty stays empty. */
export const bookingLinkField = httpUrlField("Enter a valid link, like https://calendly.com/your-agency");
export const phoneDigitsField = z.string().regex(/^$|^\d{10}$/, "Please enter a 10-digit phone number");

/** Whole days from 0 to 30, one message for every way to miss (not a number, a fraction, out of range). */
export const householdWindowDaysField = z
  .number({ error: SETTINGS_MESSAGES.householdWindowDays })
  .int({ error: SETTINGS_MESSAGES.householdWindowDays })
  .min(HOUSEHOLD_WINDOW_DAYS.min, { error: SETTINGS_MESSAGES.householdWindowDays })
  .max(HOUSEHOLD_WINDOW_DAYS.max, { error: SETTINGS_MESSAGES.householdWindowDays });

export const stateCarrierSettingSchema = z.object({
  state: z
    .enum(STATE_CODES as [string, ...string[]])
    .nullable()
    .optional(),
  carrier: z.string().min(1),
  active: z.boolean(),
  targetGI: z.boolean(),
});

export const orgSettingsSchema = z
  .object({
    carrierContracts: z.array(z.string().min(1)).min(1, SETTINGS_MESSAGES.carrierRequired),
    stateLicenses: z.array(z.enum(STATE_CODES as [string, ...string[]])),
    stateCarrierSettings: z.array(stateCarrierSettingSchema),
    allowAgentSettings: z.boolean(),
    emailSendBirthday: z.boolean(),
    emailSendPolicyAnniversary: z.boolean(),
    emailSendAep: z.boolean(),
    smartSendEnabled: z.boolean(),
    brandName: singleLine(z.string().trim().min(1, "Agency name is required").max(200)),
    primaryColor: hexColor,
    secondaryColor: hexColor,
    phone: phoneDigitsField,
    website: websiteField,
    signature: z.string().max(2000),
    orgSignature: z.boolean(),
    /** Printed in the footer of the agency's marketing emails (the law asks for the sender's postal address). Absent: unchanged. */
    postalAddress: z.string().trim().max(300, "Keep the postal address under 300 characters").optional(),
    /** The agency's calendar booking link. */
    redirectUrl: bookingLinkField,
    forceOrgSenderDetails: z.boolean(),
    hideMedicareAdvantage: z.boolean(),
    contactPreferences: z.object({
      calendarEnabled: z.boolean(),
      phoneEnabled: z.boolean(),
      callbackEnabled: z.boolean(),
    }),
    contactOutreachDelayYears: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    /** Both people of a confirmed household due within this many days get one email together; 0: each their own. */
    householdWindowDays: householdWindowDaysField,
    /** Quote links by text message too (issue #20 point 3), only to contacts with recorded express consent; off by default. */
    smsEnabled: z.boolean(),
    outreachTypes: z.object({
      birthday: z.boolean(),
      enrollmentAnniversary: z.boolean(),
      scheduleIncrease: z.boolean(),
      aep: z.boolean(),
    }),
    failedUnderwritingOutreach: z.object({
      enabled: z.boolean(),
      frequency: z.enum(FAILED_UNDERWRITING_FREQUENCIES),
      timing: z.enum(FAILED_UNDERWRITING_TIMINGS),
    }),
    mnDefaultRiders: z.array(z.enum(RIDER_OPTIONS)),
    wiDefaultRiders: z.array(z.enum(RIDER_OPTIONS)),
    maDefaultRiders: z.array(z.enum(RIDER_OPTIONS)),
  })
  .superRefine((s, ctx) => {
    for (const [emailKey, outreachKey] of EMAIL_SWITCHES) {
      if (s[emailKey] !== s.outreachTypes[outreachKey])
        ctx.addIssue({ code: "custom", path: [emailKey], message: SETTINGS_MESSAGES.sameSwitch });
    }
    const { calendarEnabled, phoneEnabled, callbackEnabled } = s.contactPreferences;
    if (calendarEnabled && !s.redirectUrl)
      ctx.addIssue({ code: "custom", path: ["redirectUrl"], message: SETTINGS_MESSAGES.calendarLinkRequired });
    if (!calendarEnabled && !phoneEnabled && !callbackEnabled)
      ctx.addIssue({ code: "custom", path: ["contactPreferences"], message: SETTINGS_MESSAGES.contactMethodRequired });
  });

export type OrgSettings = z.output<typeof orgSettingsSchema>;
export type OrgSettingsInput = z.input<typeof orgSettingsSchema>;
