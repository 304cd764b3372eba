import { inngest } from "@/inngest/client";
import { EVENTS, type EmailsDueData } from "@/inngest/events";
import { sendClaimedEmails } from "@/lib/outreach/sweep";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";

/**
 * A batch of claimed emails (≤ PROVIDER_BATCH_SIZE, from the minute sweep): each organization's rows read
 * and made ready, sent through one provider batch call (sendEmailBatch: the batch's idempotency key,
 * Retry-After honored on 429), marked sent, retried or failed under their fences. Then the contacts emailed
 * are re-planned so their follow-ups are on the schedule (domain-rules A.9). A retried step sends nothing
 * twice: rows already marked are no longer claimed, and every email keeps its idempotency key.
 * Two at a time: the provider's rate limit is the team's, more concurrent batches would only wait on 429s.
 */
export const sendDueEmailsFunction = inngest.createFunction(
  { id: "outreach-send-due-emails", triggers: [{ event: EVENTS.emailsDue }], concurrency: { limit: 2 } },
  async ({ event, step }) => {
    const { emails } = event.data as EmailsDueData;
    const sent = await step.run("send", async () => {
      const { outcomes, errors } = await sendClaimedEmails({ claimed: emails, now: new Date() });
      const organizationOf = new Map(emails.map((email) => [email.id, email.organizationId]));
      const emailed: Record<string, string[]> = {};
      for (const outcome of outcomes)
        if (outcome.outcome === "sent") {
          const organizationId = organizationOf.get(outcome.id)!;
          (emailed[organizationId] ??= []).push(outcome.contactId);
        }
      return { outcomes: outcomes.map(({ id, outcome }) => ({ id, outcome })), errors, emailed };
    });
    for (const [organizationId, contactIds] of Object.entries(sent.emailed))
      await step.run(`replan-contacts-${organizationId}`, () =>
        rescheduleContactsNow({ organizationId, contactIds, now: new Date() }),
      );
    return { outcomes: sent.outcomes, errors: sent.errors };
  },
);
