import { withCron } from "@/lib/api/handler";
import { runOutreachJobs } from "@/lib/outreach/run-outreach-jobs";

export const dynamic = "force-dynamic";
// A serverless function's time is capped: 10 sweep batches of 50 per call; what is left is due at the next minute.
export const maxDuration = 300;

const runJobs = withCron(() => runOutreachJobs({ now: new Date(), maxBatches: 10 }));

/**
 * GET|POST /api/cron/outreach (Authorization: Bearer CRON_SECRET; without CRON_SECRET the route does not
 * exist): the job runner on a host without Inngest, called every minute by the host's cron (vercel.json).
 * Hosts' crons call with GET; the bearer secret, which no browser sends on its own, is what authorizes it.
 */
export const GET = runJobs;
export const POST = runJobs;
