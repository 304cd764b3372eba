import { withOrg } from "@/lib/api/handler";
import { createImportJob } from "@/lib/contacts/import/import-jobs";
import { createImportJobSchema } from "@/lib/contacts/import/import-types";

export const dynamic = "force-dynamic";

/**
 * POST /api/contacts/import-jobs {overwriteExisting, agentId, fileName?, totalRows} → {success, jobId}:
 * opens a chunked CSV import (lib/contacts/import/import-jobs.ts). Then …/{id}/chunks, …/{id}/commit.
 */
export const POST = withOrg(
  ({ user, organizationId, body }) => createImportJob({ organizationId, user, request: body, now: new Date() }),
  {
    body: createImportJobSchema,
  },
);
