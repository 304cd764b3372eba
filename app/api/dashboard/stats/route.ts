import { withOrg } from "@/lib/api/handler";
import { dashboardStatsQuerySchema } from "@/lib/dashboard/dashboard-query";
import { getDashboardStats } from "@/lib/dashboard/metrics";

export const dynamic = "force-dynamic";

// GET /api/dashboard/stats?period=&startDate=&endDate=&upcomingPage= → cards, funnel, monthly chartData, upcoming emails.
// Admins see the organization's book, agents their own contacts.
export const GET = withOrg(
  ({ db, user, organizationId, query }) =>
    getDashboardStats({ db, organizationId, viewer: user, now: new Date(), query, upcomingPage: query.upcomingPage }),
  {
    query: dashboardStatsQuerySchema,
  },
);
