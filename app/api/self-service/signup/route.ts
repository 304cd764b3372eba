import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import type { SignupResponse } from "@/lib/self-onboarding/self-onboarding-schema";
import { SIGNUP_CLIENT_LIMIT, selfServiceSignup } from "@/lib/self-onboarding/signup";

export const dynamic = "force-dynamic";

// POST /api/self-service/signup → { success, contactId, email, proof }. The body is checked by
// lib/self-onboarding with the spec's messages; here it only has to be a JSON object.
export const POST = withPublic(
  async ({ body }) => {
    const { success, contactId, email, proof } = await selfServiceSignup({ input: body, now: new Date() });
    return { success, contactId, email, proof } satisfies SignupResponse;
  },
  {
    body: z.record(z.string(), z.unknown()),
    // Per client, then the proof-of-work; per address and per organization in the service (docs/security.md "Public forms").
    rateLimit: SIGNUP_CLIENT_LIMIT,
    challenge: "self-signup",
  },
);
