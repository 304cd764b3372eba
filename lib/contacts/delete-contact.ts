import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { tenantTransaction } from "@/lib/db";
import { contactNotFound, visibleContactWhere } from "@/lib/contacts/get-contact";
import type { ContactViewer } from "@/lib/contacts/list-contacts";
import type { DeleteContactResponse } from "@/lib/contacts/contact-schema";

export type DeleteContactOptions = { organizationId: string; viewer: ContactViewer; id: string };

/**
 * DELETE /api/contacts/{id}: removes one contact the viewer may see (an agent who is not an admin:
 * only their own; anything else is 404 "Contact not found"). Its scheduled emails, quote links,
 * answers and requests go with it (cascades). Audited as contact.deleted.
 */
export async function deleteContact({
  organizationId,
  viewer,
  id,
}: DeleteContactOptions): Promise<DeleteContactResponse> {
  return tenantTransaction(organizationId, async (tx) => {
    const existing = await tx.contact.findFirst({
      where: visibleContactWhere(organizationId, id, viewer),
      select: { id: true, agentId: true },
    });
    if (!existing) throw contactNotFound();
    const { count } = await tx.contact.deleteMany({ where: { id: existing.id, organizationId } });
    if (count === 0) throw contactNotFound();
    await recordAudit(tx, {
      organizationId,
      actorUserId: viewer.id,
      action: "contact.deleted",
      entityType: "contact",
      entityId: existing.id,
      metadata: { agentId: existing.agentId },
    });
    return { success: true as const, deleted_ids: [existing.id], message: "Contact deleted successfully" };
  });
}
