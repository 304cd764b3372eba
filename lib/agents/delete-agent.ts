import "server-only";
import { AppError } from "@/lib/api/errors";
import { AGENT_MESSAGES, type DeleteAgentResponse } from "@/lib/agents/agent-schema";
import { agentNotFound, lockOrganization } from "@/lib/agents/agent-store";
import { recordAudit } from "@/lib/audit/record-audit";
import { forgetCachedSessionsOfUser } from "@/lib/auth/session";
import { tenantTransaction } from "@/lib/db";

export type DeleteAgentOptions = {
  organizationId: string;
  actorUserId: string;
  id: string;
  /** Another active agent of the same organization who takes over the deleted agent's contacts. */
  reassignTo?: string | null;
};

export type DeleteAgentResult = DeleteAgentResponse;

/**
 * DELETE /api/agents/{id}?reassignTo={agentId}, in one transaction:
 * 1. refuses the default agent and the caller themselves (409, the spec's message, §6/§8);
 * 2. moves the agent's contacts to `reassignTo` (an active agent of this organization; another
 *    organization's id is 404), or leaves them unassigned (agentId null), where the default agent
 *    picks them up;
 * 3. deletes the user row (sessions and sign-in accounts go with it), so the email is free again;
 *    audit rows they wrote keep their content with the actor cleared;
 * 4. writes the "agent.deleted" audit row.
 * Any refusal leaves everything as it was.
 */
export async function deleteAgent({
  organizationId,
  actorUserId,
  id,
  reassignTo = null,
}: DeleteAgentOptions): Promise<DeleteAgentResult> {
  const result = await tenantTransaction<DeleteAgentResult>(organizationId, async (tx) => {
    const organization = await lockOrganization(tx, organizationId);
    const agent = await tx.user.findFirst({
      where: { id, organizationId },
      select: { id: true, email: true, firstName: true, lastName: true, isAdmin: true, isAgent: true },
    });
    if (!agent) throw agentNotFound();
    if (agent.id === actorUserId || agent.id === organization.defaultAgentId)
      throw new AppError("conflict", AGENT_MESSAGES.deleteFailed);

    if (reassignTo) {
      if (reassignTo === agent.id)
        throw new AppError("validation_failed", AGENT_MESSAGES.reassignSelf, {
          fields: { reassignTo: [AGENT_MESSAGES.reassignSelf] },
        });
      const target = await tx.user.findFirst({
        where: { id: reassignTo, organizationId },
        select: { isActive: true, isAgent: true },
      });
      if (!target) throw agentNotFound();
      if (!target.isActive || !target.isAgent)
        throw new AppError("validation_failed", AGENT_MESSAGES.reassignInactive, {
          fields: { reassignTo: [AGENT_MESSAGES.reassignInactive] },
        });
    }

    const moved = await tx.contact.updateMany({
      where: { organizationId, agentId: agent.id },
      data: { agentId: reassignTo ?? null },
    });
    await tx.user.delete({ where: { id: agent.id, organizationId } });
    await recordAudit(tx, {
      organizationId,
      actorUserId,
      action: "agent.deleted",
      entityType: "agent",
      entityId: agent.id,
      metadata: {
        email: agent.email,
        name: `${agent.firstName} ${agent.lastName}`.trim(),
        isAdmin: agent.isAdmin,
        isAgent: agent.isAgent,
        reassignedTo: reassignTo ?? null,
        contactsReassigned: moved.count,
      },
    });
    return {
      success: true,
      deletedAgentId: agent.id,
      reassignedTo: reassignTo ?? null,
      contactsReassigned: moved.count,
    };
  });
  // The deleted agent's sessions went with the user row; this process stops answering them from memory too.
  forgetCachedSessionsOfUser(result.deletedAgentId);
  return result;
}
