import { normalizeEmail, type StandardPlanType } from "@/lib/contacts/contact-fields";
import {
  IMPORT_FIELD_LABELS,
  IMPORT_MESSAGES,
  type ImportContactInput,
  type ImportField,
} from "@/lib/contacts/import/import-types";
import { DATE_MESSAGES, parseFlexibleDateDetailed } from "@/lib/contacts/import/parse-date";
import { mapPlanType } from "@/lib/contacts/import/plan-mapping";
import { US_STATES } from "@/lib/reference/us-states";
import { isoDate } from "@/lib/calendar/calendar-date";
import { isContactEmailFormatValid } from "@/lib/contacts/contact-schema";
import { ZIP_MESSAGES } from "@/lib/zip/zip-schema";
import { nationalDigits } from "@/lib/phone/phone";

/**
 * One CSV row → a contact ready to store, or the reasons it cannot be (domain-rules D.2, with the REC
 * fix: a future effective date is valid, a future birth date is not). Pure: `now` is passed in. The
 * browser runs it for the preview; the server runs it again and is the authority.
 *
 * Decisions (D.2 asks for all 11 values; we require what a contact needs, as the contact form does):
 * - Required: First Name, Last Name, Email ("Missing values for: …"). The other fields may be blank,
 *   but a value that is present must be valid.
 * - An invalid or blank email makes the row an "invalid email" row: skipped and listed as Row n: email.
 * - Phone: digits only, exactly 10 (a leading country code 1 is dropped; "x123"/"ext" extensions ignored).
 * - ZIP: 5 digits; ZIP+4 keeps the first 5; 3–4 digits are left-padded with zeros (Excel drops them).
 *   A ZIP the ZIP table does not know ("00000") is an error, as in the contact form ("Invalid zip code"):
 *   the server passes `isKnownZip` (the table is server-only); the browser preview cannot tell.
 * - Current Carrier and County keep an embedded line break as written (cleanMultiline); the other
 *   values are one line.
 * - Gender M/F (Male/Female accepted); Tobacco yes/true/1/y → true, no/false/0/n → false, blank → unknown.
 * - Every error of the row is reported, joined with "; " in the error download.
 */

export type ValidatedContact = {
  rowNumber: number;
  firstName: string;
  lastName: string;
  /** Trimmed and lower-cased: the de-dupe key. */
  email: string;
  phoneNumber: string | null;
  currentCarrier: string | null;
  effectiveDate: string | null;
  birthDate: string | null;
  /** null: the cell was blank (a new contact stores false; an overwrite keeps the stored value). */
  tobaccoUser: boolean | null;
  gender: "M" | "F" | null;
  zipCode: string | null;
  planType: StandardPlanType | null;
  state: string | null;
  county: string | null;
  streetAddress: string | null;
  addressUnit: string | null;
};

export type RowValidation =
  | { contact: ValidatedContact; errors: []; invalidEmail: false }
  | { contact: null; errors: string[]; invalidEmail: boolean };

/** The columns a file must have (the upload modal names each missing one); Current Carrier is optional. */
export const REQUIRED_IMPORT_FIELDS = ["firstName", "lastName", "email"] as const satisfies readonly ImportField[];
export type RequiredImportField = (typeof REQUIRED_IMPORT_FIELDS)[number];

const MAX_LENGTH: Partial<Record<ImportField | "state" | "county", number>> = {
  firstName: 100,
  lastName: 100,
  email: 254,
  currentCarrier: 200,
  planType: 100,
};

const TRUE_VALUES = new Set(["yes", "true", "1", "y"]);
const FALSE_VALUES = new Set(["no", "false", "0", "n"]);

// USPS codes of the territories the ZIP data covers, besides the 50 states and DC.
const TERRITORIES: Record<string, string> = {
  PR: "Puerto Rico",
  VI: "Virgin Islands",
  GU: "Guam",
  AS: "American Samoa",
  MP: "Northern Mariana Islands",
};
const STATE_BY_KEY = new Map<string, string>([
  ...US_STATES.flatMap((s) => [[s.code.toLowerCase(), s.code] as const, [s.name.toLowerCase(), s.code] as const]),
  ...Object.entries(TERRITORIES).flatMap(([code, name]) => [
    [code.toLowerCase(), code] as const,
    [name.toLowerCase(), code] as const,
  ]),
]);

/** D.1.4 + D.2 step 2: the contact's one email rule (lib/contacts/contact-schema.ts), internationalized addresses included. */
export function isValidImportEmail(email: string): boolean {
  return isContactEmailFormatValid(normalizeEmail(email));
}

/** Whitespace collapsed, control characters removed: one line (names, email, codes). */
function clean(value: string | undefined | null): string {
  return (value ?? "")
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Free text that may span lines (a carrier or county cell with an embedded newline in quotes): the line
 * breaks are kept as written (CRLF and CR become LF), other control characters removed, each line's
 * spaces collapsed, blank lines at the ends dropped. Display may fold it; the stored text does not.
 */
export function cleanMultiline(value: string | undefined | null): string {
  return (value ?? "")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => clean(line))
    .join("\n")
    .replace(/^\n+|\n+$/g, "");
}

export function normalizePhone(raw: string): string | null | "invalid" {
  const withoutExtension = raw.split(/\s*(?:x|ext\.?|extension|#)\s*\d*\s*$/i)[0] ?? raw;
  const national = nationalDigits(withoutExtension);
  if (!national) return raw.trim() ? "invalid" : null;
  return national.length === 10 ? national : "invalid";
}

export function normalizeZip(raw: string): string | null | "invalid" {
  const s = raw.trim();
  if (!s) return null;
  const m = /^(\d{3,5})(?:[-\s]?\d{4})?$/.exec(s);
  if (!m) return "invalid";
  const zip = m[1]!;
  if (zip.length === 5) return zip;
  // "7030" (Hoboken) lost its leading zero in a spreadsheet. ZIP+4 forms only count with 5 digits.
  return s.length === zip.length ? zip.padStart(5, "0") : "invalid";
}

export function normalizeState(raw: string): string | null | "invalid" {
  const s = clean(raw).replace(/\./g, "").toLowerCase();
  if (!s) return null;
  return STATE_BY_KEY.get(s) ?? "invalid";
}

export function parseImportBoolean(raw: string): boolean | null | "invalid" {
  const s = raw.trim().toLowerCase();
  if (!s) return null;
  if (TRUE_VALUES.has(s)) return true;
  if (FALSE_VALUES.has(s)) return false;
  return "invalid";
}

function parseGender(raw: string): "M" | "F" | null | "invalid" {
  const s = raw.trim().toLowerCase();
  if (!s) return null;
  if (s === "m" || s === "male") return "M";
  if (s === "f" || s === "female") return "F";
  return "invalid";
}

/** A date's refusal: a format problem gets the formats to use; "February 29, 1950 does not exist" stands alone. */
function dateProblem(error: string): string {
  return error === DATE_MESSAGES.invalid ? `${error} (use YYYY-MM-DD or MM/DD/YYYY)` : error;
}

/** Today's calendar date in UTC, "YYYY-MM-DD". */
function today(now: Date): string {
  return isoDate(now);
}

export function validateImportRow(
  row: Partial<ImportContactInput> & { rowNumber: number },
  { now, isKnownZip }: { now: Date; isKnownZip?: (zip: string) => boolean },
): RowValidation {
  const errors: string[] = [];
  const text = (field: ImportField) => clean(row[field]);

  const email = normalizeEmail(text("email"));
  if (!isValidImportEmail(email)) return { contact: null, errors: [IMPORT_MESSAGES.invalidEmail], invalidEmail: true };

  const missing = REQUIRED_IMPORT_FIELDS.filter((field) => text(field) === "");
  if (missing.length) errors.push(`Missing values for: ${missing.map((f) => IMPORT_FIELD_LABELS[f]).join(", ")}`);

  for (const [field, max] of Object.entries(MAX_LENGTH) as [ImportField, number][]) {
    if (text(field).length > max) errors.push(`${IMPORT_FIELD_LABELS[field]} is too long (at most ${max} characters)`);
  }

  const phone = normalizePhone(row.phoneNumber ?? "");
  if (phone === "invalid") errors.push("Phone Number must have 10 digits");

  const zip = normalizeZip(row.zipCode ?? "");
  if (zip === "invalid") errors.push("ZIP Code must be 5 digits");
  else if (zip !== null && isKnownZip && !isKnownZip(zip)) errors.push(`ZIP Code: ${ZIP_MESSAGES.invalid} (${zip})`);

  const state = normalizeState(row.state ?? "");
  if (state === "invalid") errors.push("State must be a US state or its two-letter code");

  const gender = parseGender(row.gender ?? "");
  if (gender === "invalid") errors.push("Gender must be M or F");

  const tobacco = parseImportBoolean(row.tobaccoUser ?? "");
  if (tobacco === "invalid") errors.push("Tobacco User must be Yes or No");

  let effectiveDate: string | null = null;
  if (text("effectiveDate")) {
    const parsed = parseFlexibleDateDetailed(text("effectiveDate"));
    // REC (D.2): a future effective date is a new policy, so it is valid.
    if (parsed.ok) effectiveDate = parsed.date;
    else errors.push(`Effective Date: ${dateProblem(parsed.error)}`);
  }

  let birthDate: string | null = null;
  if (text("birthDate")) {
    const parsed = parseFlexibleDateDetailed(text("birthDate"));
    if (!parsed.ok) errors.push(`Birth Date: ${dateProblem(parsed.error)}`);
    else if (parsed.date > today(now)) errors.push("Birth Date cannot be in the future");
    else birthDate = parsed.date;
  }

  const county = cleanMultiline(row.county).slice(0, 100);

  // The contact form's limits (lib/contacts/contact-schema.ts); a line break in the cell becomes a space.
  const streetAddress = clean(row.streetAddress);
  if (streetAddress.length > 200) errors.push("Address is too long (at most 200 characters)");
  const addressUnit = clean(row.addressUnit);
  if (addressUnit.length > 50) errors.push("Address 2 is too long (at most 50 characters)");

  if (errors.length) return { contact: null, errors, invalidEmail: false };
  return {
    contact: {
      rowNumber: row.rowNumber,
      firstName: text("firstName"),
      lastName: text("lastName"),
      email,
      phoneNumber: phone as string | null,
      currentCarrier: cleanMultiline(row.currentCarrier) || null,
      effectiveDate,
      birthDate,
      tobaccoUser: tobacco as boolean | null,
      gender: gender as "M" | "F" | null,
      zipCode: zip as string | null,
      planType: mapPlanType(text("planType")),
      state: state as string | null,
      county: county || null,
      streetAddress: streetAddress || null,
      addressUnit: addressUnit || null,
    },
    errors: [],
    invalidEmail: false,
  };
}
