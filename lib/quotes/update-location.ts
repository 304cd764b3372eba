import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { tenantDb } from "@/lib/db";
import { findQuoteLink, QUOTE_NOT_FOUND_MESSAGE } from "@/lib/quotes/quote-links";
import { updateLocationBodySchema, type UpdateLocationResponse } from "@/lib/quotes/update-location-schema";
import { resolveZipLocation } from "@/lib/zip/lookup-zip";

export { updateLocationBodySchema };

/**
 * POST /api/self-service/update-location: the compare page's ZIP / county change, kept on the
 * contact so the next quote, email and schedule use it (domain-rules.md B.2). The contact is the one
 * behind the quote link token; orgSlug and contactId from the spec's payload are cross-checks only.
 */

export const UPDATE_LOCATION_FAILED = "Failed to update location";

export async function updateQuoteLocation({
  body,
  now,
}: {
  body: z.infer<typeof updateLocationBodySchema>;
  now: Date;
}): Promise<UpdateLocationResponse> {
  const found = await findQuoteLink(body.quoteId, now);
  if (!found) throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
  const { organization, contact } = found;
  if (
    (body.orgSlug && body.orgSlug !== organization.slug && body.orgSlug !== organization.id) ||
    (body.contactId && body.contactId !== contact.id)
  ) {
    throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
  }
  const county = body.county ?? null;
  const place = resolveZipLocation(body.zipCode, /^\d{5}$/.test(county ?? "") ? { countyFips: county } : { county });
  await tenantDb(organization.id).contact.update({
    where: { id: contact.id, organizationId: organization.id },
    data: { zipCode: place.zipCode, state: place.state, county: place.county, countyFips: place.countyFips },
  });
  return {
    success: true as const,
    zipCode: place.zipCode,
    state: place.state,
    county: place.county,
    countyFips: place.countyFips,
  };
}
