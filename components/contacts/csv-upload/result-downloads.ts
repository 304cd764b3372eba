import { rowValues, type BulkImportResponse, type ImportContactInput } from "@/lib/contacts/import/import-types";
import {
  CARRIER_CONVERSIONS_FILE_NAME,
  carrierConversionsCsv,
  uploadErrorsCsv,
  UPLOAD_ERRORS_FILE_NAME,
} from "@/lib/contacts/import/write-csv";

/**
 * The two downloads of the result panels (client-side §2): the error rows to fix and re-upload, and the
 * rows whose carrier was not recognized. Both are written by the engine's toCsv-based writers, so a
 * cell starting with = + - @ is neutralised. Pure, except saveCsvFile (the browser's download).
 */

export const ERROR_ROWS_FILE_NAME = UPLOAD_ERRORS_FILE_NAME;
export const UNRECOGNIZED_CARRIERS_FILE_NAME = CARRIER_CONVERSIONS_FILE_NAME;

export type CsvDownload = { fileName: string; text: string };

/** upload_errors.csv: Row (the spreadsheet line), the 11 fields as submitted, Error. */
export function errorRowsDownload(result: Pick<BulkImportResponse, "errorRows">): CsvDownload {
  return { fileName: ERROR_ROWS_FILE_NAME, text: uploadErrorsCsv(result.errorRows) };
}

/** unrecognized_carriers.csv: Row, the 11 fields as sent, Original Carrier. */
export function unrecognizedCarriersDownload(
  result: Pick<BulkImportResponse, "carrierConversions">,
  sent: readonly ImportContactInput[],
): CsvDownload {
  const byRow = new Map<number, ImportContactInput>();
  for (const contact of sent) byRow.set(contact.rowNumber, contact);
  return {
    fileName: UNRECOGNIZED_CARRIERS_FILE_NAME,
    text: carrierConversionsCsv(result.carrierConversions, (rowNumber) => {
      const contact = byRow.get(rowNumber);
      return contact ? rowValues(contact) : undefined;
    }),
  };
}

/** Hands a CSV text to the browser as a file download. */
export function saveCsvFile({ fileName, text }: CsvDownload): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
