import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { checkUserEmailAvailability } from "@/lib/organizations/create-organization";

export const dynamic = "force-dynamic";

// The address is data to check, not an id: a malformed one is a 422 from the check, not a 404.
export const GET = withPublic(({ params }) => checkUserEmailAvailability(params.email), {
  params: z.object({ email: z.string() }),
  rateLimit: { name: "check-email", limit: 120, windowSeconds: 3600 },
});
