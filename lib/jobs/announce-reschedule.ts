import "server-only";
import { getEnv } from "@/lib/env";

/**
 * Tells Inngest that an organization's reschedule was queued, so `outreach-organization-changed` runs it
 * now instead of at the next minute's sweep ("reschedules now", docs/operations.md §4). Only when Inngest
 * runs the jobs: the embedded ticker and the cron route take queued runs on their own every minute. A
 * failure to announce loses nothing: the run stays queued and the sweep takes it.
 */
export async function announceRescheduleQueued(organizationId: string): Promise<void> {
  if (getEnv().parts.jobs !== "inngest") return;
  try {
    const [{ inngest }, { EVENTS }] = await Promise.all([import("@/inngest/client"), import("@/inngest/events")]);
    await inngest.send({ name: EVENTS.organizationChanged, data: { organizationId } });
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "warn",
        event: "reschedule_announce_failed",
        error: error instanceof Error ? error.name : "UnknownError",
      }),
    );
  }
}
