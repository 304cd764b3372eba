import { inngest } from "@/inngest/client";
import { EVENTS } from "@/inngest/events";
import { claimDueEmails } from "@/lib/outreach/sweep";
import { runQueuedReschedules } from "@/lib/outreach/triggers";

/**
 * Every minute: carry out queued reschedules, then claim the due emails (pending → sending, SKIP
 * LOCKED) and fan out one event per email, so each is sent (and retried) on its own. A claimed email
 * whose event is lost is taken over by a later claim after 15 minutes.
 */
export const sweepDueEmails = inngest.createFunction(
  { id: "outreach-sweep-due-emails", triggers: [{ cron: "* * * * *" }] },
  async ({ step }) => {
    await step.run("run-queued-reschedules", async () => (await runQueuedReschedules({ now: new Date() })).length);
    const claimed = await step.run("claim-due-emails", () => claimDueEmails({ limit: 500, now: new Date() }));
    if (claimed.length > 0) {
      await step.sendEvent(
        "fan-out-due-emails",
        claimed.map((email) => ({
          name: EVENTS.emailDue,
          data: { id: email.id, organizationId: email.organizationId },
        })),
      );
    }
    return { claimed: claimed.length };
  },
);
