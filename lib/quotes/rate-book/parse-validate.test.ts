import {
  parseRateBookCsv,
  RATE_BOOK_COLUMNS,
  type RateBookFile,
  type RateBookFiles,
} from "@/lib/quotes/rate-book/parse";
import { RateBookLoadError, validateRateBook } from "@/lib/quotes/rate-book/validate";

/** The parse and validate stages without files or a database: text in, rows or errors out. */

const GOOD: Record<RateBookFile, string | null> = {
  book: "name,source,is_sample,notes\nPure book,test,0,",
  filings:
    "filing_key,carrier_naic,state,effective_date,rating_method,policy_fee_cents\nA,11111,TX,2025-01-01,attained_age,2500",
  areas: "carrier_naic,state,kind,code,area_code\n11111,TX,state,TX,R",
  cells:
    "filing_key,plan,area_code,age,gender,tobacco,rate_cents,household_rate_cents\nA,G,R,65,F,0,11000,10000\nA,G,R,66,,1,12000,",
  householdDiscounts: null,
  riders: "filing_key,rider_id,plan,area_code,age,rate_cents\nA,part_b_excess,G,R,,900",
  carriers: null,
};

const files = (overrides: Partial<Record<RateBookFile, string | null>> = {}): RateBookFiles =>
  Object.fromEntries(
    (Object.keys(GOOD) as RateBookFile[]).map((file) => [
      file,
      parseRateBookCsv(file in overrides ? overrides[file]! : GOOD[file], RATE_BOOK_COLUMNS[file]),
    ]),
  ) as RateBookFiles;

function errorsOf(input: RateBookFiles, knownNaics: ReadonlySet<string> | null = null): string[] {
  try {
    validateRateBook(input, knownNaics);
  } catch (error) {
    if (error instanceof RateBookLoadError) return error.errors;
    throw error;
  }
  throw new Error("expected a RateBookLoadError");
}

describe("parseRateBookCsv", () => {
  it("gives each row its line number (the header is line 1), trims headers, drops a BOM and blank lines", () => {
    expect(parseRateBookCsv("\uFEFF name , is_sample\nBook,1\n\nOther,0\n", RATE_BOOK_COLUMNS.book)).toEqual({
      rows: [
        { name: "Book", is_sample: "1" },
        { name: "Other", is_sample: "0" },
      ],
      lines: [2, 3],
      errors: [],
    });
  });

  it("reports a missing file (unless optional) and missing columns, judging no value", () => {
    expect(parseRateBookCsv(null, RATE_BOOK_COLUMNS.cells).errors).toEqual([
      { line: null, message: "file is missing" },
    ]);
    expect(parseRateBookCsv(null, RATE_BOOK_COLUMNS.riders).errors).toEqual([]);
    expect(parseRateBookCsv("name\nBook", RATE_BOOK_COLUMNS.book)).toEqual({
      rows: [],
      lines: [],
      errors: [{ line: 1, message: "missing column(s) is_sample" }],
    });
    expect(parseRateBookCsv("name,is_sample\nBook,maybe", RATE_BOOK_COLUMNS.book).errors).toEqual([]);
  });
});

describe("validateRateBook", () => {
  it("answers the rows to write, linked by the ids it draws", () => {
    const rows = validateRateBook(files(), new Set(["11111"]));
    expect(rows.book).toEqual({ name: "Pure book", source: "test", isSample: false, notes: null });
    const [filing] = rows.filings;
    expect(filing).toMatchObject({
      key: "A",
      naic: "11111",
      state: "TX",
      method: "attained_age",
      policyFeeCents: 2500,
    });
    expect(rows.cells).toEqual([
      {
        filingId: filing!.id,
        plan: "G",
        areaCode: "R",
        age: 65,
        gender: "F",
        tobacco: false,
        rateCents: 11000,
        householdRateCents: 10000,
      },
      {
        filingId: filing!.id,
        plan: "G",
        areaCode: "R",
        age: 66,
        gender: null,
        tobacco: true,
        rateCents: 12000,
        householdRateCents: null,
      },
    ]);
    expect(rows.riders).toEqual([
      { filingId: filing!.id, riderId: "part_b_excess", plan: "G", areaCode: "R", age: null, rateCents: 900 },
    ]);
    expect(rows.discounts).toEqual([]);
    expect(rows.carriers).toEqual([]); // carriers.csv is optional
  });

  it("reads carriers.csv: an AM Best rating, or null when the book's source has none", () => {
    const rows = validateRateBook(
      files({ carriers: "carrier_naic,am_best_rating\n11111,A+\n22222," }),
      new Set(["11111", "22222"]),
    );
    expect(rows.carriers).toEqual([
      { naic: "11111", amBestRating: "A+" },
      { naic: "22222", amBestRating: null },
    ]);
    expect(
      errorsOf(
        files({ carriers: "carrier_naic,am_best_rating\n11111,AA\n11111,A\n33333,A\n1111,B" }),
        new Set(["11111"]),
      ),
    ).toEqual([
      'carriers.csv line 2: am_best_rating "AA" must be an AM Best rating (A++, A+, A, A-, B++, …) or empty',
      "carriers.csv line 3: carrier 11111 is already listed",
      "carriers.csv line 4: unknown carrier NAIC 33333 (add it to carriers first)",
      'carriers.csv line 5: carrier_naic "1111" must be 5 digits',
    ]);
  });

  it("puts a file's own errors before those of its values, each with file and line", () => {
    expect(errorsOf(files({ cells: null, book: "name,is_sample\nBook,maybe" }))).toEqual([
      "rate_book.csv line 2: is_sample must be 0/1 or true/false",
      "cells.csv: file is missing",
    ]);
    expect(errorsOf(files(), new Set(["22222"]))).toEqual([
      "filings.csv line 2: unknown carrier NAIC 11111 (add it to carriers first)",
      "areas.csv line 2: unknown carrier NAIC 11111 (add it to carriers first)",
      'cells.csv line 2: unknown filing_key "A"',
      'cells.csv line 3: unknown filing_key "A"',
      'riders.csv line 2: unknown filing_key "A"',
    ]);
  });

  it("stops collecting at 100 errors", () => {
    const cells = [
      "filing_key,plan,area_code,age,gender,tobacco,rate_cents",
      ...Array.from({ length: 150 }, () => "A,Z,R,65,F,0,100"),
    ].join("\n");
    expect(errorsOf(files({ cells }))).toHaveLength(100);
  });
});
