import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { agentIdParamsSchema, deleteAgentQuerySchema, type SaveAgentResponse } from "@/lib/agents/agent-schema";
import { deleteAgent } from "@/lib/agents/delete-agent";
import { updateAgent } from "@/lib/agents/update-agent";

export const dynamic = "force-dynamic";

// PUT /api/agents/{id} {firstName, lastName, email, phone, carriers, stateLicenses, bookingLink, signature, isAdmin, isAgent}.
// The body is validated by the service (agentUpdateSchema) so that a bad one answers with the spec's message.
export const PUT = withOrg(
  async ({ user, organizationId, params, body }): Promise<SaveAgentResponse> => ({
    success: true,
    agent: await updateAgent({ organizationId, actorUserId: user.id, id: params.id, input: body }),
  }),
  { params: agentIdParamsSchema, body: z.unknown(), roles: ["admin"] },
);

// DELETE /api/agents/{id}?reassignTo={agentId}
export const DELETE = withOrg(
  ({ user, organizationId, params, query }) =>
    deleteAgent({ organizationId, actorUserId: user.id, id: params.id, reassignTo: query.reassignTo }),
  { params: agentIdParamsSchema, query: deleteAgentQuerySchema, roles: ["admin"] },
);
