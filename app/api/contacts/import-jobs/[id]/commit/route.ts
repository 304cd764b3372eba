import { withOrg } from "@/lib/api/handler";
import { commitImportJob } from "@/lib/contacts/import/import-jobs";
import { importJobParamsSchema } from "@/lib/contacts/import/import-types";

export const dynamic = "force-dynamic";
// One transaction of set-based SQL: 200,000 rows in about 12 s on PostgreSQL (docs/performance.md).
export const maxDuration = 120;

/**
 * POST /api/contacts/import-jobs/{id}/commit → {success, message, totalRows, newContacts, updatedContacts,
 * skippedRows, unchangedContacts, errorRows, invalidEmails, carrierConversions, householdsSuggested, importJobId}
 * (client-side §7, as POST /api/contacts/bulk-import answers): every staged row written in one transaction, or none;
 * then the households the import newly suggested (docs/households.md).
 */
export const POST = withOrg(
  ({ user, organizationId, params }) => commitImportJob({ organizationId, user, jobId: params.id, now: new Date() }),
  {
    params: importJobParamsSchema,
  },
);
