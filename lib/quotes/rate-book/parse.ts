import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Papa from "papaparse";

/**
 * Rate book loading, stage 1 of 3 (parse → validate.ts → write.ts): the CSV files of a rate-book
 * directory (lib/quotes/RATE-BOOK-FORMAT.md) as rows with their line numbers, and the errors of the
 * files themselves (missing file, missing columns, malformed CSV). Nothing here judges a value.
 */

export const RATE_BOOK_FILES = {
  book: "rate_book.csv",
  filings: "filings.csv",
  areas: "areas.csv",
  cells: "cells.csv",
  householdDiscounts: "household_discounts.csv",
  riders: "riders.csv",
  carriers: "carriers.csv",
} as const;

export type RateBookFile = keyof typeof RATE_BOOK_FILES;

/** The columns each file must have, and whether the file may be absent. */
export const RATE_BOOK_COLUMNS: Record<RateBookFile, { required: readonly string[]; optionalFile: boolean }> = {
  book: { required: ["name", "is_sample"], optionalFile: false },
  filings: {
    required: ["filing_key", "carrier_naic", "state", "effective_date", "rating_method"],
    optionalFile: false,
  },
  areas: { required: ["carrier_naic", "state", "kind", "code", "area_code"], optionalFile: false },
  cells: {
    required: ["filing_key", "plan", "area_code", "age", "gender", "tobacco", "rate_cents"],
    optionalFile: false,
  },
  householdDiscounts: { required: ["filing_key", "pct_bps", "category"], optionalFile: true },
  riders: { required: ["filing_key", "rider_id", "rate_cents"], optionalFile: true },
  carriers: { required: ["carrier_naic", "am_best_rating"], optionalFile: true },
};

export type CsvRow = Record<string, string>;
/** line: 1-based, the header is line 1; null for an error of the whole file. */
export type CsvFileError = { line: number | null; message: string };
export type ParsedCsv = { rows: CsvRow[]; lines: number[]; errors: CsvFileError[] };
export type RateBookFiles = Record<RateBookFile, ParsedCsv>;

/** One file's text (null: the file is absent) → its rows, line numbers and file errors. Pure. */
export function parseRateBookCsv(
  text: string | null,
  { required, optionalFile }: { required: readonly string[]; optionalFile: boolean },
): ParsedCsv {
  if (text === null)
    return { rows: [], lines: [], errors: optionalFile ? [] : [{ line: null, message: "file is missing" }] };
  const parsed = Papa.parse<CsvRow>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim(),
  });
  const fields = parsed.meta.fields ?? [];
  const missing = required.filter((column) => !fields.includes(column));
  if (missing.length > 0)
    return { rows: [], lines: [], errors: [{ line: 1, message: `missing column(s) ${missing.join(", ")}` }] };
  const errors = parsed.errors.map((e) => ({ line: e.row === undefined ? null : e.row + 2, message: e.message }));
  // Line numbers: the header is line 1 and the files have no multi-line fields.
  return { rows: parsed.data, lines: parsed.data.map((_, i) => i + 2), errors };
}

/** Reads and parses every file of the directory. */
export function readRateBookDir(dir: string): RateBookFiles {
  const read = (file: RateBookFile): ParsedCsv => {
    const path = join(dir, RATE_BOOK_FILES[file]);
    return parseRateBookCsv(existsSync(path) ? readFileSync(path, "utf8") : null, RATE_BOOK_COLUMNS[file]);
  };
  return {
    book: read("book"),
    filings: read("filings"),
    areas: read("areas"),
    cells: read("cells"),
    householdDiscounts: read("householdDiscounts"),
    riders: read("riders"),
    carriers: read("carriers"),
  };
}
