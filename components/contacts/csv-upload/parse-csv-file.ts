import Papa, { type ParseError, type ParseResult } from "papaparse";
import { IMPORT_MESSAGES, MAX_IMPORT_FILE_BYTES } from "@/lib/contacts/import/import-types";
import { CSV_UPLOAD_MESSAGES } from "@/components/contacts/csv-upload/import-messages";
import { CSV_PARSE_CONFIG, createCsvAccumulator, looksBinary, type ParsedCsv } from "@/lib/contacts/import/parse-csv";

/**
 * Parses a CSV File in the browser: in a papaparse worker when the browser has Workers (the page never
 * freezes on 50,000 rows), streamed in chunks otherwise, with progress as the fraction of the file read.
 * The size is checked before anything is read. Rejects with a CsvFileError carrying the text to show.
 */

export class CsvFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvFileError";
  }
}

export type ParseCsvFileOptions = {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** Bytes handed to the parser per chunk: small enough for a smooth progress bar. */
const CHUNK_BYTES = 256 * 1024;

/** The refusal for a file before reading it, or null when it may be read. */
export function fileRefusal(file: Pick<File, "size">): string | null {
  if (file.size > MAX_IMPORT_FILE_BYTES) return IMPORT_MESSAGES.tooLarge;
  if (file.size === 0) return IMPORT_MESSAGES.emptyFile;
  return null;
}

async function readSample(file: File): Promise<string> {
  const blob = file.slice(0, 8192);
  if (typeof blob.text === "function") return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const abortError = () => new DOMException("Parsing cancelled", "AbortError");

export async function parseCsvFile(file: File, { onProgress, signal }: ParseCsvFileOptions = {}): Promise<ParsedCsv> {
  const refusal = fileRefusal(file);
  if (refusal) throw new CsvFileError(refusal);

  let sample: string;
  try {
    sample = await readSample(file);
  } catch {
    throw new CsvFileError(CSV_UPLOAD_MESSAGES.readFailed);
  }
  if (signal?.aborted) throw abortError();
  if (looksBinary(sample.replace(/^\ufeff/, ""))) throw new CsvFileError(IMPORT_MESSAGES.notCsv);

  const parsed = await new Promise<ParsedCsv>((resolve, reject) => {
    const acc = createCsvAccumulator();
    let bytesSeen = 0;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      fn();
    };
    const onAbort = () => settle(() => reject(abortError()));
    signal?.addEventListener("abort", onAbort);

    // The shared options, with "" (auto-detect) line endings spelled as papaparse's types want them.
    const { newline, ...shared } = CSV_PARSE_CONFIG as Omit<typeof CSV_PARSE_CONFIG, "newline"> & { newline?: string };
    const config = {
      ...shared,
      newline: (newline || undefined) as Papa.ParseConfig["newline"],
      worker: typeof Worker !== "undefined" && Papa.WORKERS_SUPPORTED,
      chunkSize: CHUNK_BYTES,
      chunk: (results: ParseResult<string[]>, parser: Papa.Parser) => {
        if (settled) {
          parser?.abort?.();
          return;
        }
        acc.push(results.data, results.errors as ParseError[], results.meta);
        bytesSeen += CHUNK_BYTES;
        const cursor = typeof results.meta.cursor === "number" ? results.meta.cursor : 0;
        onProgress?.(Math.min(0.99, Math.max(bytesSeen, cursor) / file.size));
      },
      complete: () =>
        settle(() => {
          onProgress?.(1);
          resolve(acc.finish());
        }),
      error: () => settle(() => reject(new CsvFileError(CSV_UPLOAD_MESSAGES.readFailed))),
    } as Papa.ParseLocalConfig<string[], File>;
    try {
      Papa.parse<string[], File>(file, config);
    } catch {
      // A browser that refuses blob workers (a strict Content-Security-Policy): parse in chunks on the page.
      Papa.parse<string[], File>(file, { ...config, worker: false } as Papa.ParseLocalConfig<string[], File>);
    }
  });
  return parsed;
}
