// `npm run rates:load -- <directory>` loads a rate book from CSV files (lib/quotes/RATE-BOOK-FORMAT.md),
// makes it the active book, and queues a reschedule of the organizations whose contacts' carriers
// have a filed increase ahead, so their rate-increase emails are planned at once.
import "./embedded-tool-env.mjs"; // first: without DATABASE_URL, the embedded database of a running npm start
import { loadRateBook, RateBookLoadError } from "@/lib/quotes/load-rate-book";
import { queueReschedulesForRateIncreases } from "@/lib/outreach/triggers";

async function main(dir: string | undefined) {
  if (!dir) {
    console.error("usage: npm run rates:load -- <directory with rate_book.csv, filings.csv, …>");
    process.exitCode = 2;
    return;
  }
  const result = await loadRateBook({ dir });
  console.log(
    `rates:load: "${result.name}" loaded (${result.counts.filings} filings, ${result.counts.cells} cells)${result.isSample ? " — SAMPLE data" : ""}`,
  );
  const queued = await queueReschedulesForRateIncreases({ now: new Date() });
  console.log(
    `rates:load: reschedule queued for ${queued} organizations with contacts on a carrier with a filed increase`,
  );
}

main(process.argv[2]).then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error instanceof RateBookLoadError ? error.message : error);
    process.exit(1);
  },
);
