import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  type CarrierConversion,
  type ImportErrorRow,
  type ImportRowValues,
} from "@/lib/contacts/import/import-types";

/**
 * Every CSV the app writes goes through toCsv: RFC 4180 quoting (every value double-quoted, quotes
 * doubled, CRLF line ends) and CSV formula injection neutralised (OWASP): a cell starting with
 * = + - @, a tab or a carriage return gets a leading apostrophe, so a spreadsheet shows it as text
 * instead of evaluating it. Pure.
 */

export type CsvCell = string | number | boolean | null | undefined;

export const UPLOAD_ERRORS_FILE_NAME = "upload_errors.csv";
export const CARRIER_CONVERSIONS_FILE_NAME = "unrecognized_carriers.csv";

/** Excel opens a UTF-8 file with accents and emoji correctly only with a byte-order mark. */
const BOM = "\ufeff";

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeCell(value: CsvCell): string {
  const text = value === null || value === undefined ? "" : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return (
    rows.map((row) => row.map((cell) => `"${neutralizeCell(cell).replace(/"/g, '""')}"`).join(",")).join("\r\n") +
    (rows.length ? "\r\n" : "")
  );
}

const fieldLabels = () => IMPORT_FIELDS.map((f) => IMPORT_FIELD_LABELS[f]);
const fieldValues = (values: ImportRowValues | undefined) => IMPORT_FIELDS.map((f) => values?.[f] ?? "");

/** upload_errors.csv (D.2 output): Row (spreadsheet line), the 11 fields as submitted, Error. */
export function uploadErrorsCsv(errorRows: readonly ImportErrorRow[]): string {
  return (
    BOM +
    toCsv([
      ["Row", ...fieldLabels(), "Error"],
      ...errorRows.map((r) => [r.rowNumber, ...fieldValues(r.values), r.error]),
    ])
  );
}

/** unrecognized_carriers.csv (the D.2 carrier-conversions output): Row, the 11 fields, Original Carrier. */
export function carrierConversionsCsv(
  conversions: readonly CarrierConversion[],
  valuesOfRow: (rowNumber: number) => ImportRowValues | undefined,
): string {
  return (
    BOM +
    toCsv([
      ["Row", ...fieldLabels(), "Original Carrier"],
      ...conversions.map((c) => [c.rowNumber, ...fieldValues(valuesOfRow(c.rowNumber)), c.original]),
    ])
  );
}
