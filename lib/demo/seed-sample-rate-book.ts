import "server-only";
import { join } from "node:path";
import { prisma } from "@/lib/db";
import { loadRateBook } from "@/lib/quotes/load-rate-book";

export const SAMPLE_RATE_BOOK_DIR = join(process.cwd(), "data", "rate-books", "sample");

/**
 * Loads the SAMPLE rate book (data/rate-books/sample, made by scripts/generate-sample-rate-book.ts)
 * when the database has no rate book at all, so a fresh install can quote. A database that already
 * has a book (the sample, or real filings an operator loaded) is left alone.
 */
export async function seedSampleRateBook(): Promise<{ loaded: boolean }> {
  if ((await prisma.rateBook.count()) > 0) return { loaded: false };
  await loadRateBook({ dir: SAMPLE_RATE_BOOK_DIR });
  return { loaded: true };
}
