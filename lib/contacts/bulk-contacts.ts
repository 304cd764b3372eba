import "server-only";
import { AppError } from "@/lib/api/errors";
import { AGENT_MESSAGES } from "@/lib/agents/agent-schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { tenantTransaction, type TxClient } from "@/lib/db";
import { contactVisibilityWhere, type ContactViewer } from "@/lib/contacts/list-contacts";
import { CONTACT_LIST_MESSAGES, deletedMessage, reassignedMessage } from "@/lib/contacts/list-contacts-view";

/**
 * The contact list's bulk actions (client-side.md §7): DELETE /api/contacts and PUT
 * /api/contacts/reassign. Each runs in one transaction and is all or nothing: when any id is not a
 * contact the caller may act on — another organization's, another agent's for a non-admin, or gone —
 * the answer is 404 and nothing changes. Every changed contact gets its own audit row (entity
 * "contact", its id), written in the same transaction.
 */

export { deleteContactsBodySchema, reassignContactsBodySchema } from "@/lib/contacts/bulk-contacts-schema";

export type DeleteContactsResult = { success: true; deleted_ids: string[]; message: string };
export type ReassignContactsResult = { success: true; updated_ids: string[]; message: string };

const contactNotFound = () => new AppError("not_found", CONTACT_LIST_MESSAGES.contactNotFound);

/** The requested contacts, all of them visible to the viewer, or 404. Ids come back de-duplicated, in request order. */
async function requireContacts(tx: TxClient, organizationId: string, viewer: ContactViewer, contactIds: string[]) {
  const ids = [...new Set(contactIds)];
  const rows = await tx.contact.findMany({
    where: { AND: [contactVisibilityWhere(organizationId, viewer), { id: { in: ids } }] },
    select: { id: true, firstName: true, lastName: true, agentId: true },
  });
  if (rows.length !== ids.length) throw contactNotFound();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

export type DeleteContactsOptions = {
  organizationId: string;
  /** Admins delete any contact of the organization; agents only their own. */
  viewer: ContactViewer;
  contactIds: string[];
};

/**
 * Deletes the contacts with everything that hangs off them (scheduled emails, quote links, clicks,
 * answers: cascades), writing one "contact.deleted" audit row each (name and agent, no email).
 */
export async function deleteContacts({
  organizationId,
  viewer,
  contactIds,
}: DeleteContactsOptions): Promise<DeleteContactsResult> {
  return tenantTransaction(organizationId, async (tx) => {
    const contacts = await requireContacts(tx, organizationId, viewer, contactIds);
    const ids = contacts.map((c) => c.id);
    const deleted = await tx.contact.deleteMany({
      where: { AND: [contactVisibilityWhere(organizationId, viewer), { id: { in: ids } }] },
    });
    // A concurrent delete or reassignment between the read and the write: refuse rather than half-do it.
    if (deleted.count !== ids.length) throw contactNotFound();
    for (const contact of contacts) {
      await recordAudit(tx, {
        organizationId,
        actorUserId: viewer.id,
        action: "contact.deleted",
        entityType: "contact",
        entityId: contact.id,
        metadata: {
          name: `${contact.firstName} ${contact.lastName}`.trim(),
          agentId: contact.agentId,
          bulk: ids.length > 1,
        },
      });
    }
    return { success: true, deleted_ids: ids, message: deletedMessage(ids.length) };
  });
}

export type ReassignContactsOptions = {
  organizationId: string;
  /** An admin (the route admits admins only). */
  actorUserId: string;
  contactIds: string[];
  /** An active agent of the same organization, or null to leave the contacts unassigned. */
  agentId: string | null;
};

/** Sets the assigned agent of every listed contact, writing one "contact.reassigned" audit row each (from, to). */
export async function reassignContacts({
  organizationId,
  actorUserId,
  contactIds,
  agentId,
}: ReassignContactsOptions): Promise<ReassignContactsResult> {
  return tenantTransaction(organizationId, async (tx) => {
    if (agentId !== null) {
      const agent = await tx.user.findFirst({
        where: { id: agentId, organizationId },
        select: { isActive: true, isAgent: true },
      });
      if (!agent) throw new AppError("not_found", CONTACT_LIST_MESSAGES.agentNotFound);
      if (!agent.isActive || !agent.isAgent) {
        throw new AppError("validation_failed", AGENT_MESSAGES.reassignInactive, {
          fields: { agent_id: [AGENT_MESSAGES.reassignInactive] },
        });
      }
    }
    const contacts = await requireContacts(tx, organizationId, { id: actorUserId, isAdmin: true }, contactIds);
    const ids = contacts.map((c) => c.id);
    const updated = await tx.contact.updateMany({ where: { organizationId, id: { in: ids } }, data: { agentId } });
    if (updated.count !== ids.length) throw contactNotFound();
    for (const contact of contacts) {
      await recordAudit(tx, {
        organizationId,
        actorUserId,
        action: "contact.reassigned",
        entityType: "contact",
        entityId: contact.id,
        metadata: { fromAgentId: contact.agentId, toAgentId: agentId },
      });
    }
    return { success: true, updated_ids: ids, message: reassignedMessage(ids.length) };
  });
}
