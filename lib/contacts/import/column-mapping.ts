import { IMPORT_FIELDS, type ImportField } from "@/lib/contacts/import/import-types";

/**
 * Header auto-mapping (domain-rules D.1.2): for each field, a header equal (case-, space- and
 * punctuation-insensitive) to the field name or one of its aliases; otherwise a header that contains
 * an alias as whole words ("Client Email Address", "Date of Birth (MM/DD/YYYY)"). Each header is used
 * once, best matches first. The user reviews the suggestion in the modal. Pure.
 */

export type ColumnMapping = Record<ImportField, string | null>;

/** D.1 alias table (plus the field name itself and the template's header). */
export const COLUMN_ALIASES: Record<ImportField, readonly string[]> = {
  firstName: ["firstName", "first_name", "firstname", "first name", "fname", "first", "given name", "givenname"],
  lastName: ["lastName", "last_name", "lastname", "last name", "lname", "last", "surname", "family name", "familyname"],
  email: ["email", "email_address", "emailaddress", "email address", "e_mail", "e-mail"],
  phoneNumber: [
    "phoneNumber",
    "phone_number",
    "phonenumber",
    "phone",
    "cell",
    "mobile",
    "telephone",
    "contact_number",
    "contact number",
    "phone number",
    "cell number",
    "mobile number",
  ],
  currentCarrier: [
    "currentCarrier",
    "current_carrier",
    "current carrier",
    "carrier",
    "insurance_provider",
    "insurance provider",
    "provider",
    "current_provider",
    "current provider",
    "insurance",
    "insurance carrier",
    "insurance_carrier",
    "insurancecarrier",
  ],
  effectiveDate: [
    "effectiveDate",
    "effective_date",
    "effectivedate",
    "effective date",
    "start_date",
    "startdate",
    "start date",
    "date_effective",
    "date effective",
    "coverage date",
    "plan start date",
  ],
  birthDate: [
    "birthDate",
    "birth_date",
    "birthdate",
    "birth date",
    "dob",
    "date_of_birth",
    "date of birth",
    "born",
    "birthday",
  ],
  tobaccoUser: [
    "tobaccoUser",
    "tobacco_user",
    "tobaccouser",
    "tobacco user",
    "tobacco",
    "smoker",
    "tobacco_status",
    "tobacco status",
    "smokes",
    "is smoker",
    "smoking",
  ],
  gender: ["gender", "sex", "m/f", "male/female"],
  zipCode: [
    "zipCode",
    "zip_code",
    "zipcode",
    "zip",
    "zip5",
    "postal_code",
    "postalcode",
    "postal code",
    "postal",
    "zip code",
  ],
  planType: [
    "planType",
    "plan_type",
    "plantype",
    "plan type",
    "plan",
    "insurance_type",
    "insurancetype",
    "insurance type",
    "coverage type",
    "coverage",
  ],
};

/** Extra optional columns the import reads when present (not part of the 11-field mapping). */
export const STATE_ALIASES = ["state", "st", "state code", "state_code", "province"] as const;
export const COUNTY_ALIASES = ["county", "county name", "county_name"] as const;
/** The street line and the unit (household pairing, lib/households/address.ts); exact matches only, like State. */
export const STREET_ALIASES = [
  "address",
  "street",
  "street address",
  "street_address",
  "streetAddress",
  "address 1",
  "address1",
  "address line 1",
  "home address",
  "mailing address",
  "residential address",
] as const;
export const UNIT_ALIASES = [
  "address 2",
  "address2",
  "address line 2",
  "addressUnit",
  "apt",
  "apt #",
  "apt/unit",
  "apartment",
  "unit",
  "suite",
] as const;

/** Single words too vague to match inside a longer header ("Last Contacted", "Plan Start Date"). */
const NOT_INSIDE = new Set([
  "first",
  "last",
  "plan",
  "born",
  "insurance",
  "provider",
  "coverage",
  "postal",
  "cell",
  "mobile",
]);

/** "E-mail Address (Primary)" → "e mail address primary". */
export function normalizeHeader(value: string): string {
  return value
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const compact = (value: string) => value.replace(/ /g, "");

type Candidate = { field: ImportField; header: string; score: number; order: number };

function score(header: string, aliases: readonly string[]): number | null {
  const h = normalizeHeader(header);
  if (!h) return null;
  const hc = compact(h);
  let best: number | null = null;
  for (const alias of aliases) {
    const a = normalizeHeader(alias);
    if (!a) continue;
    if (h === a || hc === compact(a)) return 0; // exact
    if (NOT_INSIDE.has(a)) continue;
    if (` ${h} `.includes(` ${a} `)) {
      // Inside a longer header: longer aliases and shorter headers are better evidence.
      const s = 100 - a.length * 2 + (h.length - a.length);
      if (best === null || s < best) best = s;
    }
  }
  return best;
}

function bestHeaders(
  headers: readonly string[],
  aliasesFor: (field: ImportField) => readonly string[],
  fields: readonly ImportField[],
) {
  const candidates: Candidate[] = [];
  fields.forEach((field, fieldOrder) => {
    headers.forEach((header, headerOrder) => {
      const s = score(header, aliasesFor(field));
      if (s !== null) candidates.push({ field, header, score: s, order: fieldOrder * 1e6 + headerOrder });
    });
  });
  candidates.sort((a, b) => a.score - b.score || a.order - b.order);
  return candidates;
}

/** Suggested header for each of the 11 fields (null when none fits). */
export function autoMapColumns(headers: readonly string[]): ColumnMapping {
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null])) as ColumnMapping;
  const usedHeaders = new Set<string>();
  for (const c of bestHeaders(headers, (f) => COLUMN_ALIASES[f], IMPORT_FIELDS)) {
    if (mapping[c.field] !== null || usedHeaders.has(c.header)) continue;
    mapping[c.field] = c.header;
    usedHeaders.add(c.header);
  }
  return mapping;
}

function findExtraColumn(
  headers: readonly string[],
  aliases: readonly string[],
  mapping?: ColumnMapping,
): string | null {
  const used = new Set(Object.values(mapping ?? {}).filter((v): v is string => v !== null));
  for (const header of headers) {
    if (used.has(header)) continue;
    const h = normalizeHeader(header);
    if (aliases.some((a) => normalizeHeader(a) === h)) return header;
  }
  return null;
}

/** A "State" column (exact alias match only), if the file has one. */
export function detectStateColumn(headers: readonly string[], mapping?: ColumnMapping): string | null {
  return findExtraColumn(headers, STATE_ALIASES, mapping);
}

/** An "Address" / "Street" column (exact alias match only), if the file has one. */
export function detectStreetColumn(headers: readonly string[], mapping?: ColumnMapping): string | null {
  return findExtraColumn(headers, STREET_ALIASES, mapping);
}

/** An "Address 2" / "Apt" column (exact alias match only), if the file has one. */
export function detectUnitColumn(headers: readonly string[], mapping?: ColumnMapping): string | null {
  return findExtraColumn(headers, UNIT_ALIASES, mapping);
}

/** A "County" column (exact alias match only), if the file has one. */
export function detectCountyColumn(headers: readonly string[], mapping?: ColumnMapping): string | null {
  return findExtraColumn(headers, COUNTY_ALIASES, mapping);
}
