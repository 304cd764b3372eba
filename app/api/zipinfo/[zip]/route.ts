import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { zipInfoResponse } from "@/lib/zip/lookup-zip";

export const dynamic = "force-dynamic";

// GET /api/zipinfo/{zip} → { success, data: { state, counties, cities, countyDetails, defaultCounty } }.
// Public (quote intake, self-onboarding) and rate-limited. The ZIP is data to check: a malformed one is 400, not 404.
export const GET = withPublic(async ({ params }) => zipInfoResponse(params.zip), {
  params: z.object({ zip: z.string() }),
  rateLimit: { name: "zip-lookup", limit: 600, windowSeconds: 3600 },
});
