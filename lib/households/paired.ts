import "server-only";
import { tenantDb } from "@/lib/db";

/**
 * Whether a contact is in a CONFIRMED household (either side of the pair): an explicit spouse/partner link, or
 * an address suggestion an agent confirmed (docs/households.md). A suggestion or a dismissed pair is not. For the
 * public compare page (docs/households.md "The compare page"): a yes or no only, never who the partner is.
 *
 * Read under the organization's row-level security (tenantDb) and with the organization in the where: the
 * organization is the one of the quote link's row, so another organization's row never counts.
 */
export async function isInConfirmedHousehold(organizationId: string, contactId: string): Promise<boolean> {
  const row = await tenantDb(organizationId).household.findFirst({
    where: { organizationId, status: "confirmed", OR: [{ contactAId: contactId }, { contactBId: contactId }] },
    select: { id: true },
  });
  return row !== null;
}

/**
 * Whether two contacts are still a CONFIRMED household together (either side), for the household email's link that
 * opens both people's quotes (docs/households.md "One link for two"). Same reads and walls as isInConfirmedHousehold.
 */
export async function areConfirmedHousehold(organizationId: string, contactId: string, partnerId: string) {
  if (contactId === partnerId) return false;
  const row = await tenantDb(organizationId).household.findFirst({
    where: {
      organizationId,
      status: "confirmed",
      OR: [
        { contactAId: contactId, contactBId: partnerId },
        { contactAId: partnerId, contactBId: contactId },
      ],
    },
    select: { id: true },
  });
  return row !== null;
}
