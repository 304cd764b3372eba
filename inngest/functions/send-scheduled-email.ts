import { inngest } from "@/inngest/client";
import { EVENTS, type EmailDueData } from "@/inngest/events";
import { sendScheduledEmail } from "@/lib/outreach/sweep";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";

/**
 * One claimed email: sent through the one send path (the row's idempotency key), marked sent, retried
 * or failed. Once sent, the contact is re-planned so its follow-up is on the schedule (domain-rules A.9).
 */
export const sendScheduledEmailFunction = inngest.createFunction(
  { id: "outreach-send-scheduled-email", triggers: [{ event: EVENTS.emailDue }], concurrency: { limit: 20 } },
  async ({ event, step }) => {
    const { id, organizationId } = event.data as EmailDueData;
    const outcome = await step.run("send", () => sendScheduledEmail({ id, organizationId, now: new Date() }));
    if (outcome.outcome === "sent") {
      const { contactId } = outcome;
      await step.run("replan-contact", () =>
        rescheduleContactsNow({ organizationId, contactIds: [contactId], now: new Date() }),
      );
    }
    return outcome;
  },
);
