import { inngest } from "@/inngest/client";
import { cleanUpPublicForms } from "@/lib/jobs/run-daily-jobs";

/**
 * Nightly (07:45 UTC): self-signups never confirmed within 7 days are deleted with their confirmation
 * links, and rate-limit buckets whose window has ended go too (lib/jobs/run-daily-jobs.ts).
 */
export const publicFormsCleanup = inngest.createFunction(
  { id: "public-forms-cleanup", triggers: [{ cron: "TZ=UTC 45 7 * * *" }] },
  async ({ step }) =>
    step.run("delete-unconfirmed-signups-and-ended-limits", () => cleanUpPublicForms({ now: new Date() })),
);
