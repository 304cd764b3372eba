import { withPublic } from "@/lib/api/handler";
import { requestCallback } from "@/lib/scheduling/callback-request";
import { callbackRequestSchema } from "@/lib/scheduling/callback-request-schema";

export const dynamic = "force-dynamic";

// POST /api/contact-us/callback-request → { success, message, agentName }: stores the follow-up request and emails the agent.
export const POST = withPublic(({ body }) => requestCallback({ body, now: new Date() }), {
  body: callbackRequestSchema,
  maxBodyBytes: 16 * 1024,
  rateLimit: { name: "callback-request", limit: 10, windowSeconds: 15 * 60 },
});
