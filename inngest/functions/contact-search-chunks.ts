import { inngest } from "@/inngest/client";
import { organizationsDueForSearchChunks, rebuildContactSearchChunks } from "@/lib/contacts/search-chunks";

/**
 * Hourly (at :20): the contact list's search chunks (lib/contacts/search-chunks.ts) are built for every
 * organization whose book reached 50,000 contacts, and rebuilt for those with 2,000 contacts written since their
 * last build, so that a broad search keeps skipping the runs without its term instead of walking the whole name
 * order. One step per organization: a rebuild takes a few seconds at 1,000,000 contacts, and a retry redoes
 * only the organization that failed.
 */
export const contactSearchChunks = inngest.createFunction(
  { id: "contact-search-chunks", triggers: [{ cron: "TZ=UTC 20 * * * *" }] },
  async ({ step }) => {
    const due = await step.run("find-organizations-due", () => organizationsDueForSearchChunks());
    for (const organizationId of due) {
      await step.run(`rebuild-${organizationId}`, () => rebuildContactSearchChunks(organizationId));
    }
    return { built: due };
  },
);
