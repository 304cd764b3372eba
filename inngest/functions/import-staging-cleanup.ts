import { inngest } from "@/inngest/client";
import { deleteAbandonedImportJobs } from "@/lib/contacts/import/import-jobs";

/**
 * Nightly (07:30 UTC): CSV uploads not committed within 24 hours are deleted with their staged rows, and
 * rows a finished import left behind go too (lib/contacts/import/import-jobs.ts). Nothing was written
 * to contacts for them.
 */
export const importStagingCleanup = inngest.createFunction(
  { id: "contacts-import-staging-cleanup", triggers: [{ cron: "TZ=UTC 30 7 * * *" }] },
  async ({ step }) => step.run("delete-abandoned-uploads", () => deleteAbandonedImportJobs({ now: new Date() })),
);
