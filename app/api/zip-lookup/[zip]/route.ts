import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { zipLookupResponse } from "@/lib/zip/lookup-zip";

export const dynamic = "force-dynamic";

// GET /api/zip-lookup/{zip} → { zip, state, counties, cities, countyDetails, defaultCounty }.
// Public (quote intake, self-onboarding, the contact form) and rate-limited. A malformed ZIP is 400, an unknown one 404.
export const GET = withPublic(async ({ params }) => zipLookupResponse(params.zip), {
  params: z.object({ zip: z.string() }),
  rateLimit: { name: "zip-lookup", limit: 600, windowSeconds: 3600 },
});
