import { inngest } from "@/inngest/client";
import { queueNightlyReschedules } from "@/lib/outreach/triggers";

/**
 * Nightly (07:00 UTC, after midnight in every US time zone): queue a reschedule of every organization
 * not rescheduled in the last 20 hours; the minute sweep carries them out. Dates move on even when
 * nothing was edited (a birthday enters its window, a campaign starts).
 */
export const nightlyReschedule = inngest.createFunction(
  { id: "outreach-nightly-reschedule", triggers: [{ cron: "TZ=UTC 0 7 * * *" }] },
  async ({ step }) => {
    const queued = await step.run("queue-organizations", () => queueNightlyReschedules({ now: new Date() }));
    return { queued };
  },
);
