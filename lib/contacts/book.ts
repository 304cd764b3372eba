import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The organization's book: its contacts without eligibility placeholders. A visitor who opens the
 * questionnaire from the organization's generic link gets a "temp" contact (lib/eligibility) with a
 * temp-…@example.com address and no name: nobody the agency could call. The book is what the contact
 * list shows, what the plan's contact limit counts and what usage bills, so anonymous visitors can
 * neither fill an agency's plan nor add to its invoice.
 */
export const PLACEHOLDER_CONTACT_STATUS = "temp";

export function bookContactWhere(organizationId: string): Prisma.ContactWhereInput {
  return { organizationId, status: { not: PLACEHOLDER_CONTACT_STATUS } };
}

/** The same condition for raw SQL over `contacts`. */
export const BOOK_CONTACT_SQL = Prisma.sql`status <> ${PLACEHOLDER_CONTACT_STATUS}`;
