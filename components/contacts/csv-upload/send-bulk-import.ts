/**
 * POST /api/contacts/bulk-import over XMLHttpRequest, which (unlike fetch) reports upload progress.
 * Resolves with the status and the parsed JSON body (null when the body is not JSON); never rejects:
 * a network failure is status 0, an abort is `aborted: true`.
 */

export const BULK_IMPORT_URL = "/api/contacts/bulk-import";

export type BulkImportReply = { status: number; body: unknown; aborted: boolean };

export type SendBulkImportOptions = {
  /** The JSON request body, already serialised. */
  body: string;
  /** Fraction of the body sent so far (0 to 1). */
  onUploadProgress?: (fraction: number) => void;
  /** Called once the whole body is sent: from then on the server is working. */
  onUploaded?: () => void;
  signal?: AbortSignal;
};

export function sendBulkImport({ body, onUploadProgress, onUploaded, signal }: SendBulkImportOptions): Promise<BulkImportReply> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let settled = false;
    const finish = (reply: BulkImportReply) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      resolve(reply);
    };
    const onAbort = () => {
      xhr.abort();
      finish({ status: 0, body: null, aborted: true });
    };

    xhr.open("POST", BULK_IMPORT_URL);
    xhr.setRequestHeader("Content-Type", "application/json");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.upload.onload = () => {
      onUploadProgress?.(1);
      onUploaded?.();
    };
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
    xhr.send(body);
  });
}
