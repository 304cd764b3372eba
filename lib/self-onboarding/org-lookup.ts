import "server-only";
import { AppError } from "@/lib/api/errors";
import { tenantDb } from "@/lib/db";
import { brandNameOf, ORGANIZATION_BRANDING_SELECT } from "@/lib/organizations/brand";
import { findOrganizationByIdOrSlug } from "@/lib/organizations/find-organization";
import { SELF_SERVICE_MESSAGES } from "@/lib/self-onboarding/self-onboarding-schema";
import { logoUrl } from "@/lib/settings/logo-rules";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The organization behind a self-onboarding or quote-intake link, by id or public slug, with only what
 * a consumer page may show. An agentId on the link counts only when it names an active agent of that
 * organization; anything else is treated as no agent (the consumer cannot fix a bad link, and the
 * contact then goes to the organization, like an organization link).
 */

const organizationSelect = {
  ...ORGANIZATION_BRANDING_SELECT,
  timezone: true,
} as const;

const findOrganization = (orgIdOrSlug: string) => findOrganizationByIdOrSlug(orgIdOrSlug, organizationSelect);

/** The active agent of this organization the id names, or null. */
export async function findSelfServiceAgent(organizationId: string, agentId: string | null | undefined) {
  if (!isUuid(agentId)) return null;
  return tenantDb(organizationId).user.findFirst({
    where: { id: agentId, organizationId, isActive: true, isAgent: true },
    select: { id: true, firstName: true, lastName: true },
  });
}

export type SelfServiceOrganization = {
  id: string;
  slug: string;
  name: string;
  logoUrl: string | null;
  primaryColor: string;
  phone: string | null;
  timezone: string;
};

export type SelfServiceOrgDetails = {
  success: true;
  organization: SelfServiceOrganization;
  /** The link's agent when it is an active agent of this organization; otherwise null. */
  agent: { id: string; firstName: string; lastName: string } | null;
};

/** GET /api/self-service/{orgIdOrSlug}?agentId=: 404 "Organization not found or invalid link." for an unknown organization. */
export async function getSelfServiceOrgOrThrow({
  orgIdOrSlug,
  agentId,
}: {
  orgIdOrSlug: string;
  agentId?: string | null;
}): Promise<SelfServiceOrgDetails> {
  const org = await findSelfServiceOrg({ orgIdOrSlug, agentId });
  if (!org) throw AppError.notFound(SELF_SERVICE_MESSAGES.orgNotFound);
  return org;
}

/** As getSelfServiceOrgOrThrow, null when the organization is unknown (pages answer notFound()). */
export async function findSelfServiceOrg({
  orgIdOrSlug,
  agentId,
}: {
  orgIdOrSlug: string;
  agentId?: string | null;
}): Promise<SelfServiceOrgDetails | null> {
  const org = await findOrganization(orgIdOrSlug);
  if (!org) return null;
  const agent = await findSelfServiceAgent(org.id, agentId);
  return {
    success: true,
    organization: {
      id: org.id,
      slug: org.slug,
      name: brandNameOf(org),
      logoUrl: org.logoMimeType ? logoUrl(org.slug, org.logoUpdatedAt) : null,
      primaryColor: org.primaryColor,
      phone: org.phone,
      timezone: org.timezone,
    },
    agent,
  };
}
