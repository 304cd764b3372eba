import "server-only";
import type { AgentView } from "@/lib/agents/agent-schema";
import { listAgents } from "@/lib/agents/list-agents";
import { tenantDb } from "@/lib/db";

export type ManageAgentsData = {
  agents: AgentView[];
  defaultAgentId: string | null;
  orgSlug: string;
  /** Seats the plan allows (agentLimit + extraAgents), or null when unlimited. */
  agentSeats: number | null;
  /** What a new agent starts with: the agency's carriers and licensed states. */
  agentDefaults: { carriers: string[]; stateLicenses: string[] };
};

/** Everything the Manage Agents page (/add-agents) renders, read behind the tenant wall. */
export async function getManageAgentsData({
  organizationId,
  viewer,
}: {
  organizationId: string;
  viewer: { id: string; isAdmin: boolean };
}): Promise<ManageAgentsData> {
  const db = tenantDb(organizationId);
  const [{ agents, defaultAgentId }, organization] = await Promise.all([
    listAgents({ db, organizationId, viewer }),
    db.organization.findFirstOrThrow({
      where: { id: organizationId },
      select: { slug: true, agentLimit: true, extraAgents: true, carrierContracts: true, stateLicenses: true },
    }),
  ]);
  return {
    agents,
    defaultAgentId,
    orgSlug: organization.slug,
    agentSeats: organization.agentLimit < 0 ? null : organization.agentLimit + Math.max(0, organization.extraAgents),
    agentDefaults: { carriers: organization.carrierContracts, stateLicenses: organization.stateLicenses },
  };
}
