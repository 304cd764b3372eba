import { withCron } from "@/lib/api/handler";
import { runDailyJobs } from "@/lib/jobs/run-daily-jobs";

export const dynamic = "force-dynamic";

const runDaily = withCron(() => runDailyJobs({ now: new Date() }));

/**
 * GET|POST /api/cron/daily (Authorization: Bearer CRON_SECRET; without CRON_SECRET the route does not exist):
 * the daily jobs on a host without Inngest (usage report, abandoned-upload cleanup, unconfirmed self-signups), called once a day by the
 * host's cron (vercel.json). Hosts' crons call with GET; the bearer secret is what authorizes it.
 */
export const GET = runDaily;
export const POST = runDaily;
