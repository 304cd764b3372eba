import { withOrg } from "@/lib/api/handler";
import { reassignContacts, reassignContactsBodySchema } from "@/lib/contacts/bulk-contacts";

export const dynamic = "force-dynamic";

// PUT /api/contacts/reassign { contact_ids, agent_id } (agent_id null = unassigned) → { success, updated_ids, message }. Admins only.
export const PUT = withOrg(
  ({ user, organizationId, body }) =>
    reassignContacts({ organizationId, actorUserId: user.id, contactIds: body.contact_ids, agentId: body.agent_id }),
  { body: reassignContactsBodySchema, roles: ["admin"] },
);
