import { OTHER_CARRIER } from "@/lib/contacts/contact-fields";
import type { ColumnMapping } from "@/lib/contacts/import/column-mapping";
import { IMPORT_FIELDS, type ImportContactInput, type InvalidEmailRow } from "@/lib/contacts/import/import-types";
import type { ParsedCsv } from "@/lib/contacts/import/parse-csv";
import { validateImportRow } from "@/lib/contacts/import/validate-row";

/**
 * From a parsed file and the mappings the user confirmed to the request rows of
 * POST /api/contacts/bulk-import. Pure (the upload modal calls it in the browser).
 */

export type BuildImportOptions = {
  parsed: Pick<ParsedCsv, "headers" | "rows">;
  mapping: ColumnMapping;
  /** Original carrier text → the standard carrier chosen, or "Other" (then the original text is sent). */
  carrierMapping?: Record<string, string>;
  /** Original plan text → the standard plan chosen. */
  planMapping?: Record<string, string>;
  /** Optional "State" and "County" columns (detectStateColumn / detectCountyColumn). */
  stateColumn?: string | null;
  countyColumn?: string | null;
  /** Optional "Address" and "Address 2" columns (detectStreetColumn / detectUnitColumn). */
  streetColumn?: string | null;
  unitColumn?: string | null;
};

export function buildImportContacts({
  parsed,
  mapping,
  carrierMapping = {},
  planMapping = {},
  stateColumn,
  countyColumn,
  streetColumn,
  unitColumn,
}: BuildImportOptions): ImportContactInput[] {
  const indexOf = (header: string | null | undefined) => (header ? parsed.headers.indexOf(header) : -1);
  const columns = IMPORT_FIELDS.map((field) => [field, indexOf(mapping[field])] as const);
  const stateIndex = indexOf(stateColumn);
  const countyIndex = indexOf(countyColumn);
  const streetIndex = indexOf(streetColumn);
  const unitIndex = indexOf(unitColumn);
  return parsed.rows.map((row) => {
    const contact: ImportContactInput = { rowNumber: row.rowNumber };
    for (const [field, index] of columns) contact[field] = index === -1 ? "" : (row.values[index] ?? "");
    const carrier = (contact.currentCarrier ?? "").trim();
    const chosenCarrier = carrierMapping[carrier];
    if (carrier && chosenCarrier && chosenCarrier !== OTHER_CARRIER) contact.currentCarrier = chosenCarrier;
    const plan = (contact.planType ?? "").trim();
    if (plan && planMapping[plan]) contact.planType = planMapping[plan];
    if (stateIndex !== -1) contact.state = row.values[stateIndex] ?? "";
    if (countyIndex !== -1) contact.county = row.values[countyIndex] ?? "";
    if (streetIndex !== -1) contact.streetAddress = row.values[streetIndex] ?? "";
    if (unitIndex !== -1) contact.addressUnit = row.values[unitIndex] ?? "";
    return contact;
  });
}

/** The modal's preview: rows whose email is invalid (skipped) and how many rows look importable. */
export function previewImport(contacts: readonly ImportContactInput[], { now }: { now: Date }) {
  const invalidEmails: InvalidEmailRow[] = [];
  let valid = 0;
  let withErrors = 0;
  for (const c of contacts) {
    const result = validateImportRow(c, { now });
    if (result.invalidEmail) invalidEmails.push({ rowNumber: c.rowNumber, email: (c.email ?? "").trim() });
    else if (result.contact) valid++;
    else withErrors++;
  }
  return { valid, withErrors, invalidEmails };
}
