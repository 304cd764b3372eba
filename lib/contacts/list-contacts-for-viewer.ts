import "server-only";
import { tenantDb } from "@/lib/db";
import { contactVisibilityWhere, listContacts, type ListContactsQuery } from "@/lib/contacts/list-contacts";

/** The contact list as a page shows it: the viewer's organization, behind the tenant wall. */
export async function listContactsForViewer({ organizationId, viewer, query, now }: { organizationId: string; viewer: { id: string; isAdmin: boolean }; query: Partial<ListContactsQuery>; now: Date }) {
  return listContacts({ db: tenantDb(organizationId), organizationId, viewer, now, ...query });
}

/** How many contacts the viewer sees (agents: their own). */
export async function countContactsForViewer({ organizationId, viewer }: { organizationId: string; viewer: { id: string; isAdmin: boolean } }) {
  return tenantDb(organizationId).contact.count({ where: contactVisibilityWhere(organizationId, viewer) });
}
