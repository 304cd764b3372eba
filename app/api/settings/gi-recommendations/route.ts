import { withOrg } from "@/lib/api/handler";
import { listGiRecommendations } from "@/lib/settings/reference-data";

export const dynamic = "force-dynamic";

/** GET /api/settings/gi-recommendations: { success, recommendations: [{ state, carrier }] }. */
export const GET = withOrg(() => listGiRecommendations());
