import { withOrg } from "@/lib/api/handler";
import { stageImportChunk } from "@/lib/contacts/import/import-jobs";
import {
  IMPORT_MESSAGES,
  importChunkSchema,
  importJobParamsSchema,
  MAX_IMPORT_CHUNK_BODY_BYTES,
} from "@/lib/contacts/import/import-types";

export const dynamic = "force-dynamic";
// About 5,000 rows validated and staged: well under a second.
export const maxDuration = 60;

/**
 * POST /api/contacts/import-jobs/{id}/chunks {index, contacts} → {success, jobId, index, stagedRows,
 * alreadyStaged}: validates and stages one part of the file (at most 2 MB of JSON). Sending an index
 * again stages nothing (a retry after a lost answer is safe).
 */
export const POST = withOrg(
  ({ user, organizationId, params, body }) =>
    stageImportChunk({ organizationId, user, jobId: params.id, chunk: body, now: new Date() }),
  {
    params: importJobParamsSchema,
    body: importChunkSchema,
    maxBodyBytes: MAX_IMPORT_CHUNK_BODY_BYTES,
    tooLargeMessage: IMPORT_MESSAGES.chunkTooLarge,
  },
);
