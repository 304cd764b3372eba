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

/** The self-onboarding form offers these; the agency's contact form and imports offer every standard plan. */
export const FORM_PLAN_TYPES = ["Plan F", "Plan G", "Plan N", "Other"] as const;

/**
 * The Plan Type choices of the agency's contact form: every standard plan (the list the import maps
 * to), plus a stored value outside it so that editing never drops what the contact holds.
 */
export function contactPlanOptions(current: string | null | undefined): string[] {
  const plans: string[] = [...STANDARD_PLAN_TYPES];
  const value = (current ?? "").trim();
  if (value && !plans.includes(value)) plans.splice(plans.length - 1, 0, value);
  return plans;
}

/**
 * The Current Carrier choices of the agency's contact form: the agent's contracted carriers first,
 * then every other carrier the product knows (the carriers table), then Other. A stored carrier in
 * neither list is kept among the others so that editing never drops it.
 */
export function contactCarrierOptions(input: {
  contracted: readonly string[];
  known: readonly string[];
  current?: string | null;
}): { contracted: string[]; others: string[] } {
  const clean = (names: readonly string[]) =>
    [...new Set(names.map((n) => n.trim()).filter((n) => n && n !== OTHER_CARRIER))].sort((a, b) => a.localeCompare(b));
  const contracted = clean(input.contracted);
  const current = (input.current ?? "").trim();
  const others = clean([...input.known, ...(current ? [current] : [])]).filter((n) => !contracted.includes(n));
  return { contracted, others };
}

/** The caption under Contact Owner: how it differs from the Assigned Agent. */
export const CONTACT_OWNER_CAPTION =
  "Who brought this client in, for your records only. The Assigned Agent is the one told when this client views a quote or replies.";

export const OTHER_CARRIER = "Other";

export type StandardPlanType = (typeof STANDARD_PLAN_TYPES)[number];

/**
 * Emails are compared and stored trimmed, in Unicode NFC and lower-cased (one contact per address per
 * agency): "José" typed with a combining accent (e + U+0301) is the same address as with "é".
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize("NFC").toLowerCase();
}
