import "server-only";
import { normalizeEmail } from "@/lib/contacts/contact-fields";
import { carrierGroups } from "@/lib/carriers/resolve-carrier";
import { createCarrierMapper, type SupportedCarrier } from "@/lib/contacts/import/carrier-mapping";
import { IMPORT_FIELDS, type ImportContact, type ImportRowValues } from "@/lib/contacts/import/import-types";
import { validateImportRow, type ValidatedContact } from "@/lib/contacts/import/validate-row";
import { lookupZip } from "@/lib/contacts/import/zip-county";
import { findZip } from "@/lib/zip/zip-table";
import { prisma, type TxClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The first half of every import: each row validated (validate-row: the server is the authority),
 * carriers matched against the carriers table (names + aliases, special cases; D.2 step 7: a match
 * stores the standard name, anything else keeps the original text and becomes a carrier conversion),
 * state and county from the ZIP (the file's state when given, else the ZIP's; county from the ZIP when
 * its state agrees), then written to `import_job_rows` with multi-row `INSERT … SELECT FROM
 * jsonb_array_elements` statements: one parameter per statement, each row a JSON array of its values
 * in the order of STAGED_COLUMNS. (Binding one array per column made Prisma and the driver allocate
 * about 4 KB per row, most of a chunk request's memory; Prisma copies a parameter about three times, so
 * the compact form matters.) Invalid emails and error rows are staged too, with the submitted values,
 * so that the commit can report every row in file order.
 */

/** Values echoed back in error rows are cut to this length (a 1 MB cell need not travel back whole). */
const ECHO_CHARS = 1_000;
/**
 * Rows per INSERT. Small on purpose: a batch's objects and its JSON are dead before the next batch, so
 * they are collected young instead of piling up in the old generation while the chunk is written.
 */
const DEFAULT_ROWS_PER_STATEMENT = 1_000;

export type StagedOutcome = "valid" | "invalid_email" | "error";

/** The submitted values, as staged: an array in IMPORT_FIELDS order (no keys repeated on every row), each cut to ECHO_CHARS. */
function echoCells(row: ImportContact): string[] {
  return IMPORT_FIELDS.map((field) => {
    const value = row[field] ?? "";
    return value.length > ECHO_CHARS ? `${value.slice(0, ECHO_CHARS)}…` : value;
  });
}

/** The staged cells back as the error row's values. */
export function cellsFromStaged(cells: readonly string[]): ImportRowValues {
  return Object.fromEntries(IMPORT_FIELDS.map((field, i) => [field, cells[i] ?? ""])) as ImportRowValues;
}

/** Supported carriers for matching: one entry per carrier group, with every spelling the table knows. */
export async function listImportCarriers(): Promise<SupportedCarrier[]> {
  return carrierGroups(
    await prisma.carrier.findMany({
      where: { isActive: true },
      select: { naic: true, name: true, nameFull: true, groupName: true, aliases: true },
    }),
  );
}

function placeFor(contact: ValidatedContact): {
  state: string | null;
  county: string | null;
  countyFips: string | null;
} {
  const place = contact.zipCode ? lookupZip(contact.zipCode) : null;
  const state = contact.state ?? place?.state ?? null;
  const sameState = place !== null && place.state === state;
  return {
    state,
    county: contact.county ?? (sameState ? place.county : null),
    countyFips:
      sameState && (!contact.county || contact.county.toLowerCase() === place.county?.toLowerCase())
        ? place.countyFips
        : null,
  };
}

/**
 * A staged row as the JSON array the INSERT reads, in this order:
 * position, row_number, outcome, error, cells, email, then the contact's columns (null unless valid).
 */
const STAGED_COLUMNS = [
  "position",
  "row_number",
  "outcome",
  "error",
  "cells",
  "email",
  "first_name",
  "last_name",
  "phone_number",
  "state",
  "zip_code",
  "county",
  "county_fips",
  "gender",
  "tobacco_user",
  "birth_date",
  "effective_date",
  "current_carrier",
  "carrier_recognized",
  "plan_type",
  "street_address",
  "address_unit",
] as const;
const NO_CONTACT = Array<null>(STAGED_COLUMNS.length - 6).fill(null);

type CarrierMapper = ReturnType<typeof createCarrierMapper>;

/** One row validated and prepared (carrier, place), as its STAGED_COLUMNS values. */
function stagedValues(
  row: ImportContact,
  position: number,
  { now, mapper }: { now: Date; mapper: CarrierMapper },
): unknown[] {
  // The contact form's ZIP rule: a ZIP the ZIP table does not know is refused (create-contact.ts locationFor).
  const result = validateImportRow(row, { now, isKnownZip: (zip) => findZip(zip) !== null });
  const head = (outcome: StagedOutcome, error: string | null, email: string) => [
    position,
    row.rowNumber,
    outcome,
    error,
    echoCells(row),
    email,
  ];
  if (result.invalidEmail) return [...head("invalid_email", null, row.email.trim()), ...NO_CONTACT];
  if (!result.contact) return [...head("error", result.errors.join("; "), normalizeEmail(row.email)), ...NO_CONTACT];
  const c = result.contact;
  const carrier = mapper.map(c.currentCarrier);
  const place = placeFor(c);
  return [
    ...head("valid", null, c.email),
    c.firstName,
    c.lastName,
    c.phoneNumber,
    place.state,
    c.zipCode,
    place.county,
    place.countyFips,
    c.gender,
    c.tobaccoUser,
    c.birthDate,
    c.effectiveDate,
    carrier.recognized ? carrier.carrier : c.currentCarrier,
    carrier.recognized,
    c.planType,
    c.streetAddress,
    c.addressUnit,
  ];
}

/** Validates and prepares rows (reference data only: no tenant data is read), as the JSON payload of one INSERT. */
function stagedBatchPayload(
  contacts: readonly ImportContact[],
  { start, end, now, mapper }: { start: number; end: number; now: Date; mapper: CarrierMapper },
): string {
  const batch: unknown[][] = [];
  for (let i = start; i < end; i++) batch.push(stagedValues(contacts[i]!, i, { now, mapper }));
  return JSON.stringify(batch);
}

/** The carrier matcher of the import: the carriers table, exact and special-case matches only (no guessing on the server). */
export async function importCarrierMapper(): Promise<CarrierMapper> {
  return createCarrierMapper(await listImportCarriers(), { fuzzy: false });
}

const at = (column: (typeof STAGED_COLUMNS)[number]) => Prisma.raw(`r->>${STAGED_COLUMNS.indexOf(column)}`);

function stagedRowsInsert(jobId: string, organizationId: string, chunkIndex: number, payload: string) {
  return Prisma.sql`
    INSERT INTO import_job_rows (import_job_id, chunk_index, position, organization_id, row_number, outcome, error, cells, email,
                                 first_name, last_name, phone_number, state, zip_code, county, county_fips, gender, tobacco_user,
                                 birth_date, effective_date, current_carrier, carrier_recognized, plan_type, street_address, address_unit)
    SELECT ${jobId}::uuid, ${chunkIndex}::int, (${at("position")})::int, ${organizationId}::uuid, (${at("row_number")})::int,
           (${at("outcome")})::"ImportRowOutcome", ${at("error")}, r->${Prisma.raw(String(STAGED_COLUMNS.indexOf("cells")))}, ${at("email")},
           ${at("first_name")}, ${at("last_name")}, ${at("phone_number")}, ${at("state")}, ${at("zip_code")}, ${at("county")}, ${at("county_fips")},
           (${at("gender")})::"Gender", (${at("tobacco_user")})::boolean, (${at("birth_date")})::date, (${at("effective_date")})::date,
           ${at("current_carrier")}, COALESCE((${at("carrier_recognized")})::boolean, false), ${at("plan_type")},
           ${at("street_address")}, ${at("address_unit")}
    FROM jsonb_array_elements(${payload}::jsonb) AS r`;
}

export type StageRowsOptions = {
  jobId: string;
  organizationId: string;
  chunkIndex: number;
  contacts: readonly ImportContact[];
  now: Date;
  mapper: CarrierMapper;
  rowsPerStatement?: number;
};

/**
 * Validates, prepares and writes a chunk's rows, `rowsPerStatement` at a time: each batch is prepared
 * just before its INSERT, so only one batch's objects and JSON are alive at once.
 */
export async function stageRows(
  tx: TxClient,
  {
    jobId,
    organizationId,
    chunkIndex,
    contacts,
    now,
    mapper,
    rowsPerStatement = DEFAULT_ROWS_PER_STATEMENT,
  }: StageRowsOptions,
): Promise<void> {
  for (let start = 0; start < contacts.length; start += rowsPerStatement) {
    const payload = stagedBatchPayload(contacts, {
      start,
      end: Math.min(contacts.length, start + rowsPerStatement),
      now,
      mapper,
    });
    await tx.$executeRaw(stagedRowsInsert(jobId, organizationId, chunkIndex, payload));
  }
}
