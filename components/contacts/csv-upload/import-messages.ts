import { readErrorBody } from "@/lib/api/browser-client";
import { IMPORT_FIELD_LABELS, IMPORT_MESSAGES, type ImportErrorRow } from "@/lib/contacts/import/import-types";

/**
 * The CSV upload modal's user-facing texts (client-side.md §2 "CSV upload modal", §6, §8 "Bulk import")
 * and the mapping of a failed import call (opening the job, a chunk, the commit) to the text shown under
 * "Error uploading CSV". Pure.
 */

export const CSV_UPLOAD_MESSAGES = {
  errorTitle: "Error uploading CSV",
  badRequest: "CSV format invalid",
  tooLarge: IMPORT_MESSAGES.tooLarge,
  forbidden: IMPORT_MESSAGES.forbidden,
  sessionExpired: "Session expired. Please log in again.",
  network: "Network error",
  notConfigured: "Column mapping or carrier mapping not configured",
  noValidContacts: IMPORT_MESSAGES.noValidContacts,
  emptyFile: IMPORT_MESSAGES.emptyFile,
  noHeaders: IMPORT_MESSAGES.noHeaders,
  readFailed: "The file could not be read. Please try again.",
  cancelled: "Upload cancelled. Nothing was imported.",
  serverError: (status: number) => `Server error (status ${status})`,
} as const;

export type UploadFailure = { message: string; detail: string | null };

/** The server's words: the one error shape's message (lib/api/browser-client readErrorBody), else a result's own `message`. */
function serverMessage(body: unknown): string | null {
  const error = readErrorBody(body).message?.trim();
  if (error) return error;
  const message = body && typeof body === "object" ? (body as { message?: unknown }).message : undefined;
  return typeof message === "string" && message.trim() ? message.trim() : null;
}

/**
 * The text for a failed bulk import (§8): 400 CSV format invalid, 413 file too large, 403 no permission,
 * any other status "Server error (status N)"; status 0 is a network failure. The server's own words, when
 * it gave some and they add something, go in `detail` (a 400 "No valid contacts found…", a 409 plan
 * limit, a 422 naming the invalid field); a 5xx never carries them.
 */
export function bulkImportFailure(status: number, body: unknown): UploadFailure {
  const fromServer = serverMessage(body);
  const withDetail = (message: string): UploadFailure => ({
    message,
    detail: fromServer && fromServer !== message ? fromServer : null,
  });
  if (status === 0) return { message: CSV_UPLOAD_MESSAGES.network, detail: null };
  if (status === 400 || status === 422) return withDetail(CSV_UPLOAD_MESSAGES.badRequest);
  if (status === 401) return { message: CSV_UPLOAD_MESSAGES.sessionExpired, detail: null };
  if (status === 403) return { message: CSV_UPLOAD_MESSAGES.forbidden, detail: null };
  if (status === 413) return withDetail(CSV_UPLOAD_MESSAGES.tooLarge);
  if (status >= 200 && status < 300) return { message: fromServer ?? CSV_UPLOAD_MESSAGES.badRequest, detail: null };
  // Other refusals (404 agent not found, 409 plan contact limit) keep the server's explanation as detail.
  if (status < 500) return withDetail(CSV_UPLOAD_MESSAGES.serverError(status));
  return { message: CSV_UPLOAD_MESSAGES.serverError(status), detail: null };
}

/** "1.5 MB", "820 KB": the file size next to "File selected: …". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * Re-uploading the same file with overwrite off: the rows whose email is already a contact are not
 * errors. "12 rows match existing contacts and were left unchanged (turn on overwrite to update them)."
 * The hint is for those who may overwrite (admins).
 */
export function unchangedRowsMessage(rows: number, canOverwrite: boolean): string {
  const one = rows === 1;
  const hint = canOverwrite ? ` (turn on overwrite to update ${one ? "it" : "them"})` : "";
  return `${rows.toLocaleString("en-US")} ${one ? "row matches an existing contact and was" : "rows match existing contacts and were"} left unchanged${hint}.`;
}

/**
 * The households the import suggested (docs/households.md), shown under the result only when there are some:
 * "2 possible households found — review them on each contact's page."
 */
export function householdsFoundMessage(households: number): string {
  const one = households === 1;
  return `${households.toLocaleString("en-US")} possible ${one ? "household" : "households"} found — review ${one ? "it" : "them"} on each contact's page.`;
}

/** One problem of an error row, as the result panel lists it. */
export type RowProblem = { rowNumber: number; column: string; reason: string };

// Longest first, so that "Email" does not claim a longer label's text.
const COLUMN_LABELS = [...Object.values(IMPORT_FIELD_LABELS), "State", "County"].sort((a, b) => b.length - a.length);
const MISSING = "Missing values for: ";

/**
 * An error row's text ("Missing values for: First Name; Birth Date: February 29, 1950 does not exist …")
 * as one problem per column: row, column, reason. Pure.
 */
export function rowProblems(row: Pick<ImportErrorRow, "rowNumber" | "error">): RowProblem[] {
  const problems: RowProblem[] = [];
  for (const part of row.error.split("; ").filter(Boolean)) {
    if (part.startsWith(MISSING)) {
      for (const column of part.slice(MISSING.length).split(", "))
        problems.push({ rowNumber: row.rowNumber, column, reason: "Missing value (required)" });
      continue;
    }
    if (part.startsWith("Duplicate email")) {
      problems.push({ rowNumber: row.rowNumber, column: IMPORT_FIELD_LABELS.email, reason: part });
      continue;
    }
    const column = COLUMN_LABELS.find((label) => part.startsWith(label));
    const reason = column && part.startsWith(`${column}: `) ? part.slice(column.length + 2) : part;
    problems.push({ rowNumber: row.rowNumber, column: column ?? "", reason });
  }
  return problems;
}
