import { withOrg } from "@/lib/api/handler";
import { sendRankingQuerySchema } from "@/lib/dashboard/dashboard-query";
import { getSendRanking } from "@/lib/dashboard/metrics";

export const dynamic = "force-dynamic";

// GET /api/dashboard/send-ranking?period=&startDate=&endDate=&page=&limit= → { success, rows, total, page, limit, period }.
export const GET = withOrg(
  ({ db, user, organizationId, query }) =>
    getSendRanking({ db, organizationId, viewer: user, now: new Date(), query, page: query.page, limit: query.limit }),
  {
    query: sendRankingQuerySchema,
  },
);
