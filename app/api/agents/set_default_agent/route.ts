import { withOrg } from "@/lib/api/handler";
import { setDefaultAgentSchema } from "@/lib/agents/agent-schema";
import { setDefaultAgent } from "@/lib/agents/set-default-agent";

export const dynamic = "force-dynamic";

// POST /api/agents/set_default_agent {agentId}
export const POST = withOrg(
  ({ user, organizationId, body }) => setDefaultAgent({ organizationId, actorUserId: user.id, agentId: body.agentId }),
  {
    body: setDefaultAgentSchema,
    roles: ["admin"],
  },
);
