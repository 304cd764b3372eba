/**
 * Contact field vocabularies shared by the contact form, the CSV import and the list (client-side §3
 * "Other": the standard plans). Pure: safe in the browser bundle.
 */

export const STANDARD_PLAN_TYPES = [
  "Plan A",
  "Plan B",
  "Plan C",
  "Plan D",
  "Plan F",
  "Plan G",
  "Plan K",
  "Plan L",
  "Plan N",
  "High Deductible Plan F",
  "High Deductible Plan G",
  "Other",
] as const;

/** The single-contact form offers these; imports may carry any standard plan. */
export const FORM_PLAN_TYPES = ["Plan F", "Plan G", "Plan N", "Other"] as const;

export const OTHER_CARRIER = "Other";

export type StandardPlanType = (typeof STANDARD_PLAN_TYPES)[number];

/**
 * Emails are compared and stored trimmed, in Unicode NFC and lower-cased (one contact per address per
 * agency): "José" typed with a combining accent (e + U+0301) is the same address as with "é".
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize("NFC").toLowerCase();
}
