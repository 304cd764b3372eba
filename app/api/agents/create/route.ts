import { NextResponse } from "next/server";
import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { createAgent } from "@/lib/agents/create-agent";
import type { SaveAgentResponse } from "@/lib/agents/agent-schema";

export const dynamic = "force-dynamic";

// POST /api/agents/create {firstName, lastName, email, phone, carriers, stateLicenses, isAdmin, isAgent}.
// The body is validated by the service (agentInputSchema) so that a bad one answers with the spec's message.
export const POST = withOrg(
  async ({ user, organizationId, body }) =>
    NextResponse.json(
      {
        success: true,
        agent: await createAgent({ organizationId, actorUserId: user.id, input: body }),
      } satisfies SaveAgentResponse,
      { status: 201 },
    ),
  { body: z.unknown(), roles: ["admin"] },
);
