import { importChunkBody, planImportChunks } from "@/lib/contacts/import/import-chunks";
import { MAX_IMPORT_CHUNK_BYTES } from "@/lib/contacts/import/import-types";

/**
 * The upload of a CSV import in chunks (lib/contacts/import/import-jobs.ts): open the job, send the rows
 * in parts of at most 1.5 MB of JSON with upload progress, then commit. A chunk that fails on the way
 * (network error, 5xx, 429) is sent again — the server stages an index once. Cancelling (the signal)
 * stops the upload and deletes the job, so nothing is imported; once the commit is under way it runs to
 * its end on the server. Requests go over XMLHttpRequest, which (unlike fetch) reports upload progress.
 */

export const IMPORT_JOBS_URL = "/api/contacts/import-jobs";

/** The status and parsed JSON body (null when not JSON); a network failure is status 0, an abort `aborted`. */
export type ImportReply = { status: number; body: unknown; aborted: boolean };

export type SendJsonOptions = {
  url: string;
  method?: "POST" | "DELETE";
  /** The JSON request body, already serialised. */
  body?: string;
  /** Fraction of the body sent so far (0 to 1). */
  onUploadProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** One JSON request over XMLHttpRequest. Never rejects. */
export function sendJson({
  url,
  method = "POST",
  body,
  onUploadProgress,
  signal,
}: SendJsonOptions): Promise<ImportReply> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let settled = false;
    const finish = (reply: ImportReply) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      resolve(reply);
    };
    const onAbort = () => {
      xhr.abort();
      finish({ status: 0, body: null, aborted: true });
    };

    xhr.open(method, url);
    xhr.setRequestHeader("Content-Type", "application/json");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.upload.onload = () => onUploadProgress?.(1);
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null;
      }
      finish({ status: xhr.status, body: parsed, aborted: false });
    };
    xhr.onerror = () => finish({ status: 0, body: null, aborted: false });
    xhr.ontimeout = () => finish({ status: 0, body: null, aborted: false });
    xhr.onabort = () => finish({ status: 0, body: null, aborted: true });

    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener("abort", onAbort);
    xhr.send(body ?? null);
  });
}

/** Where the upload is: sending chunk `chunk` of `chunks` (overall fraction sent), or the server committing. */
export type ImportProgress =
  { step: "sending"; chunk: number; chunks: number; fraction: number } | { step: "processing" };

export type SendImportOptions = {
  /** Each row's JSON, in file order (build-import-request). */
  rowJson: readonly string[];
  overwriteExisting: boolean;
  agentId: string | null;
  fileName?: string;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
  maxChunkBytes?: number;
  /** Attempts after the first for a chunk that failed on the way. */
  retries?: number;
  /** Awaited before a retry (default: 1 s, then 2 s, …). */
  wait?: (attempt: number) => Promise<void>;
};

const ok = (reply: ImportReply) => reply.status >= 200 && reply.status < 300;
const retryable = (reply: ImportReply) =>
  !reply.aborted && (reply.status === 0 || reply.status === 429 || reply.status >= 500);
const pause = (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, 1000 * attempt));

/** Opens the job, sends every chunk, commits; resolves with the commit's reply or the first failure. */
export async function sendImportInChunks({
  rowJson,
  overwriteExisting,
  agentId,
  fileName,
  onProgress,
  signal,
  maxChunkBytes = MAX_IMPORT_CHUNK_BYTES,
  retries = 2,
  wait = pause,
}: SendImportOptions): Promise<ImportReply> {
  const chunks = planImportChunks(rowJson, maxChunkBytes);
  onProgress?.({ step: "sending", chunk: 1, chunks: chunks.length, fraction: 0 });
  const options = { overwriteExisting, agentId, ...(fileName ? { fileName: fileName.slice(0, 255) } : {}) };
  const created = await sendJson({
    url: IMPORT_JOBS_URL,
    body: JSON.stringify({ ...options, totalRows: rowJson.length }),
    signal,
  });
  if (created.aborted || !ok(created)) return created;
  const jobId = (created.body as { jobId?: unknown } | null)?.jobId;
  if (typeof jobId !== "string") return { status: 500, body: null, aborted: false };
  const jobUrl = `${IMPORT_JOBS_URL}/${encodeURIComponent(jobId)}`;
  // Nothing of a job that will not be committed should wait for the nightly cleanup.
  const discard = async <T>(reply: T) => {
    await sendJson({ url: jobUrl, method: "DELETE" });
    return reply;
  };

  for (const chunk of chunks) {
    const body = importChunkBody(chunk, rowJson);
    const onUploadProgress = (sent: number) =>
      onProgress?.({
        step: "sending",
        chunk: chunk.index + 1,
        chunks: chunks.length,
        fraction: (chunk.index + sent) / chunks.length,
      });
    for (let attempt = 0; ; attempt++) {
      onUploadProgress(0);
      const reply = await sendJson({ url: `${jobUrl}/chunks`, body, onUploadProgress, signal });
      if (reply.aborted) return discard(reply);
      if (ok(reply)) break;
      if (!retryable(reply) || attempt >= retries) return discard(reply);
      await wait(attempt + 1);
      if (signal?.aborted) return discard({ status: 0, body: null, aborted: true });
    }
  }
  onProgress?.({ step: "processing" });
  return sendJson({ url: `${jobUrl}/commit`, signal });
}
