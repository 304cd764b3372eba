import { inngest } from "@/inngest/client";
import { EVENTS } from "@/inngest/events";
import { PROVIDER_BATCH_SIZE } from "@/lib/email/send-batch";
import { claimDueEmails, SWEEP_BATCH_SIZE } from "@/lib/outreach/sweep";
import { runQueuedReschedules } from "@/lib/outreach/triggers";

/**
 * Every minute: carry out queued reschedules, then claim the due emails (pending → sending, SKIP
 * LOCKED) and fan out one event per PROVIDER_BATCH_SIZE of them, each sent through one provider batch
 * call (send-due-emails.ts; #19 point 2). A claimed email whose event is lost is taken over by a later
 * claim after 15 minutes.
 */
export const sweepDueEmails = inngest.createFunction(
  { id: "outreach-sweep-due-emails", triggers: [{ cron: "* * * * *" }] },
  async ({ step }) => {
    await step.run("run-queued-reschedules", async () => (await runQueuedReschedules({ now: new Date() })).length);
    const claimed = await step.run("claim-due-emails", () =>
      claimDueEmails({ limit: SWEEP_BATCH_SIZE, now: new Date() }),
    );
    if (claimed.length > 0) {
      const batches = [];
      for (let i = 0; i < claimed.length; i += PROVIDER_BATCH_SIZE)
        batches.push({
          name: EVENTS.emailsDue,
          data: {
            emails: claimed
              .slice(i, i + PROVIDER_BATCH_SIZE)
              .map((email) => ({ id: email.id, organizationId: email.organizationId })),
          },
        });
      await step.sendEvent("fan-out-due-emails", batches);
    }
    return { claimed: claimed.length };
  },
);
