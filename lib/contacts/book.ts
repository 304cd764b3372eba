import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The organization's book: its contacts without the rows nobody has vouched for.
 *  - Eligibility placeholders: a visitor who opens the questionnaire from the organization's generic link
 *    gets a "temp" contact (lib/eligibility) with a temp-…@example.com address and no name: nobody the
 *    agency could call.
 *  - Unconfirmed self-signups (`unverified_since` set): anyone can type any name, phone and address into
 *    the public form, so a signup joins the book only when its emailed link is followed
 *    (lib/self-onboarding/email-confirmation.ts); unconfirmed ones are deleted after 7 days.
 * The book is what the contact list, its stat cards and the export show, what the plan's contact limit
 * counts, what usage bills and who outreach writes to, so anonymous visitors can neither fill an
 * agency's plan, nor add to its invoice, nor have it email or call people who never asked.
 */
export const PLACEHOLDER_CONTACT_STATUS = "temp";

export function bookContactWhere(organizationId: string): Prisma.ContactWhereInput {
  return { organizationId, status: { not: PLACEHOLDER_CONTACT_STATUS }, unverifiedSince: null };
}

/** The same condition for raw SQL over `contacts` (unqualified column names). */
export const BOOK_CONTACT_SQL = Prisma.sql`(status <> ${PLACEHOLDER_CONTACT_STATUS} AND unverified_since IS NULL)`;

/** The same condition for a row already read. */
export function isBookContact(contact: { status: string; unverifiedSince: Date | null }): boolean {
  return contact.status !== PLACEHOLDER_CONTACT_STATUS && contact.unverifiedSince === null;
}
