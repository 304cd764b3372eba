import "server-only";
import { getEnv } from "@/lib/env";
import { runOutreachJobs } from "@/lib/outreach/run-outreach-jobs";
import type { SweepResult } from "@/lib/outreach/sweep";
import { runDailyJobs } from "@/lib/jobs/run-daily-jobs";
import { isoDate } from "@/lib/calendar/calendar-date";

/**
 * Embedded mode's job runner (architecture.md "Two ways to run"): without Inngest, the server process
 * itself runs the queued reschedules and the same sweep every minute, so `npm start` delivers due
 * emails to /dev/outbox. One
 * sweep at a time (a tick that finds the previous one still running does nothing), the timer is
 * unref'd (it never keeps the process alive), and it is started once per process.
 */

export const TICK_INTERVAL_MS = 60_000;

export type Ticker = { stop: () => void; tick: () => Promise<SweepResult | null> };

/** A ticker over any job; `tick()` runs it now unless a run is already under way (then null). */
export function createTicker<T>({
  job,
  intervalMs = TICK_INTERVAL_MS,
  onError,
}: {
  job: () => Promise<T>;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}) {
  let running: Promise<T> | null = null;
  const tick = async (): Promise<T | null> => {
    if (running) return null;
    running = job();
    try {
      return await running;
    } catch (error) {
      onError?.(error);
      return null;
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref?.();
  return { tick, stop: () => clearInterval(timer) };
}

const globalForTicker = globalThis as unknown as { __gapwiseOutreachTicker?: Ticker };

/**
 * Starts the outreach sweep ticker when jobs run in-process (served by `npm start`, no Inngest keys) and
 * this is not a test run; called from instrumentation.ts. Returns the ticker, or null when it is not this process's job.
 */
export function startOutreachTicker(): Ticker | null {
  const env = getEnv();
  if (env.parts.jobs !== "ticker" || env.isTest || !env.outreachTicker) return null;
  let usageReportedOn: string | null = null;
  globalForTicker.__gapwiseOutreachTicker ??= createTicker({
    // Planning first (queued and nightly reschedules), then sending what is due; once a day the daily
    // jobs (lib/jobs/run-daily-jobs.ts: usage to Stripe, abandoned CSV uploads).
    job: async () => {
      const today = isoDate(new Date());
      if (usageReportedOn !== today) {
        await runDailyJobs({ now: new Date() });
        usageReportedOn = today;
      }
      return (await runOutreachJobs({ now: new Date() })).sweep;
    },
    onError: (error) =>
      console.error(
        JSON.stringify({
          level: "error",
          event: "outreach_sweep_failed",
          error: error instanceof Error ? error.name : "UnknownError",
        }),
      ),
  });
  return globalForTicker.__gapwiseOutreachTicker;
}
