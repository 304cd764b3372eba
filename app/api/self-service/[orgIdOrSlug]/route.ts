import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { getSelfServiceOrgOrThrow } from "@/lib/self-onboarding/org-lookup";

export const dynamic = "force-dynamic";

// GET /api/self-service/{orgIdOrSlug}?agentId= → { success, organization (public fields), agent | null }.
// The spec's legacy email/id/hash prefill parameters are not honoured: no personal data by URL.
export const GET = withPublic(
  ({ params, query }) => getSelfServiceOrgOrThrow({ orgIdOrSlug: params.orgIdOrSlug, agentId: query.agentId }),
  {
    params: z.object({ orgIdOrSlug: z.string().min(1).max(100) }),
    query: z.object({ agentId: z.string().max(100).optional() }),
    rateLimit: { name: "self-service-org", limit: 300, windowSeconds: 3600 },
  },
);
