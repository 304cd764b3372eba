import { withOrg } from "@/lib/api/handler";
import { deleteContacts, deleteContactsBodySchema } from "@/lib/contacts/bulk-contacts";
import { listContactsQuerySchema } from "@/lib/contacts/list-contacts-query";
import { listContactsForViewer } from "@/lib/contacts/list-contacts-for-viewer";

export const dynamic = "force-dynamic";

// GET /api/contacts?search&states&carriers&agents&page&limit&age_min&age_max&hasViewedQuoteRecently&hasCompletedHealthRecently
// → { contacts, total, page, limit, filterOptions }. Agents who are not admins see their own contacts only.
export const GET = withOrg(
  ({ db, user, organizationId, query }) =>
    listContactsForViewer({ db, organizationId, viewer: user, query, now: new Date() }),
  {
    query: listContactsQuerySchema,
  },
);

// DELETE /api/contacts [ids] (or { contact_ids }) → { success, deleted_ids, message }. All or nothing; agents delete only their own.
export const DELETE = withOrg(
  ({ user, organizationId, body }) => deleteContacts({ organizationId, viewer: user, contactIds: body.contact_ids }),
  {
    body: deleteContactsBodySchema,
  },
);
