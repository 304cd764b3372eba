import { withCron } from "@/lib/api/handler";
import { reportAllContactUsage } from "@/lib/billing/usage";

/**
 * GET|POST /api/billing/report-usage (Bearer CRON_SECRET): the daily contact-count report to Stripe's metered
 * price, called once a day by the host's cron (vercel.json; hosts' crons call with GET). Idempotent per day.
 */
const reportUsage = withCron(() => reportAllContactUsage({ now: new Date() }));
export const GET = reportUsage;
export const POST = reportUsage;
