import "server-only";
import { AppError } from "@/lib/api/errors";
import { AGENT_MESSAGES, type SetDefaultAgentResponse } from "@/lib/agents/agent-schema";
import { agentNotFound, lockOrganization } from "@/lib/agents/agent-store";
import { recordAudit } from "@/lib/audit/record-audit";
import { tenantTransaction } from "@/lib/db";

export type SetDefaultAgentOptions = { organizationId: string; actorUserId: string; agentId: string };

/**
 * POST /api/agents/set_default_agent {agentId}: the agent who receives contacts without an agent
 * (§6). Must be an active agent of this organization (another organization's id is 404).
 */
export async function setDefaultAgent({
  organizationId,
  actorUserId,
  agentId,
}: SetDefaultAgentOptions): Promise<SetDefaultAgentResponse> {
  return tenantTransaction(organizationId, async (tx) => {
    const organization = await lockOrganization(tx, organizationId);
    const agent = await tx.user.findFirst({
      where: { id: agentId, organizationId },
      select: { id: true, isActive: true, isAgent: true },
    });
    if (!agent) throw agentNotFound();
    if (!agent.isActive || !agent.isAgent)
      throw new AppError("validation_failed", AGENT_MESSAGES.defaultMustBeAgent, {
        fields: { agentId: [AGENT_MESSAGES.defaultMustBeAgent] },
      });
    if (organization.defaultAgentId !== agent.id) {
      await tx.organization.update({ where: { id: organizationId }, data: { defaultAgentId: agent.id } });
      await recordAudit(tx, {
        organizationId,
        actorUserId,
        action: "agent.default_set",
        entityType: "agent",
        entityId: agent.id,
        metadata: { previousDefaultAgentId: organization.defaultAgentId },
      });
    }
    return { success: true as const, defaultAgentId: agent.id };
  });
}
