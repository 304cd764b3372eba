import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { CHECK_EMAIL_LIMITS, checkUserEmailAvailability } from "@/lib/organizations/create-organization";

export const dynamic = "force-dynamic";

// The address is data to check, not an id: a malformed one is a 422 from the check, not a 404.
// The check reads no account: every well-formed address gets the same answer (docs/security.md).
export const GET = withPublic(async ({ params }) => checkUserEmailAvailability({ email: params.email }), {
  params: z.object({ email: z.string() }),
  rateLimit: { name: "check-email", ...CHECK_EMAIL_LIMITS.perIp },
});
