import { withOrg } from "@/lib/api/handler";
import { dashboardPeriodQuerySchema } from "@/lib/dashboard/dashboard-query";
import { getTimeSeries } from "@/lib/dashboard/metrics";

export const dynamic = "force-dynamic";

// GET /api/dashboard/time-series?period=&startDate=&endDate= → { success, points: [{ date, scheduled, sent }], activity, period }.
export const GET = withOrg(
  ({ db, user, organizationId, query }) => getTimeSeries({ db, organizationId, viewer: user, now: new Date(), query }),
  {
    query: dashboardPeriodQuerySchema,
  },
);
