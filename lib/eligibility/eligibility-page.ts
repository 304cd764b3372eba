import "server-only";
import {
  findOrganizationByIdOrSlug,
  namesOrganization,
  toEligibilityBranding,
  type EligibilityBranding,
} from "@/lib/eligibility/eligibility-organization";
import { findQuoteLink, QUOTE_NOT_FOUND_MESSAGE } from "@/lib/quotes/quote-links";

/**
 * /eligibility?id=<token>&orgId=<org>&tid=<tracking id> (client-side.md "Underwriting Assessment page").
 * With a quote link, the organization is the link's and orgId is only a cross-check. Without one (a
 * generic link of the agency), orgId names the organization and the answers go to a temporary contact
 * made on submit. tid is not needed here: the link already identifies the visit.
 */

export const MISSING_ORGANIZATION_MESSAGE = "Missing or invalid organization ID";

export type EligibilityPageData =
  { kind: "ready"; organization: EligibilityBranding; quoteToken: string | null } | { kind: "error"; message: string };

export async function loadEligibilityPage({
  quoteToken,
  orgId,
  now,
}: {
  quoteToken?: string;
  orgId?: string;
  now: Date;
}): Promise<EligibilityPageData> {
  if (quoteToken) {
    const found = await findQuoteLink(quoteToken, now);
    if (!found) return { kind: "error", message: QUOTE_NOT_FOUND_MESSAGE };
    if (orgId && !namesOrganization(orgId, found.organization))
      return { kind: "error", message: MISSING_ORGANIZATION_MESSAGE };
    return { kind: "ready", organization: toEligibilityBranding(found.organization), quoteToken };
  }
  const organization = await findOrganizationByIdOrSlug(orgId);
  if (!organization) return { kind: "error", message: MISSING_ORGANIZATION_MESSAGE };
  return { kind: "ready", organization, quoteToken: null };
}

/** Where the page sends a visitor it cannot serve. */
export function eligibilityErrorUrl(message: string): string {
  return `/error?message=${encodeURIComponent(message)}`;
}
