import "server-only";
import type { AgentsResponse } from "@/lib/agents/agent-schema";
import { AGENT_SELECT, toAgentView } from "@/lib/agents/agent-store";
import { tenantDb, type TenantDb } from "@/lib/db";

export type ListAgentsOptions = {
  organizationId: string;
  /** Admins see every user of the organization; anyone else only their own record (§6). */
  viewer: { id: string; isAdmin: boolean };
  /** The tenant client; pages leave it out and get tenantDb(organizationId). */
  db?: TenantDb;
};

const collator = new Intl.Collator("en", { sensitivity: "base" });

/** GET /api/agents: the organization's agents (§3 Agent) ordered by name, plus defaultAgentId. */
export async function listAgents({
  organizationId,
  viewer,
  db = tenantDb(organizationId),
}: ListAgentsOptions): Promise<AgentsResponse> {
  const [organization, rows] = await Promise.all([
    db.organization.findFirst({ where: { id: organizationId }, select: { slug: true, defaultAgentId: true } }),
    db.user.findMany({
      where: { organizationId, ...(viewer.isAdmin ? {} : { id: viewer.id }) },
      select: AGENT_SELECT,
    }),
  ]);
  if (!organization) return { agents: [], defaultAgentId: null };
  // Names compare case- and accent-insensitively, whatever the database's collation.
  const byName = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    collator.compare(a.firstName, b.firstName) ||
    collator.compare(a.lastName, b.lastName) ||
    collator.compare(a.email, b.email);
  return {
    agents: [...rows].sort(byName).map((row) => toAgentView(row, organization)),
    defaultAgentId: organization.defaultAgentId,
  };
}
