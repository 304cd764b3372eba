import "server-only";
import { AppError } from "@/lib/api/errors";
import { BOOK_CONTACT_SQL } from "@/lib/contacts/book";
import { OTHER_CARRIER } from "@/lib/contacts/contact-fields";
import { contactLimitMessage } from "@/lib/contacts/import/import-job-rules";
import {
  IMPORT_MESSAGES,
  type CarrierConversion,
  type ImportErrorRow,
  type InvalidEmailRow,
} from "@/lib/contacts/import/import-types";
import { cellsFromStaged } from "@/lib/contacts/import/stage-import-rows";
import type { TxClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { CarrierResolver } from "@/lib/carriers/resolve-carrier";

/**
 * The second half of every import: the staged rows of one job written to contacts, inside the caller's
 * tenant transaction (row-level security on), with set-based SQL so that 200,000 rows take seconds:
 *
 * 1. The organization row is locked (two imports cannot both pass the plan limit) and the agent checked.
 * 2. The valid rows go to a temporary table (dropped at commit), each with the line of the next valid
 *    row of the same email (one sort): of the rows with one email, the LAST in file order (no next row)
 *    is imported and the earlier ones are error rows ("Duplicate email in this file: … (row n is
 *    imported instead)"). The imported ones are flagged when the email already exists.
 * 3. The plan's contact limit: the book plus the new emails must fit.
 * 4. Overwrite on: existing contacts get the file's values, except that a blank cell keeps the stored
 *    value and a blank "Assign to Agent" keeps the contact's agent (UPDATE … FROM). A new carrier text
 *    brings its NAIC group (or none); the same text keeps the contact's NAIC. Overwrite off: an
 *    existing email is left alone and counted as unchanged (not an error: re-uploading the same file
 *    says "N rows match existing contacts and were left unchanged", #18 point 5).
 * 5. New emails: INSERT … SELECT … ON CONFLICT (organization_id, email) DO NOTHING, each with its
 *    carrier's NAIC group (lib/carriers/resolve-carrier.ts; one lookup per distinct carrier text).
 *    Before 4 and 5 write, one read says whether they may change a household address key (`addressesChanged`,
 *    docs/households.md): the caller runs the household suggester only when they do.
 * 6. The report, read back in file order: invalid emails, error rows (sorted by spreadsheet line) and
 *    carrier conversions (written rows whose carrier was not recognized, mapped to Other).
 *
 * Any failure throws, and the caller's transaction rolls all of it back.
 */

export type CommitOutcome = {
  totalRows: number;
  inserted: number;
  updated: number;
  skipped: number;
  /** Rows whose email is an existing contact, left alone because overwrite is off. */
  unchanged: number;
  errorRows: ImportErrorRow[];
  invalidEmails: InvalidEmailRow[];
  carrierConversions: CarrierConversion[];
  /**
   * The import may have changed a household address key: a new contact with a street line and a ZIP, or an
   * overwritten contact whose street, unit or ZIP changed while it has a street before or after (a ZIP change
   * alone moves a contact whose street is already stored). False: no pairing can have changed.
   */
  addressesChanged: boolean;
};

export type CommitStagedRowsOptions = {
  jobId: string;
  organizationId: string;
  overwrite: boolean;
  agentId: string | null;
  /** Rows the job announced; the staged rows must be exactly these. */
  totalRows: number;
  now: Date;
  /** Carrier text → its NAIC group (lib/carriers), loaded before the transaction. */
  carriers: Pick<CarrierResolver, "resolve">;
};

type ErrorRecord = {
  kind: "error" | "duplicate";
  row_number: number;
  cells: string[];
  error: string | null;
  email: string;
  next_row: number | null;
};

function errorText(r: ErrorRecord): string {
  if (r.kind === "duplicate") return `Duplicate email in this file: ${r.email} (row ${r.next_row} is imported instead)`;
  return r.error ?? "";
}

/** "Assign to Agent" must be an active user of the organization (404 with the field otherwise). */
export async function assertActiveAgent(tx: TxClient, organizationId: string, agentId: string | null): Promise<void> {
  if (!agentId) return;
  const agent = await tx.user.findFirst({ where: { id: agentId, organizationId }, select: { isActive: true } });
  if (!agent?.isActive)
    throw new AppError("not_found", IMPORT_MESSAGES.agentNotFound, {
      fields: { agentId: [IMPORT_MESSAGES.agentNotFound] },
    });
}

export async function commitStagedRows(
  tx: TxClient,
  { jobId, organizationId, overwrite, agentId, totalRows, now, carriers }: CommitStagedRowsOptions,
): Promise<CommitOutcome> {
  const counts = await tx.$queryRaw<{ outcome: string; n: number }[]>`
    SELECT outcome::text AS outcome, count(*)::int AS n FROM import_job_rows WHERE import_job_id = ${jobId}::uuid GROUP BY outcome`;
  const staged = new Map(counts.map((c) => [c.outcome, c.n]));
  const received = counts.reduce((sum, c) => sum + c.n, 0);
  if (received !== totalRows) throw new AppError("conflict", IMPORT_MESSAGES.uploadIncomplete(received, totalRows));
  if ((staged.get("invalid_email") ?? 0) === totalRows)
    throw new AppError("bad_request", IMPORT_MESSAGES.noValidContacts);

  // 1. Lock and check.
  const [org] = await tx.$queryRaw<{ contact_limit: number; extra_contacts: number }[]>`
    SELECT contact_limit, extra_contacts FROM organizations WHERE id = ${organizationId}::uuid FOR UPDATE`;
  if (!org) throw AppError.notFound();
  await assertActiveAgent(tx, organizationId, agentId);

  // 2. The valid rows with the next row of their email; the last of each email flagged when it exists.
  await tx.$executeRaw`
    CREATE TEMPORARY TABLE import_commit_rows (
      chunk_index int NOT NULL, position int NOT NULL, row_number int NOT NULL, next_row int, email text NOT NULL,
      first_name text, last_name text, phone_number text, state text, zip_code text, county text, county_fips text,
      gender "Gender", tobacco_user boolean, birth_date date, effective_date date, current_carrier text,
      carrier_recognized boolean NOT NULL, plan_type text, existing boolean NOT NULL DEFAULT false, current_carrier_naic text,
      street_address text, address_unit text
    ) ON COMMIT DROP`;
  // Each distinct carrier text once, to its NAIC group (what rate-increase emails match on).
  const carrierTexts = await tx.$queryRaw<{ current_carrier: string }[]>`
    SELECT DISTINCT current_carrier FROM import_job_rows WHERE import_job_id = ${jobId}::uuid AND outcome = 'valid' AND current_carrier IS NOT NULL`;
  const resolved = carrierTexts
    .map(({ current_carrier: text }) => [text, carriers.resolve(text)] as const)
    .filter(([, naic]) => naic !== null);
  await tx.$executeRaw`
    INSERT INTO import_commit_rows (chunk_index, position, row_number, next_row, email, first_name, last_name, phone_number, state, zip_code,
                                    county, county_fips, gender, tobacco_user, birth_date, effective_date, current_carrier, carrier_recognized, plan_type,
                                    current_carrier_naic, street_address, address_unit)
    SELECT r.chunk_index, r.position, r.row_number, lead(r.row_number) OVER (PARTITION BY r.email ORDER BY r.chunk_index, r.position), r.email, r.first_name,
           r.last_name, r.phone_number, r.state, r.zip_code, r.county, r.county_fips, r.gender, r.tobacco_user, r.birth_date, r.effective_date, r.current_carrier,
           r.carrier_recognized, r.plan_type, m.naic, r.street_address, r.address_unit
    FROM import_job_rows AS r
    LEFT JOIN unnest(${resolved.map(([text]) => text)}::text[], ${resolved.map(([, naic]) => naic)}::text[]) AS m(carrier, naic) ON m.carrier = r.current_carrier
    WHERE r.import_job_id = ${jobId}::uuid AND r.outcome = 'valid'`;
  await tx.$executeRaw`ANALYZE import_commit_rows`;
  // An address held only by an unconfirmed self-signup is the file's (create-contact.ts releaseUnconfirmedSignup).
  await tx.$executeRaw`
    DELETE FROM contacts AS c USING import_commit_rows AS w
    WHERE w.next_row IS NULL AND c.organization_id = ${organizationId}::uuid AND c.unverified_since IS NOT NULL AND c.email = w.email`;
  await tx.$executeRaw`
    UPDATE import_commit_rows AS w SET existing = true FROM contacts AS c
    WHERE w.next_row IS NULL AND c.organization_id = ${organizationId}::uuid AND c.email = w.email`;
  const [{ new_rows: newRows }] = (await tx.$queryRaw<{ new_rows: number }[]>`
    SELECT count(*)::int AS new_rows FROM import_commit_rows WHERE next_row IS NULL AND NOT existing`) as [
    { new_rows: number },
  ];

  // 3. The plan's contact limit.
  if (org.contact_limit >= 0 && newRows > 0) {
    const allowed = org.contact_limit + org.extra_contacts;
    const [{ count }] = (await tx.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM contacts WHERE organization_id = ${organizationId}::uuid AND ${BOOK_CONTACT_SQL}`) as [
      { count: number },
    ];
    if (count + newRows > allowed) throw new AppError("conflict", contactLimitMessage(allowed, count, newRows));
  }

  // 4. Existing contacts (overwrite on). The overwritten address, once: it is what the UPDATE writes and what decides
  // whether a household key may change (compared with the stored one before the UPDATE).
  const street = Prisma.sql`COALESCE(s.street_address, c.street_address)`;
  const unit = Prisma.sql`CASE WHEN s.street_address IS NOT NULL THEN s.address_unit ELSE COALESCE(s.address_unit, c.address_unit) END`;
  const zip = Prisma.sql`COALESCE(s.zip_code, c.zip_code)`;
  const [{ changed: addressesChanged }] = (await tx.$queryRaw<{ changed: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM import_commit_rows AS s
      WHERE s.next_row IS NULL AND NOT s.existing AND s.street_address IS NOT NULL AND s.zip_code IS NOT NULL
    ) OR (${overwrite} AND EXISTS (
      SELECT 1 FROM import_commit_rows AS s JOIN contacts AS c ON c.organization_id = ${organizationId}::uuid AND c.email = s.email
      WHERE s.existing AND ${street} IS NOT NULL
        AND (${street}, ${unit}, ${zip}) IS DISTINCT FROM (c.street_address, c.address_unit, c.zip_code)
    )) AS changed`) as [{ changed: boolean }];
  const updated = overwrite
    ? await tx.$executeRaw`
        UPDATE contacts AS c SET
          first_name = s.first_name,
          last_name = s.last_name,
          phone_number = COALESCE(s.phone_number, c.phone_number),
          state = COALESCE(s.state, c.state),
          zip_code = ${zip},
          county = CASE WHEN s.zip_code IS NOT NULL OR s.county IS NOT NULL THEN s.county ELSE c.county END,
          county_fips = CASE WHEN s.zip_code IS NOT NULL OR s.county IS NOT NULL THEN s.county_fips ELSE c.county_fips END,
          gender = COALESCE(s.gender, c.gender),
          tobacco_user = COALESCE(s.tobacco_user, c.tobacco_user),
          birth_date = COALESCE(s.birth_date, c.birth_date),
          effective_date = COALESCE(s.effective_date, c.effective_date),
          current_carrier = COALESCE(s.current_carrier, c.current_carrier),
          current_carrier_naic = CASE WHEN s.current_carrier IS NULL OR (s.current_carrier = c.current_carrier AND c.current_carrier_naic IS NOT NULL)
                                      THEN c.current_carrier_naic ELSE s.current_carrier_naic END,
          plan_type = COALESCE(s.plan_type, c.plan_type),
          -- A file's street line replaces the stored address, unit included (a blank Address 2 is no unit there);
          -- a row without a street line keeps both.
          street_address = ${street},
          address_unit = ${unit},
          agent_id = COALESCE(${agentId}::uuid, c.agent_id),
          updated_at = ${now}
        FROM import_commit_rows AS s
        WHERE s.existing AND c.organization_id = ${organizationId}::uuid AND c.email = s.email`
    : 0;

  // 5. New contacts.
  const inserted = await tx.$executeRaw`
    INSERT INTO contacts (id, organization_id, first_name, last_name, email, phone_number, state, zip_code, county, county_fips,
                          gender, tobacco_user, birth_date, effective_date, current_carrier, current_carrier_naic, plan_type, agent_id, source, created_at, updated_at,
                          street_address, address_unit)
    SELECT gen_random_uuid(), ${organizationId}::uuid, s.first_name, s.last_name, s.email, s.phone_number, s.state, s.zip_code, s.county, s.county_fips,
           s.gender, COALESCE(s.tobacco_user, false), s.birth_date, s.effective_date, s.current_carrier, s.current_carrier_naic, s.plan_type, ${agentId}::uuid,
           'csv'::"ContactSource", ${now}, ${now}, s.street_address, s.address_unit
    FROM import_commit_rows AS s
    WHERE s.next_row IS NULL AND NOT s.existing
    ORDER BY s.chunk_index, s.position
    ON CONFLICT (organization_id, email) DO NOTHING`;

  // 6. The report.
  const invalidEmails = (
    await tx.$queryRaw<{ row_number: number; email: string }[]>`
      SELECT row_number, email FROM import_job_rows
      WHERE import_job_id = ${jobId}::uuid AND outcome = 'invalid_email' ORDER BY chunk_index, position`
  ).map((r) => ({ rowNumber: r.row_number, email: r.email }));
  // The cells of duplicate and existing rows by primary key, row by row: a join would be planned from the
  // staging table's statistics, which a freshly filled table lacks (a nested loop over every row was seen).
  const errorRows = (
    await tx.$queryRaw<ErrorRecord[]>`
      SELECT kind, row_number, cells, error, email, next_row FROM (
        SELECT 'error' AS kind, chunk_index, position, row_number, cells, error, email, NULL::int AS next_row
        FROM import_job_rows WHERE import_job_id = ${jobId}::uuid AND outcome = 'error'
        UNION ALL
        SELECT 'duplicate', s.chunk_index, s.position, s.row_number,
               (SELECT r.cells FROM import_job_rows AS r WHERE r.import_job_id = ${jobId}::uuid AND r.chunk_index = s.chunk_index AND r.position = s.position),
               NULL, s.email, s.next_row
        FROM import_commit_rows AS s
        WHERE s.next_row IS NOT NULL
      ) AS e
      ORDER BY row_number, chunk_index, position`
  ).map((r) => ({ rowNumber: r.row_number, values: cellsFromStaged(r.cells), error: errorText(r) }));
  const unchanged = overwrite
    ? 0
    : ((
        await tx.$queryRaw<
          { n: number }[]
        >`SELECT count(*)::int AS n FROM import_commit_rows WHERE next_row IS NULL AND existing`
      )[0]?.n ?? 0);
  const carrierConversions = (
    await tx.$queryRaw<{ row_number: number; current_carrier: string }[]>`
      SELECT row_number, current_carrier FROM import_commit_rows
      WHERE next_row IS NULL AND current_carrier IS NOT NULL AND NOT carrier_recognized AND (NOT existing OR ${overwrite})
      ORDER BY row_number, chunk_index, position`
  ).map((r) => ({ rowNumber: r.row_number, original: r.current_carrier, mappedTo: OTHER_CARRIER }));

  return {
    totalRows,
    inserted,
    updated,
    skipped: totalRows - inserted - updated,
    unchanged,
    errorRows,
    invalidEmails,
    carrierConversions,
    addressesChanged,
  };
}
