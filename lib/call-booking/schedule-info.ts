import "server-only";
import { AppError } from "@/lib/api/errors";
import { tenantDb } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  findQuoteLink,
  isQuoteToken,
  QUOTE_NOT_FOUND_MESSAGE,
  quoteAgent,
  type FoundQuoteLink,
} from "@/lib/quotes/quote-links";
import { SCHEDULE_MESSAGES, usesOrgDetails, type ContactPreferences } from "@/lib/call-booking/booking";
import { findOrganizationByIdOrSlug } from "@/lib/organizations/find-organization";
import { logoUrl } from "@/lib/settings/logo-rules";
import { brandNameOf, ORGANIZATION_BRANDING_SELECT } from "@/lib/organizations/brand";

/**
 * GET /api/schedule/info/{id} (client-side.md §3 "Schedule info"). `id` is either a quote token (the
 * contact's own page: contact, agent and organization) or, for generic links without a quote, an
 * organization id or slug (public organization fields only, no contact). The organization always comes
 * from the row found; an `orgId` query value is a cross-check that turns a mismatch into 404.
 */

/** Exactly what a consumer page may know about an organization. */
const publicOrganizationSelect = {
  ...ORGANIZATION_BRANDING_SELECT,
  redirectUrl: true,
  calendarEnabled: true,
  phoneEnabled: true,
  callbackEnabled: true,
  hideMedicareAdvantage: true,
  forceOrgSenderDetails: true,
} as const;

type PublicOrganizationRow = Prisma.OrganizationGetPayload<{ select: typeof publicOrganizationSelect }>;

export type ScheduleAgent = {
  id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  bookingLink: string | null;
  useOrgSenderDetails: boolean;
};

export type ScheduleInfo = {
  contact: { email: string; firstName: string; lastName: string; phoneNumber: string | null } | null;
  agent: ScheduleAgent | null;
  organization: {
    id: string;
    name: string;
    logo: string | null;
    slug: string;
    phone: string | null;
    primaryColor: string;
    contactPreferences: ContactPreferences;
    redirectUrl: string | null;
    hideMedicareAdvantage: boolean;
  };
  useOrg: boolean;
  force_org_sender_details: boolean;
  /** The plan the quote was for (the link's, else the contact's): sent back with a callback request. */
  planType: string | null;
};

function publicOrganization(org: PublicOrganizationRow): ScheduleInfo["organization"] {
  return {
    id: org.id,
    name: brandNameOf(org),
    logo: org.logoMimeType ? logoUrl(org.slug, org.logoUpdatedAt) : null,
    slug: org.slug,
    phone: org.phone,
    primaryColor: org.primaryColor,
    contactPreferences: {
      calendarEnabled: org.calendarEnabled,
      phoneEnabled: org.phoneEnabled,
      callbackEnabled: org.callbackEnabled,
    },
    redirectUrl: org.redirectUrl,
    hideMedicareAdvantage: org.hideMedicareAdvantage,
  };
}

function scheduleAgent(agent: Awaited<ReturnType<typeof quoteAgent>>): ScheduleAgent | null {
  if (!agent) return null;
  return {
    id: agent.id,
    firstName: agent.firstName,
    lastName: agent.lastName,
    phone: agent.phone,
    bookingLink: agent.bookingLink,
    useOrgSenderDetails: agent.useOrgSenderDetails,
  };
}

/** An organization by id or public slug (base client: a generic link has no tenant until the row is found). */
export async function findPublicOrganization(idOrSlug: string): Promise<PublicOrganizationRow | null> {
  return findOrganizationByIdOrSlug(idOrSlug, publicOrganizationSelect);
  return null;
}

/** Whether a cross-check value (an `orgId` or `org` query parameter) names this organization. */
export function matchesOrganization(check: string | null | undefined, org: { id: string; slug: string }): boolean {
  if (!check) return true;
  return check.toLowerCase() === org.id.toLowerCase() || check === org.slug;
}

/** The quote link behind a token, with its organization's public fields; null when unknown or expired. */
export async function findScheduleLink(
  token: string,
  now: Date,
): Promise<{ found: FoundQuoteLink; organization: PublicOrganizationRow } | null> {
  const found = await findQuoteLink(token, now);
  if (!found) return null;
  const organization = await tenantDb(found.organization.id).organization.findFirst({
    where: { id: found.organization.id },
    select: publicOrganizationSelect,
  });
  return organization ? { found, organization } : null;
}

export async function getScheduleInfo({
  id,
  orgId,
  now,
}: {
  id: string;
  orgId?: string | null;
  now: Date;
}): Promise<ScheduleInfo> {
  if (isQuoteToken(id)) {
    const link = await findScheduleLink(id, now);
    if (link) {
      const { found, organization } = link;
      if (!matchesOrganization(orgId, organization)) throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
      const agent = scheduleAgent(await quoteAgent(found));
      const { contact } = found;
      return {
        contact: {
          email: contact.email,
          firstName: contact.firstName,
          lastName: contact.lastName,
          phoneNumber: contact.phoneNumber,
        },
        agent,
        organization: publicOrganization(organization),
        useOrg: usesOrgDetails({ forceOrgSenderDetails: organization.forceOrgSenderDetails, agent }),
        force_org_sender_details: organization.forceOrgSenderDetails,
        planType: found.link.planType ?? contact.planType,
      };
    }
  }
  const organization = await findPublicOrganization(id);
  if (!organization || !matchesOrganization(orgId, organization)) {
    throw new AppError(
      "not_found",
      isQuoteToken(id) ? QUOTE_NOT_FOUND_MESSAGE : SCHEDULE_MESSAGES.organizationNotFound,
    );
  }
  return {
    contact: null,
    agent: null,
    organization: publicOrganization(organization),
    useOrg: true,
    force_org_sender_details: organization.forceOrgSenderDetails,
    planType: null,
  };
}
