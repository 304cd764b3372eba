import "server-only";
import { brandColor, brandNameOf, namesOrganization } from "@/lib/organizations/brand";
import { findOrganizationByIdOrSlug as findByIdOrSlug } from "@/lib/organizations/find-organization";
import { logoUrl } from "@/lib/settings/logo-rules";
import { displayPhone } from "@/lib/phone/phone";

export { namesOrganization };

/**
 * The organization a public eligibility call or page names by id or public slug (the spec's routes
 * say {orgId}; the app's folder is /api/org/[slug]). Owner client: a public page has no tenant until
 * this row is found. Only branding leaves through here.
 */

const brandingSelect = {
  id: true,
  slug: true,
  name: true,
  brandName: true,
  logoMimeType: true,
  logoUpdatedAt: true,
  primaryColor: true,
  phone: true,
  hideMedicareAdvantage: true,
} as const;

export type EligibilityBranding = {
  id: string;
  slug: string;
  brandName: string;
  logoUrl: string | null;
  primaryColor: string;
  /** The agency's number, formatted ("(512) 555-0100"), for a visitor who would rather call; null without one. */
  phone: string | null;
  hideMedicareAdvantage: boolean;
};

type BrandingRow = {
  id: string;
  slug: string;
  name: string;
  brandName: string | null;
  logoMimeType: string | null;
  logoUpdatedAt: Date | null;
  primaryColor: string;
  phone: string | null;
  hideMedicareAdvantage: boolean;
};

export function toEligibilityBranding(org: BrandingRow): EligibilityBranding {
  return {
    id: org.id,
    slug: org.slug,
    brandName: brandNameOf(org),
    logoUrl: org.logoMimeType ? logoUrl(org.slug, org.logoUpdatedAt) : null,
    primaryColor: brandColor(org.primaryColor),
    phone: displayPhone(org.phone),
    hideMedicareAdvantage: org.hideMedicareAdvantage,
  };
}

/** The organization by id or slug, or null. */
export async function findOrganizationByIdOrSlug(
  segment: string | undefined | null,
): Promise<EligibilityBranding | null> {
  const org = await findByIdOrSlug(segment, brandingSelect);
  return org ? toEligibilityBranding(org) : null;
}
