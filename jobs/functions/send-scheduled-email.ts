import { inngest } from "@/jobs/client";
import { EVENTS, type EmailDueData } from "@/jobs/events";
import { sendScheduledEmail } from "@/lib/outreach/sweep";

/** One claimed email: sent through the one send path (the row's idempotency key), marked sent, retried or failed. */
export const sendScheduledEmailFunction = inngest.createFunction(
  { id: "outreach-send-scheduled-email", triggers: [{ event: EVENTS.emailDue }], concurrency: { limit: 20 } },
  async ({ event, step }) => {
    const { id, organizationId } = event.data as EmailDueData;
    return step.run("send", () => sendScheduledEmail({ id, organizationId, now: new Date() }));
  },
);
