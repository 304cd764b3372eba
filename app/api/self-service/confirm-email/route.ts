import { withPublic } from "@/lib/api/handler";
import { confirmSignupEmail } from "@/lib/self-onboarding/email-confirmation";
import { confirmEmailSchema } from "@/lib/self-onboarding/self-onboarding-schema";

export const dynamic = "force-dynamic";

// POST /api/self-service/confirm-email { token } → { success, status: "confirmed", organizationName, redirectUrl } or
// { success, status: "already_confirmed", organizationName }; 404 for an unknown or expired link.
export const POST = withPublic(({ body }) => confirmSignupEmail({ token: body.token, now: new Date() }), {
  body: confirmEmailSchema,
  maxBodyBytes: 1024,
  rateLimit: { name: "confirm-email", limit: 30, windowSeconds: 15 * 60 },
});
