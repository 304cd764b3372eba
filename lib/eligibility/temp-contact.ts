import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { tenantTransaction } from "@/lib/db";
import type { TempContactResponse } from "@/lib/eligibility/answers-schema";
import { findOrganizationByIdOrSlug } from "@/lib/eligibility/eligibility-organization";
import { createQuoteLink } from "@/lib/quotes/quote-links";
import { consumeRateLimit } from "@/lib/rate-limit";
import { PLACEHOLDER_CONTACT_STATUS } from "@/lib/contacts/book";

/**
 * POST /api/org/{orgId}/temp-contact (domain-rules.md C): a visitor who opened the questionnaire from
 * a generic link (/eligibility?orgId=…) has no contact yet. A placeholder contact "Temporary Contact"
 * (status temp) is made, with a quote link, so that the answers are then written through the token like
 * any other visitor's: the caller never gets to address a contact by id.
 */

export const ORGANIZATION_NOT_FOUND_MESSAGE = "Organization not found";
/**
 * Temporary contacts per organization per hour, whoever asks: the per-client limit of the route stops
 * one visitor; this stops many addresses together from filling an agency's book. The client's limit is
 * a sixth of it, and counted first (a refused request spends nothing of the organization's), so one
 * client cannot spend the organization's hour and lock out its real visitors (docs/security.md "Public forms").
 */
export const TEMP_CONTACTS_PER_ORGANIZATION_PER_HOUR = 60;
export const TEMP_CONTACT_CLIENT_LIMIT = { name: "temp-contact", limit: 10, windowSeconds: 3600 } as const;

/** Unique per organization (emails are) and never a real mailbox. */
export function tempContactEmail(now: Date): string {
  return `temp-${now.getTime()}-${randomBytes(4).toString("hex")}@example.com`;
}

export async function createTempContact({
  orgSegment,
  now,
}: {
  orgSegment: string;
  now: Date;
}): Promise<TempContactResponse> {
  const organization = await findOrganizationByIdOrSlug(orgSegment);
  if (!organization) throw AppError.notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
  const organizationId = organization.id;
  await consumeRateLimit({
    key: `temp-contact:org:${organizationId}`,
    limit: TEMP_CONTACTS_PER_ORGANIZATION_PER_HOUR,
    windowSeconds: 3600,
    now,
  });

  return tenantTransaction(organizationId, async (tx) => {
    const { defaultAgentId } = (await tx.organization.findFirst({
      where: { id: organizationId },
      select: { defaultAgentId: true },
    })) ?? { defaultAgentId: null };
    const contact = await tx.contact.create({
      data: {
        organizationId,
        firstName: "Temporary",
        lastName: "Contact",
        email: tempContactEmail(now),
        status: PLACEHOLDER_CONTACT_STATUS,
        source: "self_onboarding",
        // The default agent receives contacts without an agent (client-side.md §6), so someone sees the answers.
        agentId: defaultAgentId,
        createdAt: now,
      },
      select: { id: true },
    });
    await tx.contactEvent.create({
      data: { organizationId, contactId: contact.id, eventType: "temp_contact_created", metadata: {}, createdAt: now },
    });
    const { token } = await createQuoteLink({ organizationId, contactId: contact.id, now, tx });
    return { success: true as const, contactId: contact.id, quoteId: token };
  });
}
