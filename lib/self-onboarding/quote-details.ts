import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { dateColumn } from "@/lib/contacts/create-contact";
import { tenantTransaction } from "@/lib/db";
import { findQuoteLink, QUOTE_NOT_FOUND_MESSAGE } from "@/lib/quotes/quote-links";
import { logoUrl } from "@/lib/settings/logo-rules";
import { selfServiceLocation } from "@/lib/self-onboarding/signup";
import {
  compareUrlForToken,
  isPastDateOfBirth,
  SELF_SERVICE_MESSAGES,
  updateQuoteDetailsSchema,
  type UpdateQuoteDetailsResponse,
} from "@/lib/self-onboarding/self-onboarding-schema";
import { isoDate } from "@/lib/calendar/calendar-date";
import { brandNameOf } from "@/lib/organizations/brand";

/**
 * The quote page's prefilled variant (/quote?id=<token>, domain-rules B.1 "generate quote link"): the
 * link's visitor reviews the rating facts of its contact and may correct them before the compare page.
 * Addressed by the link token only; the contact and organization come from the link row.
 */

export type QuoteIntakePrefill = {
  zipCode: string;
  county: string;
  dateOfBirth: string;
  gender: "M" | "F" | "";
  tobacco: boolean | null;
};

/** What /quote?id= shows, or null when the link is unknown or expired (the page then offers the manual form). */
export async function loadQuoteIntake({ token, now }: { token: string; now: Date }) {
  const found = await findQuoteLink(token, now);
  if (!found) return null;
  const { contact, organization, link } = found;
  return {
    token: link.token,
    planType: link.planType ?? contact.planType,
    firstName: contact.firstName,
    organization: {
      id: organization.id,
      slug: organization.slug,
      name: brandNameOf(organization),
      logoUrl: organization.logoMimeType ? logoUrl(organization.slug, organization.logoUpdatedAt) : null,
      primaryColor: organization.primaryColor,
      phone: organization.phone,
      timezone: organization.timezone,
    },
    prefill: {
      zipCode: contact.zipCode ?? "",
      county: contact.county ?? "",
      dateOfBirth: isoDate(contact.birthDate) ?? "",
      gender: contact.gender ?? "",
      tobacco: contact.tobaccoUser,
    } satisfies QuoteIntakePrefill,
  };
}

export type QuoteIntakeData = NonNullable<Awaited<ReturnType<typeof loadQuoteIntake>>>;

/**
 * POST /api/self-service/update-quote-details { quoteId, zipCode, county, dateOfBirth, gender, tobacco }:
 * stores the corrected facts on the link's contact (state and county re-derived from the ZIP) and
 * answers where to go next.
 */
export async function updateQuoteDetails({
  input,
  now,
}: {
  input: z.output<typeof updateQuoteDetailsSchema>;
  now: Date;
}): Promise<UpdateQuoteDetailsResponse> {
  if (!isPastDateOfBirth(input.dateOfBirth, now)) {
    throw new AppError("validation_failed", SELF_SERVICE_MESSAGES.invalidDateOfBirth, {
      fields: { dateOfBirth: [SELF_SERVICE_MESSAGES.invalidDateOfBirth] },
    });
  }
  const found = await findQuoteLink(input.quoteId, now);
  if (!found) throw AppError.notFound(QUOTE_NOT_FOUND_MESSAGE);
  const location = selfServiceLocation(input.zipCode, input.county);
  const organizationId = found.organization.id;
  await tenantTransaction(organizationId, async (tx) => {
    await tx.contact.update({
      where: { id: found.contact.id, organizationId },
      data: {
        ...location,
        birthDate: dateColumn(input.dateOfBirth)!,
        gender: input.gender,
        tobaccoUser: input.tobacco,
      },
    });
    await tx.contactEvent.create({
      data: {
        organizationId,
        contactId: found.contact.id,
        eventType: "quote_details_updated",
        createdAt: now,
        metadata: { quoteLinkId: found.link.id },
      },
    });
  });
  return { success: true as const, redirectUrl: compareUrlForToken(found.link.token) };
}
