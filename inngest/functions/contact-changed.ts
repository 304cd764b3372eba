import { inngest } from "@/inngest/client";
import { EVENTS, type ContactChangedData } from "@/inngest/events";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";

/** A contact changed outside a request that already re-planned it (e.g. an integration): re-plan it. */
export const contactChanged = inngest.createFunction(
  { id: "outreach-contact-changed", triggers: [{ event: EVENTS.contactChanged }] },
  async ({ event, step }) => {
    const { organizationId, contactId } = event.data as ContactChangedData;
    await step.run("reschedule-contact", () => rescheduleContactsNow({ organizationId, contactIds: [contactId], now: new Date() }));
    return { contactId };
  },
);
