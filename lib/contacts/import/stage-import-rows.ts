import "server-only";
import { normalizeEmail } from "@/lib/contacts/contact-fields";
import { createCarrierMapper, type SupportedCarrier } from "@/lib/contacts/import/carrier-mapping";
import { rowValues, type ImportContact } from "@/lib/contacts/import/import-types";
import { validateImportRow, type ValidatedContact } from "@/lib/contacts/import/validate-row";
import { lookupZip } from "@/lib/contacts/import/zip-county";
import { prisma, type TxClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The first half of every import: each row validated (validate-row: the server is the authority),
 * carriers matched against the carriers table (names + aliases, special cases; D.2 step 7: a match
 * stores the standard name, anything else keeps the original text and becomes a carrier conversion),
 * state and county from the ZIP (the file's state when given, else the ZIP's; county from the ZIP when
 * its state agrees), then written to `import_job_rows` with multi-row `INSERT … SELECT FROM unnest`
 * statements. Invalid emails and error rows are staged too, with the submitted values, so that the
 * commit can report every row in file order.
 */

/** Values echoed back in error rows are cut to this length (a 1 MB cell need not travel back whole). */
const ECHO_CHARS = 1_000;
const DEFAULT_ROWS_PER_STATEMENT = 5_000;

export type StagedRow = {
  /** Place in the chunk (file order within the chunk). */
  position: number;
  rowNumber: number;
  outcome: "valid" | "invalid_email" | "error";
  error: string | null;
  /** JSON of the submitted values (cut to ECHO_CHARS each). */
  cells: string;
  email: string;
  contact: (ValidatedContact & { countyFips: string | null; carrierRecognized: boolean }) | null;
};

function echoCells(row: ImportContact): string {
  const values = rowValues(row);
  for (const key of Object.keys(values) as (keyof typeof values)[]) if (values[key].length > ECHO_CHARS) values[key] = `${values[key].slice(0, ECHO_CHARS)}…`;
  return JSON.stringify(values);
}

/** Supported carriers for matching: one entry per carrier group, with every spelling the table knows. */
export async function listImportCarriers(): Promise<SupportedCarrier[]> {
  const rows = await prisma.carrier.findMany({ where: { isActive: true }, select: { name: true, nameFull: true, groupName: true, aliases: true } });
  const byGroup = new Map<string, Set<string>>();
  for (const row of rows) {
    const group = row.groupName ?? row.name;
    const aliases = byGroup.get(group) ?? new Set<string>();
    for (const alias of [row.name, row.nameFull, ...row.aliases]) if (alias) aliases.add(alias.toLowerCase());
    byGroup.set(group, aliases);
  }
  return [...byGroup.entries()].map(([name, aliases]) => ({ name, aliases: [...aliases] })).sort((a, b) => a.name.localeCompare(b.name));
}

function placeFor(contact: ValidatedContact): { state: string | null; county: string | null; countyFips: string | null } {
  const place = contact.zipCode ? lookupZip(contact.zipCode) : null;
  const state = contact.state ?? place?.state ?? null;
  const sameState = place !== null && place.state === state;
  return {
    state,
    county: contact.county ?? (sameState ? place.county : null),
    countyFips: sameState && (!contact.county || contact.county.toLowerCase() === place.county?.toLowerCase()) ? place.countyFips : null,
  };
}

/** Validates and prepares the rows of one chunk (reference data only: no tenant data is read). */
export async function prepareImportRows(contacts: readonly ImportContact[], { now }: { now: Date }): Promise<StagedRow[]> {
  const mapper = createCarrierMapper(await listImportCarriers(), { fuzzy: false });
  return contacts.map((row, position): StagedRow => {
    const result = validateImportRow(row, { now });
    const base = { position, rowNumber: row.rowNumber, cells: echoCells(row) };
    if (result.invalidEmail) return { ...base, outcome: "invalid_email", error: null, email: row.email.trim(), contact: null };
    if (!result.contact) return { ...base, outcome: "error", error: result.errors.join("; "), email: normalizeEmail(row.email), contact: null };
    const carrier = mapper.map(result.contact.currentCarrier);
    // The validated object is completed in place: at 200,000 rows every extra copy costs memory.
    const contact = Object.assign(result.contact, placeFor(result.contact), { carrierRecognized: carrier.recognized });
    if (carrier.recognized) contact.currentCarrier = carrier.carrier;
    return { ...base, outcome: "valid", error: null, email: contact.email, contact };
  });
}

function stagedRowsInsert(jobId: string, organizationId: string, chunkIndex: number, rows: StagedRow[]) {
  const col = <T,>(pick: (r: StagedRow) => T) => rows.map(pick);
  const field = <T,>(pick: (c: NonNullable<StagedRow["contact"]>) => T) => rows.map((r) => (r.contact ? pick(r.contact) : null));
  return Prisma.sql`
    INSERT INTO import_job_rows (import_job_id, chunk_index, position, organization_id, row_number, outcome, error, cells, email,
                                 first_name, last_name, phone_number, state, zip_code, county, county_fips, gender, tobacco_user,
                                 birth_date, effective_date, current_carrier, carrier_recognized, plan_type)
    SELECT ${jobId}::uuid, ${chunkIndex}::int, s.pos, ${organizationId}::uuid, s.row_number, s.outcome::"ImportRowOutcome", s.error, s.cells::jsonb, s.email,
           s.first_name, s.last_name, s.phone, s.state, s.zip, s.county, s.fips, s.gender::"Gender", s.tobacco,
           s.birth::date, s.effective::date, s.carrier, COALESCE(s.recognized, false), s.plan
    FROM unnest(${col((r) => r.position)}::int[], ${col((r) => r.rowNumber)}::int[], ${col((r) => r.outcome)}::text[], ${col((r) => r.error)}::text[],
                ${col((r) => r.cells)}::text[], ${col((r) => r.email)}::text[], ${field((c) => c.firstName)}::text[], ${field((c) => c.lastName)}::text[],
                ${field((c) => c.phoneNumber)}::text[], ${field((c) => c.state)}::text[], ${field((c) => c.zipCode)}::text[], ${field((c) => c.county)}::text[],
                ${field((c) => c.countyFips)}::text[], ${field((c) => c.gender)}::text[], ${field((c) => c.tobaccoUser)}::boolean[], ${field((c) => c.birthDate)}::text[],
                ${field((c) => c.effectiveDate)}::text[], ${field((c) => c.currentCarrier)}::text[], ${field((c) => c.carrierRecognized)}::boolean[],
                ${field((c) => c.planType)}::text[])
         AS s(pos, row_number, outcome, error, cells, email, first_name, last_name, phone, state, zip, county, fips, gender, tobacco,
              birth, effective, carrier, recognized, plan)`;
}

/** Writes prepared rows of one chunk, `rowsPerStatement` rows per INSERT (bind parameters: one array per column). */
export async function insertStagedRows(
  tx: TxClient,
  { jobId, organizationId, chunkIndex, rows, rowsPerStatement = DEFAULT_ROWS_PER_STATEMENT }: { jobId: string; organizationId: string; chunkIndex: number; rows: StagedRow[]; rowsPerStatement?: number },
): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    await tx.$executeRaw(stagedRowsInsert(jobId, organizationId, chunkIndex, rows.slice(start, start + rowsPerStatement)));
  }
}
