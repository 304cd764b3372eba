import "server-only";
import { AppError } from "@/lib/api/errors";
import { assertCanImport, type ImportUser } from "@/lib/contacts/import/import-job-rules";
import { IMPORT_MESSAGES, type BulkImportRequest, type BulkImportResponse } from "@/lib/contacts/import/import-types";
import { cancelImportJob, commitImportJob, createImportJob, stageImportChunk } from "@/lib/contacts/import/import-jobs";

/**
 * POST /api/contacts/bulk-import (client-side §7, domain-rules D.1.5 + D.2): the whole file in one
 * request. The same job as the chunked upload (import-jobs.ts: who may import, validation, carriers,
 * places, overwrite, plan limit, one transaction, audit, reschedule), with every row as chunk 0: open,
 * stage, commit. For scripts and small files; the upload modal sends chunks, because a serverless host
 * refuses bodies over about 4 MB.
 */

export type BulkImportUser = ImportUser;

export type BulkImportOptions = {
  organizationId: string;
  user: BulkImportUser;
  request: BulkImportRequest;
  now: Date;
  /** Rows per staging INSERT statement. */
  chunkSize?: number;
};

export async function bulkImportContacts({
  organizationId,
  user,
  request,
  now,
  chunkSize,
}: BulkImportOptions): Promise<BulkImportResponse> {
  assertCanImport(user);
  const { contacts, ...options } = request;
  if (contacts.length === 0) throw new AppError("bad_request", IMPORT_MESSAGES.noValidContacts);
  const { jobId } = await createImportJob({
    organizationId,
    user,
    request: { ...options, totalRows: contacts.length },
    now,
  });
  try {
    await stageImportChunk({
      organizationId,
      user,
      jobId,
      chunk: { index: 0, contacts },
      now,
      rowsPerStatement: chunkSize,
    });
  } catch (error) {
    await cancelImportJob({ organizationId, user, jobId, now }).catch(() => undefined);
    throw error;
  }
  return commitImportJob({ organizationId, user, jobId, now });
}
