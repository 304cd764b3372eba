import "server-only";
import { prisma } from "@/lib/db";
import { readRateBookDir } from "@/lib/quotes/rate-book/parse";
import { validateRateBook } from "@/lib/quotes/rate-book/validate";
import { writeRateBook } from "@/lib/quotes/rate-book/write";
import { clearQuoteCaches } from "@/lib/quotes/quote-provider-for-env";

/**
 * Imports a rate book from a directory of CSV files (formats: lib/quotes/RATE-BOOK-FORMAT.md) in three
 * stages, each in its own module under lib/quotes/rate-book/: parse (the files into rows with line
 * numbers), validate (every value; any error, with file and line, aborts before a single write) and
 * write (one transaction: the book of the same name is replaced; a database failure rolls the whole load
 * back). Loading the same files again leaves the same rate book (idempotent).
 */

export { RATE_BOOK_FILES } from "@/lib/quotes/rate-book/parse";
export { RateBookLoadError } from "@/lib/quotes/rate-book/validate";

export type LoadRateBookOptions = {
  dir: string;
  /** Make the loaded book the only active one (default true). */
  activate?: boolean;
  /** Interactive-transaction timeout in ms (default 300 000). */
  timeoutMs?: number;
};

export type LoadRateBookResult = {
  rateBookId: string;
  name: string;
  isSample: boolean;
  replaced: number;
  counts: {
    filings: number;
    areas: number;
    cells: number;
    householdDiscounts: number;
    riders: number;
    carriers: number;
  };
};

/** Parses and validates the directory; returns the rows to write or throws RateBookLoadError. */
export function parseRateBookDir(dir: string, knownNaics: ReadonlySet<string> | null) {
  return validateRateBook(readRateBookDir(dir), knownNaics);
}

/** Loads (or replaces) the rate book in `dir`. Throws RateBookLoadError with line-numbered messages. */
export async function loadRateBook(options: LoadRateBookOptions): Promise<LoadRateBookResult> {
  const naics = new Set((await prisma.carrier.findMany({ select: { naic: true } })).map((c) => c.naic));
  const data = parseRateBookDir(options.dir, naics);
  const { rateBookId, replaced } = await writeRateBook(data, {
    activate: options.activate,
    timeoutMs: options.timeoutMs,
  });
  // This process may have quotes from the old book in memory; other processes expire theirs (10 min).
  clearQuoteCaches();

  return {
    rateBookId,
    name: data.book.name,
    isSample: data.book.isSample,
    replaced,
    counts: {
      filings: data.filings.length,
      areas: data.areas.length,
      cells: data.cells.length,
      householdDiscounts: data.discounts.length,
      riders: data.riders.length,
      carriers: data.carriers.length,
    },
  };
}
