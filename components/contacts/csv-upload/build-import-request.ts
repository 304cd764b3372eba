import { OTHER_CARRIER, STANDARD_PLAN_TYPES } from "@/lib/contacts/contact-fields";
import { buildImportContacts } from "@/lib/contacts/import/build-import-contacts";
import {
  builtInCarrierAliases,
  createCarrierMapper,
  withBuiltInAliases,
  type SupportedCarrier,
} from "@/lib/contacts/import/carrier-mapping";
import type { ColumnMapping } from "@/lib/contacts/import/column-mapping";
import type { ImportContactInput } from "@/lib/contacts/import/import-types";
import type { ParsedCsv } from "@/lib/contacts/import/parse-csv";
import { mapPlanType } from "@/lib/contacts/import/plan-mapping";
import {
  isValidImportEmail,
  REQUIRED_IMPORT_FIELDS,
  type RequiredImportField,
} from "@/lib/contacts/import/validate-row";

/**
 * The pure half of the CSV upload modal (client-side §3 "CSV upload state"): mapping suggestions for the
 * unique carrier and plan values, the Upload rules, and the import's rows built slice by slice from the
 * parsed rows and the user's choices (the row mapping itself is the engine's buildImportContacts), each
 * serialised once for the chunks (send-import-chunks). No DOM, no Worker: unit-tested directly.
 */

/** Label of the carrier choice for anything not supported (§2); the row keeps its original text. */
export const OTHER_UNSUPPORTED_LABEL = "Other/Unsupported";

/** CSV value (trimmed) → standard carrier name, or OTHER_CARRIER. */
export type CarrierChoices = Record<string, string>;
/** CSV value (trimmed) → standard plan name. */
export type PlanChoices = Record<string, string>;

export type CarrierSuggestion = { value: string; carrier: string; recognized: boolean };

export const PLAN_CHOICES: readonly string[] = STANDARD_PLAN_TYPES;

/** The supported list: the organization's settings carrier names (Other left out), each with its built-in aliases. */
export function supportedCarriersFromNames(names: readonly string[]): SupportedCarrier[] {
  const unique = [
    ...new Set(names.map((n) => n.trim()).filter((n) => n && n.toLowerCase() !== OTHER_CARRIER.toLowerCase())),
  ];
  return withBuiltInAliases(unique);
}

/** "Aetna (aetna medicare, cvs aetna)": the Carrier Conversions panel's list of supported carriers. */
export function supportedCarrierList(supported: readonly SupportedCarrier[]): { name: string; aliases: string[] }[] {
  return supported.map((c) => ({
    name: c.name,
    aliases: [...new Set([...c.aliases, ...builtInCarrierAliases(c.name)])],
  }));
}

/** Suggested standard carrier for each unique CSV carrier value (Other when nothing fits). */
export function suggestCarrierMapping(
  values: readonly string[],
  supported: readonly SupportedCarrier[],
): CarrierSuggestion[] {
  const mapper = createCarrierMapper(supported);
  return values.map((value) => {
    const hit = mapper.map(value);
    return { value, carrier: hit.recognized && hit.carrier ? hit.carrier : OTHER_CARRIER, recognized: hit.recognized };
  });
}

/** Suggested standard plan for each unique CSV plan value ("G" → Plan G, "PPO" → Other). */
export function suggestPlanMapping(values: readonly string[]): PlanChoices {
  return Object.fromEntries(values.map((value) => [value, mapPlanType(value) ?? "Other"]));
}

/** §4 CSV import states. */
export type CsvImportPhase = "empty" | "processing" | "mapped" | "uploading" | "result";

export type UploadRuleInput = {
  hasFile: boolean;
  phase: CsvImportPhase;
  /** The chosen column of each field (null: none); First Name, Last Name and Email are required. */
  mapping: Pick<ColumnMapping, "firstName" | "lastName" | "email" | "currentCarrier"> | null;
  /** Number of carrier values with a choice. */
  carrierMappingCount: number;
  /** Number of unique carrier names found in the mapped carrier column. */
  uniqueCarrierCount: number;
};

/** Each required column its own message (#18 point 6): a file without an email column says so. */
export const MISSING_COLUMN_MESSAGES: Record<RequiredImportField, string> = {
  email: "Your file has no Email column. Choose the column that holds email addresses for Email.",
  firstName: "Your file has no First Name column. Choose the column that holds first names for First Name.",
  lastName: "Your file has no Last Name column. Choose the column that holds last names for Last Name.",
};

/**
 * §2: Upload is disabled with no file, while processing (or uploading), while a required column (First
 * Name, Last Name, Email) has no column, or while carrier names found in the file have no mapping.
 * Current Carrier is optional (#18 point 6: a plain prospect list imports; a blank carrier is unknown).
 * Returns why (shown next to the button; every missing column named), or null when Upload is allowed.
 */
export function uploadBlocker({
  hasFile,
  phase,
  mapping,
  carrierMappingCount,
  uniqueCarrierCount,
}: UploadRuleInput): string | null {
  if (!hasFile || phase === "empty") return "Choose a CSV file to upload.";
  if (phase === "processing") return "Processing your CSV file...";
  if (phase === "uploading") return "Uploading...";
  if (phase !== "mapped" || !mapping) return "Choose a CSV file to upload.";
  const missing = REQUIRED_IMPORT_FIELDS.filter((field) => !mapping[field]);
  if (missing.length) return missing.map((field) => MISSING_COLUMN_MESSAGES[field]).join(" ");
  if (mapping.currentCarrier && uniqueCarrierCount > 0 && carrierMappingCount === 0)
    return "Map each carrier name to a standard carrier.";
  return null;
}

/** Rows whose email the import can use, and rows it will skip (shown before uploading). */
export function countEmails(
  parsed: Pick<ParsedCsv, "headers" | "rows">,
  emailHeader: string | null,
): { valid: number; invalid: number } {
  const index = emailHeader ? parsed.headers.indexOf(emailHeader) : -1;
  if (index === -1) return { valid: 0, invalid: parsed.rows.length };
  let valid = 0;
  for (const row of parsed.rows) if (isValidImportEmail(row.values[index] ?? "")) valid++;
  return { valid, invalid: parsed.rows.length - valid };
}

export type ImportSelections = {
  mapping: ColumnMapping;
  carrierMapping: CarrierChoices;
  planMapping: PlanChoices;
  /** Optional extra columns sent as state and county when the file has them. */
  stateColumn?: string | null;
  countyColumn?: string | null;
  /** Optional "Address" and "Address 2" columns, sent as the street line and the unit (household pairing). */
  streetColumn?: string | null;
  unitColumn?: string | null;
};

export type BuildRequestOptions = {
  /** Rows converted between two yields to the browser (keeps the page responsive on 50,000 rows). */
  sliceSize?: number;
  /** Fraction of rows converted so far. */
  onProgress?: (fraction: number) => void;
  /** Awaited between slices; defaults to a macrotask (setTimeout 0). */
  yieldToBrowser?: () => Promise<void>;
  signal?: AbortSignal;
};

export type BuiltImportRequest = {
  /** Each contact's JSON, in file order: what the chunks are cut from. */
  rowJson: string[];
  /** The contacts sent, in file order (the unrecognized-carrier download reads them back by row). */
  contacts: ImportContactInput[];
};

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const abortError = () => new DOMException("Import cancelled", "AbortError");

/**
 * Builds the rows incrementally: mapped (buildImportContacts) and serialised slice by slice with a yield
 * to the browser in between. Rejects with an AbortError when the signal fires.
 */
export async function buildImportRequest(
  parsed: Pick<ParsedCsv, "headers" | "rows">,
  selections: ImportSelections,
  { sliceSize = 5000, onProgress, yieldToBrowser = macrotask, signal }: BuildRequestOptions = {},
): Promise<BuiltImportRequest> {
  const contacts: ImportContactInput[] = [];
  const rowJson: string[] = [];
  const total = parsed.rows.length;
  for (let start = 0; start < total; start += sliceSize) {
    if (signal?.aborted) throw abortError();
    const end = Math.min(total, start + sliceSize);
    const slice = buildImportContacts({
      ...selections,
      parsed: { headers: parsed.headers, rows: parsed.rows.slice(start, end) },
    });
    for (const contact of slice) {
      contacts.push(contact);
      rowJson.push(JSON.stringify(contact));
    }
    onProgress?.(end / total);
    if (end < total) await yieldToBrowser();
  }
  if (signal?.aborted) throw abortError();
  return { rowJson, contacts };
}
