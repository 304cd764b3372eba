import "server-only";
import { runSweep, type SweepResult } from "@/lib/outreach/sweep";
import { queueNightlyReschedules, runQueuedReschedules } from "@/lib/outreach/triggers";

export type OutreachJobsResult = { queuedNightly: number; rescheduled: number; sweep: SweepResult };

/**
 * One turn of the outreach job runner without Inngest: planning first (organizations not rescheduled for
 * 20 hours are queued, queued reschedules run), then sending what is due. The embedded ticker runs it every
 * minute under `npm start`; on a serverless host the host's cron calls GET /api/cron/outreach, which runs it.
 * Safe to overlap: reschedules and due emails are claimed with SKIP LOCKED, and every send has its row's
 * idempotency key.
 */
export async function runOutreachJobs({
  now,
  maxBatches,
}: {
  now: Date;
  /** Sweep batches of 50 (default 20): bounds a cron call's time. */ maxBatches?: number;
}): Promise<OutreachJobsResult> {
  const queuedNightly = await queueNightlyReschedules({ now });
  const rescheduled = (await runQueuedReschedules({ now })).length;
  const sweep = await runSweep({ now, maxBatches });
  return { queuedNightly, rescheduled, sweep };
}
