import "server-only";
import { tenantDb, type TenantDb } from "@/lib/db";
import {
  listedContactWhere,
  listContactFilterOptions,
  listContacts,
  type ContactViewer,
  type ListContactsQuery,
} from "@/lib/contacts/list-contacts";
import { toContactListRow, type ContactListResponse } from "@/lib/contacts/list-contacts-view";
import { listHouseholdMarks } from "@/lib/households/households";

export type ListContactsForViewerOptions = {
  organizationId: string;
  viewer: ContactViewer;
  query: Partial<ListContactsQuery>;
  now: Date;
  /** The tenant client; pages leave it out and get tenantDb(organizationId). */
  db?: TenantDb;
};

/**
 * GET /api/contacts and the /contacts page: one page of the viewer's contacts (agents: their own),
 * the filtered total, and the Carrier/State checklist values — behind the tenant wall, in the
 * browser's shape (list-contacts-view.ts).
 */
export async function listContactsForViewer({
  organizationId,
  viewer,
  query,
  now,
  db = tenantDb(organizationId),
}: ListContactsForViewerOptions): Promise<ContactListResponse> {
  const [list, filterOptions] = await Promise.all([
    listContacts({ ...query, db, organizationId, viewer, now }),
    listContactFilterOptions({ db, organizationId, viewer }),
  ]);
  // The page's household marks: one query for the page's ids, after the page (it needs them).
  const households = await listHouseholdMarks({
    db,
    organizationId,
    viewer,
    contactIds: list.contacts.map((contact) => contact.id),
  });
  return {
    contacts: list.contacts.map((contact) => toContactListRow(contact, households.get(contact.id) ?? null)),
    total: list.total,
    totalCapped: list.totalCapped,
    page: list.page,
    limit: list.limit,
    filterOptions,
  };
}

/** How many contacts the viewer sees (agents: their own). */
export async function countContactsForViewer({
  organizationId,
  viewer,
}: {
  organizationId: string;
  viewer: ContactViewer;
}) {
  return tenantDb(organizationId).contact.count({ where: listedContactWhere(organizationId, viewer) });
}
