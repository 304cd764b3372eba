import { withCron } from "@/lib/api/handler";
import { reportAllContactUsage } from "@/lib/billing/usage";

/** POST /api/billing/report-usage (Bearer CRON_SECRET): the daily contact-count report to Stripe's metered price. */
export const POST = withCron(() => reportAllContactUsage({ now: new Date() }));
