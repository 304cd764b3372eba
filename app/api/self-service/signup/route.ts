import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { selfServiceSignup } from "@/lib/self-service/signup";

export const dynamic = "force-dynamic";

// POST /api/self-service/signup → { success, contactId, email, proof }. The body is checked by
// lib/self-service with the spec's messages; here it only has to be a JSON object.
export const POST = withPublic(
  async ({ body }) => {
    const { success, contactId, email, proof } = await selfServiceSignup({ input: body, now: new Date() });
    return { success, contactId, email, proof };
  },
  {
    body: z.record(z.string(), z.unknown()),
    rateLimit: { name: "self-service-signup", limit: 30, windowSeconds: 3600 },
  },
);
