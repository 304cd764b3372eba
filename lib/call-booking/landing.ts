import "server-only";
import { findQuoteLink } from "@/lib/quotes/quote-links";
import { brandColor, type ScheduleBrand } from "@/lib/call-booking/booking";
import { logoUrl } from "@/lib/settings/logo-rules";
import { brandNameOf } from "@/lib/organizations/brand";

/**
 * /landing?id=<token> and /thanks[?id=<token>]: small public pages around the quote link. Both find the
 * link by its token only; an unknown, malformed or expired token is treated as no token.
 */

export const MISSING_OR_INVALID_QUOTE_ID = "Missing or invalid quote ID";

type Params = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

export type LandingPageModel =
  { kind: "redirect"; to: string } | { kind: "page"; brand: ScheduleBrand; firstName: string; compareHref: string };

export async function loadLandingPage({ params, now }: { params: Params; now: Date }): Promise<LandingPageModel> {
  const token = first(params.id);
  const found = token ? await findQuoteLink(token, now) : null;
  if (!token || !found)
    return { kind: "redirect", to: `/error?message=${encodeURIComponent(MISSING_OR_INVALID_QUOTE_ID)}` };
  const { organization, contact } = found;
  return {
    kind: "page",
    brand: {
      name: brandNameOf(organization),
      logoUrl: organization.logoMimeType ? logoUrl(organization.slug, organization.logoUpdatedAt) : null,
      color: brandColor(organization.primaryColor),
    },
    firstName: contact.firstName,
    compareHref: `/compare?id=${encodeURIComponent(token)}`,
  };
}

/** The thanks page's "click here": the visitor's own quote page, only for a token that still opens one. */
export async function thanksCompareHref({ params, now }: { params: Params; now: Date }): Promise<string | null> {
  const token = first(params.id);
  if (!token || !(await findQuoteLink(token, now))) return null;
  return `/compare/${encodeURIComponent(token)}`;
}
