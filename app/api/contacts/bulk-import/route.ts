import { withOrg } from "@/lib/api/handler";
import { bulkImportContacts } from "@/lib/contacts/import/bulk-import";
import { bulkImportRequestSchema, IMPORT_MESSAGES, MAX_IMPORT_BODY_BYTES } from "@/lib/contacts/import/import-types";

export const dynamic = "force-dynamic";
// Up to 200,000 rows: staged, then committed in one transaction.
export const maxDuration = 300;

/**
 * POST /api/contacts/bulk-import {contacts, overwriteExisting, agentId} → {success, message, totalRows,
 * newContacts, updatedContacts, …} (client-side §7): the whole file in one request. The upload modal uses
 * the chunked calls under /api/contacts/import-jobs instead (a serverless host caps bodies at ~4 MB).
 */
export const POST = withOrg(
  ({ user, organizationId, body }) => bulkImportContacts({ organizationId, user, request: body, now: new Date() }),
  {
    body: bulkImportRequestSchema,
    maxBodyBytes: MAX_IMPORT_BODY_BYTES,
    tooLargeMessage: IMPORT_MESSAGES.tooLarge,
  },
);
