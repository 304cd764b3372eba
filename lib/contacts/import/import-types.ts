import { z } from "zod";

/**
 * The JSON contract of the CSV import (client-side §7) and the vocabulary it shares between the upload
 * modal (browser) and the server. Pure: safe in the browser bundle.
 *
 * Two ways in, one core (lib/contacts/import/import-jobs.ts):
 * - the chunked upload the modal uses: POST /api/contacts/import-jobs (options, totalRows) → jobId;
 *   POST /api/contacts/import-jobs/{id}/chunks {index, contacts} for each part of at most
 *   MAX_IMPORT_CHUNK_BYTES of JSON (a retried index is staged once); POST …/{id}/commit → the answer
 *   below; DELETE …/{id} cancels. No request comes near a serverless host's ~4 MB body limit.
 * - POST /api/contacts/bulk-import {contacts, overwriteExisting, agentId}: the same in one request, for
 *   scripts and small files.
 *
 * The browser parses the file (parse-csv), maps columns (column-mapping), lets the user review carrier
 * and plan mappings, then sends one object per data row with the *mapped* values as strings. The
 * server validates every row again (validate-row) and is the authority.
 *
 * currentCarrier: send the standard carrier name the user chose, or the ORIGINAL text when the choice
 * is "Other" (the server keeps the original text for unrecognized carriers, domain-rules D.1.3).
 */

/** The 11 mappable fields, in the order of the canonical template (public/example.csv). */
export const IMPORT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "currentCarrier",
  "planType",
  "effectiveDate",
  "birthDate",
  "tobaccoUser",
  "gender",
  "zipCode",
  "phoneNumber",
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Column labels of the mapping dropdowns, the template and the error-row download. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  currentCarrier: "Current Carrier",
  planType: "Plan Type",
  effectiveDate: "Effective Date",
  birthDate: "Birth Date",
  tobaccoUser: "Tobacco User",
  gender: "Gender",
  zipCode: "ZIP Code",
  phoneNumber: "Phone Number",
};

/** Largest CSV file the modal accepts (checked on File.size before parsing). */
export const MAX_IMPORT_FILE_BYTES = 20 * 1024 * 1024;
/**
 * Largest JSON body the route accepts. The JSON of a file repeats the field names on every row, so it
 * is about 2.3× the CSV: 50 MB covers a 20 MB file. (50,000 rows ≈ 6 MB of CSV ≈ 14 MB of JSON.)
 */
export const MAX_IMPORT_BODY_BYTES = 50 * 1024 * 1024;
/** Rows per import (a 20 MB file of typical rows is about 170,000). */
export const MAX_IMPORT_ROWS = 200_000;
/**
 * The browser cuts the rows into chunks of at most this many bytes of JSON (UTF-8), about 5,000 typical
 * rows; a serverless host refuses request bodies over about 4 MB.
 */
export const MAX_IMPORT_CHUNK_BYTES = 1.5 * 1024 * 1024;
/** Largest chunk request the server accepts: the chunk, its envelope and room for one very long row. */
export const MAX_IMPORT_CHUNK_BODY_BYTES = 2 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  emptyFile: "CSV file is empty",
  noHeaders: "CSV file has no header row",
  notCsv: "CSV format invalid: the file does not look like a CSV text file.",
  noValidContacts: "No valid contacts found in CSV. Please check email formats.",
  forbidden: "You don't have permission to upload contacts. Please contact your administrator.",
  tooLarge: "The file is too large. The limit is 20 MB.",
  tooManyRows: `The file has too many rows. The limit is ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows per upload.`,
  agentNotFound: "Agent not found",
  invalidEmail: "Invalid email format",
  chunkTooLarge: "A part of the upload is too large (over 2 MB). Check the file for a row with a very long cell.",
  uploadNotFound: "Upload not found. Please upload the file again.",
  uploadFinished: "This upload is already finished. Please upload the file again to import more contacts.",
  uploadExpired: "This upload has expired. Please upload the file again.",
  uploadTooManyRows: "The upload has more rows than announced. Please upload the file again.",
  uploadIncomplete: (received: number, total: number) =>
    `The upload is incomplete: ${received.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} rows arrived. Nothing was imported. Please upload the file again.`,
  importFailed: "The import failed. Nothing was imported. Please try again.",
} as const;

// No length limit per cell (the body limit bounds them): a value longer than its column allows is that
// row's error, not a 422 for the whole file.
const cell = z.string().default("");

export const importContactSchema = z.object({
  /** The spreadsheet line of the row: data index + 2 (line 1 is the header). */
  rowNumber: z.number().int().min(1),
  firstName: cell,
  lastName: cell,
  email: cell,
  phoneNumber: cell,
  currentCarrier: cell,
  effectiveDate: cell,
  birthDate: cell,
  tobaccoUser: cell,
  gender: cell,
  zipCode: cell,
  planType: cell,
  /** Optional extra columns: a two-letter state (or its name) and a county name. */
  state: cell.optional(),
  county: cell.optional(),
  /** Optional extra columns: the street line ("Address", "Street") and the unit ("Address 2", "Apt"). */
  streetAddress: cell.optional(),
  addressUnit: cell.optional(),
});

/** The choices that apply to every row of an import. */
export const importOptionsSchema = z.object({
  /** Admin only; forced off for anyone else, on the server too. */
  overwriteExisting: z.boolean().default(false),
  /** Agent every imported row is assigned to; forced to the caller for non-admin agents. */
  agentId: z.uuid().nullable().default(null),
  /** Shown in the import history; optional. */
  fileName: z.string().max(255).optional(),
});

const importRowsSchema = z.array(importContactSchema).max(MAX_IMPORT_ROWS, { error: IMPORT_MESSAGES.tooManyRows });

/** POST /api/contacts/bulk-import: every row in one request. */
export const bulkImportRequestSchema = importOptionsSchema.extend({ contacts: importRowsSchema });

/** POST /api/contacts/import-jobs: opens a chunked upload of `totalRows` rows. */
export const createImportJobSchema = importOptionsSchema.extend({
  totalRows: z
    .number()
    .int()
    .min(1, { error: IMPORT_MESSAGES.noValidContacts })
    .max(MAX_IMPORT_ROWS, { error: IMPORT_MESSAGES.tooManyRows }),
});

/** POST /api/contacts/import-jobs/{id}/chunks: the rows of part `index` (0-based, in file order). */
export const importChunkSchema = z.object({
  index: z.number().int().min(0).max(MAX_IMPORT_ROWS),
  contacts: importRowsSchema.min(1),
});

/** The import job in the URL of the chunk, commit and cancel calls. */
export const importJobParamsSchema = z.object({ id: z.uuid() });

export type ImportContactInput = z.input<typeof importContactSchema>;
export type ImportContact = z.output<typeof importContactSchema>;
export type BulkImportRequest = z.output<typeof bulkImportRequestSchema>;
export type BulkImportRequestInput = z.input<typeof bulkImportRequestSchema>;
export type ImportOptions = z.output<typeof importOptionsSchema>;
export type CreateImportJobRequest = z.output<typeof createImportJobSchema>;
export type ImportChunkRequest = z.output<typeof importChunkSchema>;
export type ImportChunkRequestInput = z.input<typeof importChunkSchema>;

export type CreateImportJobResponse = { success: true; jobId: string };
/** `alreadyStaged`: this index had arrived before (a retry); nothing was staged twice. */
export type ImportChunkResponse = {
  success: true;
  jobId: string;
  index: number;
  stagedRows: number;
  alreadyStaged: boolean;
};

/** The submitted values of a row, as the error-row download shows them. */
export type ImportRowValues = Record<ImportField, string>;

export type ImportErrorRow = { rowNumber: number; values: ImportRowValues; error: string };
export type InvalidEmailRow = { rowNumber: number; email: string };
export type CarrierConversion = { rowNumber: number; original: string; mappedTo: string };

export type BulkImportResponse = {
  success: true;
  /** "Successfully imported N contacts (M skipped)." */
  message: string;
  /** Rows received. */
  totalRows: number;
  newContacts: number;
  /** Existing contacts (same email) overwritten; always 0 when overwrite is off. */
  updatedContacts: number;
  /** Rows not written: invalid emails, error rows and existing emails left alone. */
  skippedRows: number;
  /** Rows matching an existing contact (same email) left unchanged because overwrite was off; not errors. */
  unchangedContacts: number;
  errorRows: ImportErrorRow[];
  invalidEmails: InvalidEmailRow[];
  carrierConversions: CarrierConversion[];
  /**
   * Households the import newly suggested (two contacts now at one address, docs/households.md); 0 when the
   * import wrote no address that could pair anyone.
   */
  householdsSuggested: number;
  importJobId: string;
};

export function rowValues(row: Partial<Record<ImportField, string>>): ImportRowValues {
  const values = {} as ImportRowValues;
  for (const field of IMPORT_FIELDS) values[field] = row[field] ?? "";
  return values;
}
