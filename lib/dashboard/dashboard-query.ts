import { z } from "zod";

/**
 * The query of the dashboard calls (agency-side.md §7): period=&startDate=&endDate=. The period is
 * loose on purpose: an unknown value becomes the 30-day default (domain-rules G), while the dates are
 * checked here for shape and by resolveDashboardPeriod for sense (real date, order, length).
 */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid date format")
  .optional();

export const dashboardPeriodQuerySchema = z.object({
  period: z.string().max(20).optional(),
  startDate: isoDate,
  endDate: isoDate,
});

const positiveInt = (max: number) => z.coerce.number().int().min(1).max(max).optional();

export const dashboardStatsQuerySchema = dashboardPeriodQuerySchema.extend({ upcomingPage: positiveInt(10_000) });
export const sendRankingQuerySchema = dashboardPeriodQuerySchema.extend({
  page: positiveInt(10_000),
  limit: positiveInt(400),
});
