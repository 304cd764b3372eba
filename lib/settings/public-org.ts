import "server-only";
import { AppError } from "@/lib/api/errors";
import { prisma } from "@/lib/db";
import { logoUrl } from "@/lib/settings/logo";
import { brandNameOf } from "@/lib/organizations/brand";

/**
 * What consumer pages may know about an agency, found by its public slug. The organization is the row
 * the slug names; nothing else (settings, ids, carriers, outreach) leaves through here.
 *
 * The base client is used because a public page has no tenant yet: the slug is what identifies it.
 * The select is the whole answer.
 */

export const LOGO_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=86400";

export async function getPublicOrgDetails({ slug }: { slug: string }) {
  const org = await prisma.organization.findUnique({
    where: { slug },
    select: {
      slug: true,
      name: true,
      brandName: true,
      logoMimeType: true,
      logoUpdatedAt: true,
      phone: true,
      website: true,
      redirectUrl: true,
      primaryColor: true,
      secondaryColor: true,
      calendarEnabled: true,
      phoneEnabled: true,
      callbackEnabled: true,
      hideMedicareAdvantage: true,
    },
  });
  if (!org) throw AppError.notFound("Organization not found");
  return {
    success: true as const,
    organization: {
      slug: org.slug,
      name: org.name,
      brandName: brandNameOf(org),
      logoUrl: org.logoMimeType ? logoUrl(org.slug, org.logoUpdatedAt) : null,
      phone: org.phone,
      website: org.website,
      redirectUrl: org.redirectUrl,
      primaryColor: org.primaryColor,
      secondaryColor: org.secondaryColor,
      contactPreferences: {
        calendarEnabled: org.calendarEnabled,
        phoneEnabled: org.phoneEnabled,
        callbackEnabled: org.callbackEnabled,
      },
      hideMedicareAdvantage: org.hideMedicareAdvantage,
    },
  };
}

export type PublicOrgDetails = Awaited<ReturnType<typeof getPublicOrgDetails>>["organization"];

/** A strong validator for one version of the logo. */
export function logoEtag(updatedAt: Date | null): string {
  return `"logo-${updatedAt ? updatedAt.getTime() : 0}"`;
}

function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === "*" || t === etag);
}

/**
 * GET /api/org/{slug}/logo: the image bytes with their type, cacheable for 5 minutes (and served
 * stale for a day while revalidating); 304 when the caller already has this version; 404 without a logo.
 */
export async function getOrgLogoResponse({
  slug,
  ifNoneMatch,
}: {
  slug: string;
  ifNoneMatch?: string | null;
}): Promise<Response> {
  const org = await prisma.organization.findUnique({
    where: { slug },
    select: { logo: true, logoMimeType: true, logoUpdatedAt: true },
  });
  if (!org?.logo || !org.logoMimeType) throw AppError.notFound("Logo not found");
  const etag = logoEtag(org.logoUpdatedAt);
  const headers: Record<string, string> = {
    "cache-control": LOGO_CACHE_CONTROL,
    etag,
    "x-content-type-options": "nosniff",
  };
  if (org.logoUpdatedAt) headers["last-modified"] = org.logoUpdatedAt.toUTCString();
  if (etagMatches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  const body = new Uint8Array(org.logo);
  return new Response(body, {
    status: 200,
    headers: { ...headers, "content-type": org.logoMimeType, "content-length": String(body.byteLength) },
  });
}
