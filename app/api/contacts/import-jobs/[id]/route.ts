import { withOrg } from "@/lib/api/handler";
import { cancelImportJob } from "@/lib/contacts/import/import-jobs";
import { importJobParamsSchema } from "@/lib/contacts/import/import-types";

export const dynamic = "force-dynamic";

/** DELETE /api/contacts/import-jobs/{id} → {success}: cancels an upload not yet committed (its staged rows go with it). */
export const DELETE = withOrg(
  ({ user, organizationId, params }) => cancelImportJob({ organizationId, user, jobId: params.id, now: new Date() }),
  {
    params: importJobParamsSchema,
  },
);
