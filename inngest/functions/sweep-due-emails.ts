import { inngest } from "@/inngest/client";
import { EVENTS } from "@/inngest/events";
import { PROVIDER_BATCH_SIZE } from "@/lib/email/send-batch";
import { claimDueEmails, SWEEP_BATCH_SIZE } from "@/lib/outreach/sweep";
import { runQueuedReschedules } from "@/lib/outreach/triggers";

/**
 * Every minute: carry out queued reschedules, then claim the due emails (pending → sending, SKIP
 * LOCKED), up to CLAIMS_PER_MINUTE times, and fan out one event per PROVIDER_BATCH_SIZE of them, each sent through one provider batch
 * call (send-due-emails.ts; #19 point 2). A claimed email whose event is lost is taken over by a later
 * claim after 15 minutes.
 */
/** Claims per minute: 20 × 500, the rate the sweep is measured at (bench/sweep.ts). */
export const CLAIMS_PER_MINUTE = 20;

export const sweepDueEmails = inngest.createFunction(
  { id: "outreach-sweep-due-emails", triggers: [{ cron: "* * * * *" }] },
  async ({ step }) => {
    await step.run("run-queued-reschedules", async () => (await runQueuedReschedules({ now: new Date() })).length);
    // Up to CLAIMS_PER_MINUTE claims of SWEEP_BATCH_SIZE (10,000 emails a minute, #19 point 2), each fanned
    // out as soon as it is made.
    let claimed = 0;
    for (let n = 0; n < CLAIMS_PER_MINUTE; n += 1) {
      const batch = await step.run(`claim-due-emails-${n}`, () =>
        claimDueEmails({ limit: SWEEP_BATCH_SIZE, now: new Date() }),
      );
      claimed += batch.length;
      if (batch.length > 0) {
        const events = [];
        for (let i = 0; i < batch.length; i += PROVIDER_BATCH_SIZE)
          events.push({
            name: EVENTS.emailsDue,
            data: {
              emails: batch
                .slice(i, i + PROVIDER_BATCH_SIZE)
                .map((email) => ({ id: email.id, organizationId: email.organizationId })),
            },
          });
        await step.sendEvent(`fan-out-due-emails-${n}`, events);
      }
      if (batch.length < SWEEP_BATCH_SIZE) break;
    }
    return { claimed };
  },
);
