import Papa, { type ParseConfig, type ParseError } from "papaparse";
import { IMPORT_MESSAGES } from "@/lib/contacts/import/import-types";

/**
 * CSV parsing for the import (client-side §2 "CSV upload modal"), with papaparse: delimiter detected
 * (comma, semicolon, tab, pipe), quoted fields with embedded commas, quotes and newlines, CRLF / LF /
 * CR-only line endings, a UTF-8 byte-order mark stripped. Pure and browser-safe; never throws.
 *
 * Browser use with a worker and progress (same post-processing as parseCsvText):
 *
 *   const acc = createCsvAccumulator();
 *   Papa.parse(file, { ...CSV_PARSE_CONFIG, worker: true,
 *     chunk: (res) => { acc.push(res.data as string[][], res.errors); setProgress(res.meta.cursor / file.size); },
 *     complete: () => done(acc.finish()) });
 */

export type CsvRecord = {
  /** Spreadsheet line of the record: line 1 is the header, so the first data row is 2. */
  rowNumber: number;
  values: string[];
};

export type ParsedCsv = {
  /** Trimmed, unique, never empty ("Column 3" for a blank header, "Email (2)" for a repeated one). */
  headers: string[];
  /** Data rows; rows whose cells are all blank are left out (their line numbers are not reused). */
  rows: CsvRecord[];
  delimiter: string;
  /** Problems worth showing. The first entry is fatal when headers is empty (empty, not CSV, no header). */
  errors: string[];
};

/** The papaparse options the import uses; spread them into Papa.parse(file, …) in the browser. */
export const CSV_PARSE_CONFIG: Pick<
  ParseConfig,
  "header" | "dynamicTyping" | "skipEmptyLines" | "delimiter" | "quoteChar" | "escapeChar" | "delimitersToGuess"
> = {
  header: false,
  dynamicTyping: false,
  skipEmptyLines: false,
  delimiter: "", // detected; newline too (CRLF, LF or CR)
  quoteChar: '"',
  escapeChar: '"',
  delimitersToGuess: [",", ";", "\t", "|"],
};

const MAX_REPORTED_ERRORS = 20;
const BOM = "\ufeff";

/**
 * True when a sample of the file (its first few KB, decoded as text) looks binary: NUL bytes, many
 * control characters or many U+FFFD replacement characters (bytes that are not UTF-8 text).
 */
export function looksBinary(sample: string): boolean {
  const head = sample.slice(0, 8192);
  if (head.length === 0) return false;
  let suspicious = 0;
  for (let i = 0; i < head.length; i++) {
    const code = head.charCodeAt(i);
    if (code === 0) return true;
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) || code === 0xfffd) suspicious++;
  }
  return suspicious / head.length > 0.05;
}

function uniqueHeaders(raw: string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((value, index) => {
    let name = value
      .replace(/^\ufeff/, "")
      .replace(/\s+/g, " ")
      .trim();
    if (name === "") name = `Column ${index + 1}`;
    const key = name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count > 1) {
      let candidate = `${name} (${count})`;
      while (seen.has(candidate.toLowerCase())) candidate = `${candidate}'`;
      seen.set(candidate.toLowerCase(), 1);
      name = candidate;
    }
    return name;
  });
}

const isBlankRow = (values: string[]) => values.every((v) => v.trim() === "");

function describe(error: ParseError): string {
  const where = typeof error.row === "number" ? ` (near row ${error.row + 1})` : "";
  return `${error.message}${where}`;
}

/** Collects papaparse chunks (header: false) into headers and numbered records. */
export function createCsvAccumulator() {
  let headers: string[] | null = null;
  let recordIndex = 0;
  const rows: CsvRecord[] = [];
  const errors: string[] = [];
  let delimiter = ",";

  return {
    push(data: unknown[][], parseErrors: ParseError[] = [], meta?: { delimiter?: string }) {
      if (meta?.delimiter) delimiter = meta.delimiter;
      for (const error of parseErrors) {
        // A one-column file has no delimiter to find; that is not a problem worth showing.
        if (error.code === "UndetectableDelimiter") continue;
        if (errors.length < MAX_REPORTED_ERRORS) errors.push(describe(error));
      }
      for (const raw of data) {
        recordIndex++;
        // papaparse (header: false, no dynamic typing) gives arrays of strings: keep them, copy only odd rows.
        const values = !Array.isArray(raw)
          ? []
          : raw.every((v) => typeof v === "string")
            ? (raw as string[])
            : raw.map((v) => (v == null ? "" : String(v)));
        if (headers === null) {
          if (isBlankRow(values)) continue; // blank lines before the header
          headers = uniqueHeaders(values);
          continue;
        }
        if (isBlankRow(values)) continue;
        rows.push({ rowNumber: recordIndex, values });
      }
    },
    finish(): ParsedCsv {
      if (headers === null) return { headers: [], rows: [], delimiter, errors: [IMPORT_MESSAGES.noHeaders, ...errors] };
      const width = headers.length;
      for (const row of rows) while (row.values.length < width) row.values.push("");
      return { headers, rows, delimiter, errors };
    },
  };
}

/** Parses a whole CSV text. Never throws: garbage yields no headers and an error. */
export function parseCsvText(text: string): ParsedCsv {
  try {
    const input = typeof text === "string" ? (text.startsWith(BOM) ? text.slice(1) : text) : "";
    if (input.trim() === "") return { headers: [], rows: [], delimiter: ",", errors: [IMPORT_MESSAGES.emptyFile] };
    if (looksBinary(input)) return { headers: [], rows: [], delimiter: ",", errors: [IMPORT_MESSAGES.notCsv] };
    const result = Papa.parse<string[]>(input, CSV_PARSE_CONFIG);
    const acc = createCsvAccumulator();
    acc.push(result.data, result.errors, result.meta);
    return acc.finish();
  } catch {
    return { headers: [], rows: [], delimiter: ",", errors: [IMPORT_MESSAGES.notCsv] };
  }
}

/** The unique trimmed non-empty values of one column (for the carrier and plan mapping lists). */
export function uniqueColumnValues(parsed: Pick<ParsedCsv, "headers" | "rows">, header: string | null): string[] {
  if (!header) return [];
  const index = parsed.headers.indexOf(header);
  if (index === -1) return [];
  const seen = new Set<string>();
  for (const row of parsed.rows) {
    const value = (row.values[index] ?? "").trim();
    if (value) seen.add(value);
  }
  return [...seen].sort((a, b) => a.localeCompare(b));
}
