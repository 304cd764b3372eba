import { withOrg } from "@/lib/api/handler";
import { listAgents } from "@/lib/agents/list-agents";

export const dynamic = "force-dynamic";

// GET /api/agents → { agents, defaultAgentId }. Admins get every agent; anyone else only themselves (§6).
export const GET = withOrg(({ db, user, organizationId }) => listAgents({ db, organizationId, viewer: user }));
