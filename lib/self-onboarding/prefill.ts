import "server-only";
import { findQuoteLink } from "@/lib/quotes/quote-links";
import { isoDate } from "@/lib/calendar/calendar-date";

/**
 * /self-onboarding/{orgSlug}?quoteId=…: the form starts with the details the agency already has, but
 * only when quoteId is a quote link's token (32 random bytes: lib/quotes/quote-links.ts) that is still
 * valid, still has its contact, and belongs to this page's organization. Anything else (a contact id, a
 * guess, an expired or another agency's link) gives an empty form and says nothing about why, so the page
 * tells a prober nothing. The token already opens the same person's compare page, which shows the same
 * details; nothing personal is ever put into a URL (so the original product's ?email=&id= prefill,
 * domain-rules H.1, is not offered). The opt-in box is never pre-ticked: consent is the person's to give.
 */

export type SelfOnboardingPrefill = {
  firstName: string;
  lastName: string;
  email: string;
  /** Ten digits, or "". */
  phone: string;
  /** Five digits, or "". */
  zip: string;
  /** YYYY-MM-DD, or "". */
  dateOfBirth: string;
  gender: "M" | "F" | "";
  tobacco: "yes" | "no";
};

export async function selfOnboardingPrefill({
  quoteId,
  organizationId,
  now,
}: {
  quoteId: string | null;
  organizationId: string;
  now: Date;
}): Promise<SelfOnboardingPrefill | null> {
  if (!quoteId) return null;
  const found = await findQuoteLink(quoteId, now);
  if (!found || found.organization.id !== organizationId) return null;
  const { contact } = found;
  const phone = (contact.phoneNumber ?? "").replace(/\D/g, "");
  const zip = (contact.zipCode ?? "").slice(0, 5);
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    phone: phone.length === 10 ? phone : "",
    zip: /^\d{5}$/.test(zip) ? zip : "",
    dateOfBirth: isoDate(contact.birthDate) ?? "",
    gender: contact.gender ?? "",
    tobacco: contact.tobaccoUser ? "yes" : "no",
  };
}
