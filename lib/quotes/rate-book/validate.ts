import { randomUUID } from "node:crypto";
import { COMMUNITY_AGE, MAX_RATING_AGE, MIN_RATING_AGE } from "@/lib/quotes/pricing";
import { isPlanCode, RIDER_IDS, type RatingMethod } from "@/lib/quotes/quote-provider";
import { RATE_BOOK_FILES, type ParsedCsv, type RateBookFile, type RateBookFiles } from "@/lib/quotes/rate-book/parse";
import { isoDate } from "@/lib/calendar/calendar-date";
import { isAmBestRating } from "@/lib/quotes/am-best";

/**
 * Rate book loading, stage 2 of 3 (parse.ts → validate → write.ts): every value of the parsed files
 * checked (formats, known carriers, references between files, duplicates), all errors collected with
 * file and line, so a bad book is refused whole before anything is written.
 */

const MAX_ERRORS = 100;

export class RateBookLoadError extends Error {
  constructor(readonly errors: string[]) {
    super(
      `Rate book is invalid (${errors.length}${errors.length >= MAX_ERRORS ? "+" : ""} errors):\n${errors.slice(0, 20).join("\n")}`,
    );
    this.name = "RateBookLoadError";
  }
}

class Collector {
  errors: string[] = [];
  add(file: string, line: number | null, message: string) {
    if (this.errors.length < MAX_ERRORS)
      this.errors.push(line === null ? `${file}: ${message}` : `${file} line ${line}: ${message}`);
  }
  get full() {
    return this.errors.length >= MAX_ERRORS;
  }
}

const STATE = /^[A-Z]{2}$/;
const NAIC = /^\d{5}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AREA_KINDS = ["zip5", "zip3", "county", "state"] as const;
type AreaKind = (typeof AREA_KINDS)[number];
const METHODS: readonly RatingMethod[] = ["attained_age", "issue_age", "community"];
const AREA_CODE_PATTERN: Record<AreaKind, RegExp> = {
  zip5: /^\d{5}$/,
  zip3: /^\d{3}$/,
  county: /^\d{5}$/,
  state: STATE,
};

function isCalendarDate(value: string) {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && isoDate(d) === value;
}

function int(value: string | undefined, { min, max }: { min: number; max: number }): number | null {
  const v = (value ?? "").trim();
  if (!/^-?\d+$/.test(v)) return null;
  const n = Number(v);
  return n >= min && n <= max ? n : null;
}

function bool(value: string | undefined): boolean | null {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "1" || v === "true" || v === "y" || v === "yes") return true;
  if (v === "0" || v === "false" || v === "n" || v === "no") return false;
  return null;
}

const blank = (value: string | undefined) => (value ?? "").trim() === "";
const text = (value: string | undefined) => (blank(value) ? null : value!.trim());

export type Book = { name: string; source: string | null; isSample: boolean; notes: string | null };
export type Filing = {
  id: string;
  key: string;
  naic: string;
  state: string;
  effectiveDate: string;
  method: RatingMethod;
  policyFeeCents: number;
  note: string | null;
};
export type Area = { naic: string; state: string; kind: AreaKind; code: string; areaCode: string };
export type Cell = {
  filingId: string;
  plan: string;
  areaCode: string;
  age: number;
  gender: "M" | "F" | null;
  tobacco: boolean;
  rateCents: number;
  householdRateCents: number | null;
};
export type Discount = {
  filingId: string;
  naic: string;
  state: string;
  pctBps: number | null;
  category: string | null;
  description: string | null;
};
export type Rider = {
  filingId: string;
  riderId: string;
  plan: string | null;
  areaCode: string | null;
  age: number | null;
  rateCents: number;
};

/** A carrier's line in the book's optional carriers.csv: what the book says beyond the rates. */
export type BookCarrier = { naic: string; amBestRating: string | null };

const MAX_CENTS = 10_000_000;

/** What write.ts writes: the book and its rows, ids already drawn. */
export type RateBookRows = {
  book: Book;
  filings: Filing[];
  areas: Area[];
  cells: Cell[];
  discounts: Discount[];
  riders: Rider[];
  carriers: BookCarrier[];
};

/**
 * The parsed files → the rows to write, or RateBookLoadError with every error (file and line, at most
 * MAX_ERRORS). Pure: new ids are drawn here so the rows reference each other before anything is written.
 * `knownNaics` (null: not checked) are the carriers a filing or area may name.
 */
export function validateRateBook(files: RateBookFiles, knownNaics: ReadonlySet<string> | null): RateBookRows {
  const errors = new Collector();
  const F = RATE_BOOK_FILES;
  // A file's own errors (missing, columns, malformed CSV) come before those of its values.
  /** A carrier NAIC: 5 digits, and a known carrier when `knownNaics` is given. Answers whether it passed. */
  const checkNaic = (file: string, line: number, naic: string): boolean => {
    if (!NAIC.test(naic)) errors.add(file, line, `carrier_naic "${naic}" must be 5 digits`);
    else if (knownNaics && !knownNaics.has(naic))
      errors.add(file, line, `unknown carrier NAIC ${naic} (add it to carriers first)`);
    else return true;
    return false;
  };
  const take = (file: RateBookFile): ParsedCsv => {
    for (const e of files[file].errors) errors.add(F[file], e.line, e.message);
    return files[file];
  };

  // rate_book.csv: exactly one row.
  const bookCsv = take("book");
  let book: Book | null = null;
  if (bookCsv.lines.length === 0 && errors.errors.length === 0) errors.add(F.book, null, "needs one row");
  if (bookCsv.rows.length > 1) errors.add(F.book, bookCsv.lines[1]!, "only one rate book per directory");
  if (bookCsv.rows[0]) {
    const r = bookCsv.rows[0];
    const isSample = bool(r.is_sample);
    if (!text(r.name)) errors.add(F.book, 2, "name is required");
    if (isSample === null) errors.add(F.book, 2, "is_sample must be 0/1 or true/false");
    if (text(r.name) && isSample !== null)
      book = { name: text(r.name)!, source: text(r.source), isSample, notes: text(r.notes) };
  }

  // filings.csv
  const filingCsv = take("filings");
  const filings = new Map<string, Filing>();
  const filingIdentity = new Set<string>();
  filingCsv.rows.forEach((r, i) => {
    const line = filingCsv.lines[i]!;
    const key = text(r.filing_key);
    const naic = (r.carrier_naic ?? "").trim();
    const state = (r.state ?? "").trim();
    const effectiveDate = (r.effective_date ?? "").trim();
    const method = (r.rating_method ?? "").trim() as RatingMethod;
    const fee = blank(r.policy_fee_cents) ? 0 : int(r.policy_fee_cents, { min: 0, max: 100_000 });
    const before = errors.errors.length;
    if (!key) errors.add(F.filings, line, "filing_key is required");
    else if (filings.has(key)) errors.add(F.filings, line, `duplicate filing_key "${key}"`);
    checkNaic(F.filings, line, naic);
    if (!STATE.test(state)) errors.add(F.filings, line, `state "${state}" must be a 2-letter code`);
    if (!isCalendarDate(effectiveDate))
      errors.add(F.filings, line, `effective_date "${effectiveDate}" must be a date YYYY-MM-DD`);
    if (!METHODS.includes(method)) errors.add(F.filings, line, `rating_method must be one of ${METHODS.join(", ")}`);
    if (fee === null) errors.add(F.filings, line, "policy_fee_cents must be a whole number of cents 0–100000");
    const identity = `${naic}|${state}|${effectiveDate}`;
    if (filingIdentity.has(identity))
      errors.add(F.filings, line, `a filing for ${naic} in ${state} effective ${effectiveDate} is already listed`);
    filingIdentity.add(identity);
    if (errors.errors.length === before && key) {
      filings.set(key, {
        id: randomUUID(),
        key,
        naic,
        state,
        effectiveDate,
        method,
        policyFeeCents: fee!,
        note: text(r.plan_design_note),
      });
    }
  });

  // areas.csv
  const areaCsv = take("areas");
  const areas: Area[] = [];
  const areaMembers = new Set<string>();
  const areaCodes = new Set<string>(); // naic|state|area_code
  areaCsv.rows.forEach((r, i) => {
    const line = areaCsv.lines[i]!;
    const naic = (r.carrier_naic ?? "").trim();
    const state = (r.state ?? "").trim();
    const kind = (r.kind ?? "").trim() as AreaKind;
    const code = (r.code ?? "").trim();
    const areaCode = text(r.area_code);
    const before = errors.errors.length;
    checkNaic(F.areas, line, naic);
    if (!STATE.test(state)) errors.add(F.areas, line, `state "${state}" must be a 2-letter code`);
    if (!AREA_KINDS.includes(kind)) errors.add(F.areas, line, `kind must be one of ${AREA_KINDS.join(", ")}`);
    else if (!AREA_CODE_PATTERN[kind].test(code) || (kind === "state" && code !== state))
      errors.add(F.areas, line, `code "${code}" is not a valid ${kind}`);
    if (!areaCode) errors.add(F.areas, line, "area_code is required");
    const member = `${naic}|${state}|${kind}|${code}`;
    if (areaMembers.has(member))
      errors.add(F.areas, line, `${kind} ${code} is already in an area of ${naic} in ${state}`);
    areaMembers.add(member);
    if (errors.errors.length === before) {
      areas.push({ naic, state, kind, code, areaCode: areaCode! });
      areaCodes.add(`${naic}|${state}|${areaCode}`);
    }
  });

  // cells.csv
  const cellCsv = take("cells");
  const cells: Cell[] = [];
  const cellKeys = new Set<string>();
  for (let i = 0; i < cellCsv.rows.length && !errors.full; i++) {
    const r = cellCsv.rows[i]!;
    const line = cellCsv.lines[i]!;
    const filing = filings.get((r.filing_key ?? "").trim());
    const plan = (r.plan ?? "").trim();
    const areaCode = (r.area_code ?? "").trim();
    const age = int(r.age, { min: 0, max: 120 });
    const genderText = (r.gender ?? "").trim().toUpperCase();
    const gender = genderText === "" ? null : genderText === "M" || genderText === "F" ? genderText : undefined;
    const tobacco = bool(r.tobacco);
    const rate = int(r.rate_cents, { min: 1, max: MAX_CENTS });
    const household = blank(r.household_rate_cents) ? null : int(r.household_rate_cents, { min: 1, max: MAX_CENTS });
    const before = errors.errors.length;
    if (!filing) errors.add(F.cells, line, `unknown filing_key "${r.filing_key ?? ""}"`);
    if (!isPlanCode(plan)) errors.add(F.cells, line, `unknown plan "${plan}"`);
    if (filing && !areaCodes.has(`${filing.naic}|${filing.state}|${areaCode}`))
      errors.add(F.cells, line, `area_code "${areaCode}" is not an area of ${filing.naic} in ${filing.state}`);
    if (age === null) errors.add(F.cells, line, "age must be a whole number");
    else if (filing?.method === "community" && age !== COMMUNITY_AGE)
      errors.add(F.cells, line, "a community-rated filing's cells have age 0");
    else if (filing && filing.method !== "community" && (age < MIN_RATING_AGE || age > MAX_RATING_AGE))
      errors.add(F.cells, line, `age must be ${MIN_RATING_AGE}–${MAX_RATING_AGE}`);
    if (gender === undefined) errors.add(F.cells, line, "gender must be M, F or empty (unisex)");
    if (tobacco === null) errors.add(F.cells, line, "tobacco must be 0/1 or true/false");
    if (rate === null) errors.add(F.cells, line, `rate_cents must be a whole number of cents 1–${MAX_CENTS}`);
    if (!blank(r.household_rate_cents) && household === null)
      errors.add(F.cells, line, "household_rate_cents must be a whole number of cents or empty");
    if (rate !== null && household !== null && household > rate)
      errors.add(F.cells, line, "household_rate_cents is above rate_cents");
    if (errors.errors.length !== before || !filing) continue;
    const key = `${filing.key}|${plan}|${areaCode}|${age}|${gender ?? ""}|${tobacco}`;
    if (cellKeys.has(key)) {
      errors.add(F.cells, line, "duplicate cell (same filing, plan, area, age, gender, tobacco)");
      continue;
    }
    cellKeys.add(key);
    cells.push({
      filingId: filing.id,
      plan,
      areaCode,
      age: age!,
      gender: gender!,
      tobacco: tobacco!,
      rateCents: rate!,
      householdRateCents: household,
    });
  }

  // household_discounts.csv (optional)
  const hhdCsv = take("householdDiscounts");
  const discounts: Discount[] = [];
  hhdCsv.rows.forEach((r, i) => {
    const line = hhdCsv.lines[i]!;
    const filing = filings.get((r.filing_key ?? "").trim());
    const pct = blank(r.pct_bps) ? null : int(r.pct_bps, { min: 0, max: 10_000 });
    if (!filing) return errors.add(F.householdDiscounts, line, `unknown filing_key "${r.filing_key ?? ""}"`);
    if (!blank(r.pct_bps) && pct === null)
      return errors.add(F.householdDiscounts, line, "pct_bps must be 0–10000 (700 = 7%) or empty");
    discounts.push({
      filingId: filing.id,
      naic: filing.naic,
      state: filing.state,
      pctBps: pct,
      category: text(r.category),
      description: text(r.description),
    });
  });

  // riders.csv (optional)
  const riderCsv = take("riders");
  const riders: Rider[] = [];
  riderCsv.rows.forEach((r, i) => {
    const line = riderCsv.lines[i]!;
    const filing = filings.get((r.filing_key ?? "").trim());
    const riderId = (r.rider_id ?? "").trim();
    const plan = text(r.plan);
    const areaCode = text(r.area_code);
    const age = blank(r.age) ? null : int(r.age, { min: 0, max: 120 });
    const rate = int(r.rate_cents, { min: 0, max: MAX_CENTS });
    const before = errors.errors.length;
    if (!filing) errors.add(F.riders, line, `unknown filing_key "${r.filing_key ?? ""}"`);
    if (!(RIDER_IDS as readonly string[]).includes(riderId))
      errors.add(F.riders, line, `unknown rider_id "${riderId}"`);
    if (plan !== null && !isPlanCode(plan)) errors.add(F.riders, line, `unknown plan "${plan}"`);
    if (filing && areaCode !== null && !areaCodes.has(`${filing.naic}|${filing.state}|${areaCode}`))
      errors.add(F.riders, line, `area_code "${areaCode}" is not an area of ${filing.naic} in ${filing.state}`);
    if (!blank(r.age) && age === null) errors.add(F.riders, line, "age must be a whole number or empty");
    if (rate === null) errors.add(F.riders, line, "rate_cents must be a whole number of cents");
    if (errors.errors.length === before)
      riders.push({ filingId: filing!.id, riderId, plan, areaCode, age, rateCents: rate! });
  });

  // carriers.csv (optional): one row per carrier; an empty rating stays null.
  const carrierCsv = take("carriers");
  const carriers = new Map<string, BookCarrier>();
  const listed = new Set<string>();
  carrierCsv.rows.forEach((r, i) => {
    const line = carrierCsv.lines[i]!;
    const naic = (r.carrier_naic ?? "").trim();
    const rating = text(r.am_best_rating);
    const before = errors.errors.length;
    if (checkNaic(F.carriers, line, naic) && listed.has(naic))
      errors.add(F.carriers, line, `carrier ${naic} is already listed`);
    listed.add(naic);
    if (rating !== null && !isAmBestRating(rating))
      errors.add(
        F.carriers,
        line,
        `am_best_rating "${rating}" must be an AM Best rating (A++, A+, A, A-, B++, …) or empty`,
      );
    if (errors.errors.length === before) carriers.set(naic, { naic, amBestRating: rating });
  });

  if (errors.errors.length > 0 || !book)
    throw new RateBookLoadError(errors.errors.length > 0 ? errors.errors : [`${F.book}: needs one row`]);
  return { book, filings: [...filings.values()], areas, cells, discounts, riders, carriers: [...carriers.values()] };
}
