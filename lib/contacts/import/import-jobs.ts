import "server-only";
import { AppError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { loadCarrierResolver } from "@/lib/carriers/carrier-resolver";
import { assertActiveAgent, commitStagedRows, type CommitOutcome } from "@/lib/contacts/import/commit-import";
import { suggestHouseholdsForOrganization } from "@/lib/households/suggest";
import {
  abandonedImportCutoff,
  assertCanImport,
  effectiveImportOptions,
  importResultMessage,
  isImportJobAbandoned,
  type ImportUser,
} from "@/lib/contacts/import/import-job-rules";
import {
  IMPORT_MESSAGES,
  type BulkImportResponse,
  type CreateImportJobRequest,
  type CreateImportJobResponse,
  type ImportChunkRequest,
  type ImportChunkResponse,
} from "@/lib/contacts/import/import-types";
import { importCarrierMapper, stageRows } from "@/lib/contacts/import/stage-import-rows";
import { prisma, tenantDb, tenantTransaction, type TxClient } from "@/lib/db";
import { requestOrganizationReschedule } from "@/lib/outreach/triggers";

/**
 * The CSV import as a job (client-side §7, domain-rules D.1.5 + D.2), so that no request carries the
 * whole file or does all of the work (a serverless host caps bodies at about 4 MB and calls in time):
 *
 *   createImportJob   POST /api/contacts/import-jobs                 options + totalRows → { jobId }
 *   stageImportChunk  POST /api/contacts/import-jobs/{id}/chunks     { index, contacts } → staged
 *   commitImportJob   POST /api/contacts/import-jobs/{id}/commit     → the bulk-import answer
 *   cancelImportJob   DELETE /api/contacts/import-jobs/{id}          → the job and its rows deleted
 *
 * POST /api/contacts/bulk-import (bulk-import.ts) is the same three steps in one request.
 *
 * - A job belongs to its organization and to the user who opened it: anyone else's job id is 404.
 * - Each chunk is validated and prepared when it arrives (stage-import-rows.ts) and staged in
 *   import_job_rows under the (job, chunk index, position) key: a retried index is not staged twice.
 * - The commit checks that exactly `totalRows` rows arrived, then writes every staged row to contacts
 *   in ONE transaction (commit-import.ts) with the import job and the audit row: an upload that is
 *   never committed, cancelled or fails at commit writes no contact. A failed commit leaves the job
 *   `failed` with the reason in error_message; the answer carries the same text.
 * - Staged rows go when the job is committed, fails or is cancelled; a job not committed within 24 h
 *   (IMPORT_JOB_TTL_HOURS) is abandoned and deleteAbandonedImportJobs removes it with its rows (nightly,
 *   and for the organization whenever it opens a new import).
 */

const CHUNK_TRANSACTION_OPTIONS = { timeout: 60_000, maxWait: 15_000 };
/** 200,000 rows commit in about 12 s on PostgreSQL (docs/performance.md); the limit leaves room for a busy server. */
const COMMIT_TRANSACTION_OPTIONS = { timeout: 180_000, maxWait: 15_000 };
/** How many rows of each list the import job keeps (the answer always has all of them). */
const JOB_LIST_CAP = 1_000;

type LockedJob = {
  id: string;
  status: string;
  total_rows: number;
  received_rows: number;
  overwrite_existing: boolean;
  agent_id: string | null;
  created_at: Date;
};

/** The caller's own job, locked for the rest of the transaction; refused when missing, finished or abandoned. */
async function lockImportJob(
  tx: TxClient,
  {
    organizationId,
    user,
    jobId,
    now,
    allowAbandoned = false,
  }: { organizationId: string; user: ImportUser; jobId: string; now: Date; allowAbandoned?: boolean },
): Promise<LockedJob> {
  const [job] = await tx.$queryRaw<LockedJob[]>`
    SELECT id, status::text AS status, total_rows, received_rows, overwrite_existing, agent_id, created_at FROM import_jobs
    WHERE id = ${jobId}::uuid AND organization_id = ${organizationId}::uuid AND created_by_id = ${user.id}::uuid
    FOR UPDATE`;
  if (!job) throw new AppError("not_found", IMPORT_MESSAGES.uploadNotFound);
  if (job.status !== "pending") throw new AppError("conflict", IMPORT_MESSAGES.uploadFinished);
  if (!allowAbandoned && isImportJobAbandoned(job.created_at, now))
    throw new AppError("conflict", IMPORT_MESSAGES.uploadExpired);
  return job;
}

export type CreateImportJobOptions = {
  organizationId: string;
  user: ImportUser;
  request: CreateImportJobRequest;
  now: Date;
};

/** Opens an upload of `totalRows` rows with the options every row gets (forced for non-admins). */
export async function createImportJob({
  organizationId,
  user,
  request,
  now,
}: CreateImportJobOptions): Promise<CreateImportJobResponse> {
  const { overwrite, agentId } = effectiveImportOptions(user, request);
  await deleteAbandonedImportJobs({ now, organizationId });
  const job = await tenantTransaction(organizationId, async (tx) => {
    await assertActiveAgent(tx, organizationId, agentId);
    return tx.importJob.create({
      data: {
        organizationId,
        status: "pending",
        fileName: request.fileName ?? null,
        totalRows: request.totalRows,
        overwriteExisting: overwrite,
        agentId,
        createdById: user.id,
        createdAt: now,
        startedAt: now,
      },
      select: { id: true },
    });
  });
  return { success: true, jobId: job.id };
}

export type StageImportChunkOptions = {
  organizationId: string;
  user: ImportUser;
  jobId: string;
  chunk: ImportChunkRequest;
  now: Date;
  /** Rows per INSERT statement. */
  rowsPerStatement?: number;
};

/** Validates one chunk and stages its rows; a chunk index that arrived before is answered without staging again. */
export async function stageImportChunk({
  organizationId,
  user,
  jobId,
  chunk,
  now,
  rowsPerStatement,
}: StageImportChunkOptions): Promise<ImportChunkResponse> {
  assertCanImport(user);
  const rows = chunk.contacts.length;
  const mapper = await importCarrierMapper();
  return tenantTransaction(
    organizationId,
    async (tx) => {
      const job = await lockImportJob(tx, { organizationId, user, jobId, now });
      const [{ staged }] = (await tx.$queryRaw<{ staged: number }[]>`
        SELECT count(*)::int AS staged FROM import_job_rows WHERE import_job_id = ${jobId}::uuid AND chunk_index = ${chunk.index}`) as [
        { staged: number },
      ];
      if (staged > 0) return { success: true, jobId, index: chunk.index, stagedRows: staged, alreadyStaged: true };
      if (job.received_rows + rows > job.total_rows) throw new AppError("conflict", IMPORT_MESSAGES.uploadTooManyRows);
      await stageRows(tx, {
        jobId,
        organizationId,
        chunkIndex: chunk.index,
        contacts: chunk.contacts,
        now,
        mapper,
        rowsPerStatement,
      });
      await tx.importJob.update({ where: { id: jobId }, data: { receivedRows: { increment: rows } } });
      return { success: true, jobId, index: chunk.index, stagedRows: rows, alreadyStaged: false };
    },
    CHUNK_TRANSACTION_OPTIONS,
  );
}

function importResponse(jobId: string, outcome: CommitOutcome, householdsSuggested: number): BulkImportResponse {
  return {
    success: true,
    message: importResultMessage(outcome.inserted + outcome.updated, outcome.skipped),
    totalRows: outcome.totalRows,
    newContacts: outcome.inserted,
    updatedContacts: outcome.updated,
    skippedRows: outcome.skipped,
    unchangedContacts: outcome.unchanged,
    errorRows: outcome.errorRows,
    invalidEmails: outcome.invalidEmails,
    carrierConversions: outcome.carrierConversions,
    householdsSuggested,
    importJobId: jobId,
  };
}

/** Deletes a job's staged rows; a failure is logged and left to deleteAbandonedImportJobs. */
async function discardStagedRows(organizationId: string, jobId: string) {
  try {
    await tenantDb(organizationId).importJobRow.deleteMany({ where: { organizationId, importJobId: jobId } });
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "error",
        event: "import_staging_cleanup_failed",
        error: error instanceof Error ? error.name : "UnknownError",
      }),
    );
  }
}

/** A commit that threw: the job (if still pending) records why, and its staged rows go. */
async function failImportJob(organizationId: string, jobId: string, error: unknown) {
  const message = error instanceof AppError ? error.message : IMPORT_MESSAGES.importFailed;
  try {
    await tenantDb(organizationId).importJob.updateMany({
      where: { id: jobId, organizationId, status: "pending" },
      data: { status: "failed", errorMessage: message, finishedAt: new Date() },
    });
  } catch (failure) {
    console.error(
      JSON.stringify({
        level: "error",
        event: "import_job_fail_record_failed",
        error: failure instanceof Error ? failure.name : "UnknownError",
      }),
    );
  }
  await discardStagedRows(organizationId, jobId);
}

export type CommitImportJobOptions = { organizationId: string; user: ImportUser; jobId: string; now: Date };

/** Writes every staged row of the job in one transaction and answers as POST /api/contacts/bulk-import does. */
export async function commitImportJob({
  organizationId,
  user,
  jobId,
  now,
}: CommitImportJobOptions): Promise<BulkImportResponse> {
  assertCanImport(user);
  let outcome: CommitOutcome;
  // Only a failure after the caller's own pending job was found marks it failed.
  let jobFound = false;
  try {
    const carriers = await loadCarrierResolver();
    outcome = await tenantTransaction(
      organizationId,
      async (tx) => {
        const job = await lockImportJob(tx, { organizationId, user, jobId, now });
        jobFound = true;
        const result = await commitStagedRows(tx, {
          jobId,
          organizationId,
          overwrite: job.overwrite_existing,
          agentId: job.agent_id,
          totalRows: job.total_rows,
          now,
          carriers,
        });
        const errorCount = result.errorRows.length + result.invalidEmails.length;
        await tx.importJob.update({
          where: { id: jobId },
          data: {
            status: "completed",
            addedCount: result.inserted,
            updatedCount: result.updated,
            skippedCount: result.skipped,
            errorCount,
            carrierConversionCount: result.carrierConversions.length,
            invalidEmails: result.invalidEmails
              .slice(0, JOB_LIST_CAP)
              .map((r) => ({ row: r.rowNumber, email: r.email, reason: IMPORT_MESSAGES.invalidEmail })),
            errorRows: result.errorRows.slice(0, JOB_LIST_CAP).map((r) => ({ row: r.rowNumber, error: r.error })),
            unrecognizedCarrierRows: result.carrierConversions
              .slice(0, JOB_LIST_CAP)
              .map((r) => ({ row: r.rowNumber, carrier: r.original })),
            finishedAt: new Date(),
          },
        });
        await recordAudit(tx, {
          organizationId,
          actorUserId: user.id,
          action: "contacts.imported",
          entityType: "import_job",
          entityId: jobId,
          metadata: {
            totalRows: result.totalRows,
            newContacts: result.inserted,
            updatedContacts: result.updated,
            skippedRows: result.skipped,
            errorRows: result.errorRows.length,
            invalidEmails: result.invalidEmails.length,
            carrierConversions: result.carrierConversions.length,
            overwriteExisting: job.overwrite_existing,
            agentId: job.agent_id,
          },
        });
        return result;
      },
      COMMIT_TRANSACTION_OPTIONS,
    );
  } catch (error) {
    if (jobFound) await failImportJob(organizationId, jobId, error);
    throw error;
  }
  await discardStagedRows(organizationId, jobId);
  // Only an import that may have moved an address key runs the whole-book pass (commit-import.ts addressesChanged).
  const householdsSuggested = outcome.addressesChanged ? await suggestHouseholdsAfterImport(organizationId, now) : 0;
  // Thousands of contacts may be new: the organization's reschedule is queued for the job runner.
  if (outcome.inserted + outcome.updated > 0) await requestOrganizationReschedule({ organizationId, now });
  return importResponse(jobId, outcome, householdsSuggested);
}

/**
 * The import's household suggestions (docs/households.md): the whole book in one pass of its own transaction,
 * after the import committed; answers how many households it newly suggested. A failure here must not turn a
 * committed import into an error answer: it is logged (the error's class only, as lib/api/handler.ts logs), the
 * answer says 0, and the next import that writes an address, or an address edit in those ZIPs, suggests again.
 */
async function suggestHouseholdsAfterImport(organizationId: string, now: Date): Promise<number> {
  try {
    return (await suggestHouseholdsForOrganization(organizationId, now)).created;
  } catch (error) {
    const cause = error as { name?: string; code?: string };
    console.error(
      JSON.stringify({
        level: "error",
        task: "households.suggest-after-import",
        error: cause?.name,
        code: cause?.code,
      }),
    );
    return 0;
  }
}

export type CancelImportJobOptions = { organizationId: string; user: ImportUser; jobId: string; now: Date };

/** Cancel: the pending job and its staged rows are deleted (nothing was written to contacts). */
export async function cancelImportJob({
  organizationId,
  user,
  jobId,
  now,
}: CancelImportJobOptions): Promise<{ success: true }> {
  assertCanImport(user);
  await tenantTransaction(organizationId, async (tx) => {
    await lockImportJob(tx, { organizationId, user, jobId, now, allowAbandoned: true });
    await tx.importJob.delete({ where: { id: jobId } });
  });
  return { success: true };
}

/**
 * Cleanup of the staging table: jobs still pending 24 h after they were opened are deleted with their
 * rows (an abandoned upload), and rows left behind by finished jobs (a cleanup after commit that
 * failed) are deleted. Every organization's (owner client: the nightly job), or one organization's
 * through its tenant client (when it opens a new import).
 */
export async function deleteAbandonedImportJobs({
  now,
  organizationId,
}: {
  now: Date;
  organizationId?: string;
}): Promise<{ jobs: number; rows: number }> {
  const db = organizationId ? tenantDb(organizationId) : prisma;
  const scope = organizationId ? { organizationId } : {};
  const jobs = await db.importJob.deleteMany({
    where: { ...scope, status: { in: ["pending", "processing"] }, createdAt: { lt: abandonedImportCutoff(now) } },
  });
  const rows = await db.importJobRow.deleteMany({
    where: { ...scope, importJob: { status: { in: ["completed", "failed"] } } },
  });
  return { jobs: jobs.count, rows: rows.count };
}
