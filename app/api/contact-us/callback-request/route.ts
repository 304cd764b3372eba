import { withPublic } from "@/lib/api/handler";
import { CALLBACK_CLIENT_LIMIT, requestCallback } from "@/lib/call-booking/callback-request";
import { callbackRequestSchema } from "@/lib/call-booking/callback-request-schema";

export const dynamic = "force-dynamic";

// POST /api/contact-us/callback-request → { success, message, agentName }: stores the follow-up request and emails the agent.
export const POST = withPublic(({ body }) => requestCallback({ body, now: new Date() }), {
  body: callbackRequestSchema,
  maxBodyBytes: 16 * 1024,
  // Per client, then the proof-of-work; per phone/email and per organization in the service (docs/security.md "Public forms").
  rateLimit: CALLBACK_CLIENT_LIMIT,
  challenge: "callback",
});
