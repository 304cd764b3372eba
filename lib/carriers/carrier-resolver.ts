import "server-only";
import { prisma } from "@/lib/db";
import { createCarrierResolver, type CarrierResolver } from "@/lib/carriers/resolve-carrier";

/**
 * The carrier resolver over the carriers table (reference data: no organization, the owner client).
 * Every row, active or not: a carrier switched off for quoting is still the contact's carrier. Load it
 * before a tenant transaction, not inside one (the embedded server has a single connection).
 */
export async function loadCarrierResolver(): Promise<CarrierResolver> {
  const rows = await prisma.carrier.findMany({
    select: { naic: true, name: true, nameFull: true, groupName: true, aliases: true },
  });
  return createCarrierResolver(rows);
}
