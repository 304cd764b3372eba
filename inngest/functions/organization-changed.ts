import { inngest } from "@/inngest/client";
import { EVENTS, type OrganizationChangedData } from "@/inngest/events";
import { requestOrganizationReschedule, runQueuedReschedules } from "@/lib/outreach/triggers";

/** Settings changed or the organization went live (welcome spread): reschedule it now rather than at the next sweep. */
export const organizationChanged = inngest.createFunction(
  { id: "outreach-organization-changed", triggers: [{ event: EVENTS.organizationChanged }] },
  async ({ event, step }) => {
    const { organizationId } = event.data as OrganizationChangedData;
    await step.run("queue-reschedule", () => requestOrganizationReschedule({ organizationId, now: new Date() }));
    const runs = await step.run(
      "run-queued-reschedules",
      async () => (await runQueuedReschedules({ now: new Date() })).length,
    );
    return { organizationId, runs };
  },
);
