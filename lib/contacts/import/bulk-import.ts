import "server-only";
import { AppError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { OTHER_CARRIER } from "@/lib/contacts/contact-fields";
import { createCarrierMapper, type SupportedCarrier } from "@/lib/contacts/import/carrier-mapping";
import {
  IMPORT_MESSAGES,
  rowValues,
  type BulkImportRequest,
  type BulkImportResponse,
  type CarrierConversion,
  type ImportErrorRow,
  type InvalidEmailRow,
} from "@/lib/contacts/import/import-types";
import { validateImportRow, type ValidatedContact } from "@/lib/contacts/import/validate-row";
import { lookupZip } from "@/lib/contacts/import/zip-county";
import { prisma, tenantTransaction, type TxClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { requestOrganizationReschedule } from "@/lib/outreach/triggers";
import { BOOK_CONTACT_SQL } from "@/lib/contacts/book";

/**
 * POST /api/contacts/bulk-import (client-side §7, domain-rules D.1.5 + D.2). The browser has parsed
 * and mapped the file; the server validates every row again and writes the result atomically.
 *
 * Who may import (client-side §6):
 * - Admins: any agent of the organization (or none) as "Assign to Agent"; may overwrite existing
 *   contacts (matched on the normalised email).
 * - Agents who are not admins: import into their own book. Overwrite is forced off and every row is
 *   assigned to themselves (an agent sees only their own contacts, so an import they could not see
 *   afterwards would be a trap); an agentId they send is ignored.
 * - Anyone else: 403 with the spec's text.
 *
 * Rows (reported, never written): invalid or blank email → invalidEmails ("Row n: email"); other
 * validation failures → errorRows; the same email twice in the file → the LAST row is imported and
 * the earlier ones are error rows; an existing email with overwrite off → error row "Email already
 * exists: …" (D.2 step 6). With overwrite on, an existing contact gets the file's values, except that a
 * blank cell keeps the stored value (a file without a phone column does not erase phones) and a
 * blank "Assign to Agent" keeps the contact's agent.
 *
 * Carriers are matched against the carriers table (names + aliases, special cases; D.2 step 7): a
 * match stores the standard name, anything else keeps the original text and is listed as a carrier
 * conversion (mapped to Other). State: the file's state when given, else the one of the ZIP (HUD
 * crosswalk); county from the ZIP when its state agrees.
 *
 * Atomic: the plan's contact limit is checked first (with the organization row locked, so two imports
 * cannot both pass it), then ONE transaction writes every row (multi-row UPDATE … FROM unnest and
 * INSERT … SELECT FROM unnest … ON CONFLICT DO NOTHING, in chunks), the import job and the audit row.
 * Any failure rolls all of it back.
 */

export type BulkImportUser = { id: string; isAdmin: boolean; isAgent: boolean };

export type BulkImportOptions = {
  organizationId: string;
  user: BulkImportUser;
  request: BulkImportRequest;
  now: Date;
  /** Rows per INSERT/UPDATE statement. */
  chunkSize?: number;
};

const DEFAULT_CHUNK = 5_000;
/** How many rows of each list the import job keeps (the response always has all of them). */
const JOB_LIST_CAP = 1_000;
/** Values echoed back in error rows are cut to this length (a 1 MB cell need not travel back whole). */
const ECHO_CHARS = 1_000;
const TRANSACTION_OPTIONS = { timeout: 180_000, maxWait: 15_000 };

function echoValues(row: Parameters<typeof rowValues>[0]) {
  const values = rowValues(row);
  for (const key of Object.keys(values) as (keyof typeof values)[]) if (values[key].length > ECHO_CHARS) values[key] = `${values[key].slice(0, ECHO_CHARS)}…`;
  return values;
}

type PreparedContact = ValidatedContact & { countyFips: string | null; carrierRecognized: boolean; requestIndex: number };

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

function placeFor(contact: ValidatedContact): Pick<PreparedContact, "state" | "county" | "countyFips"> {
  const place = contact.zipCode ? lookupZip(contact.zipCode) : null;
  const state = contact.state ?? place?.state ?? null;
  const sameState = place !== null && place.state === state;
  return {
    state,
    county: contact.county ?? (sameState ? place.county : null),
    countyFips: sameState && (!contact.county || contact.county.toLowerCase() === place.county?.toLowerCase()) ? place.countyFips : null,
  };
}

function limitMessage(allowed: number, current: number, adding: number): string {
  const n = (v: number) => v.toLocaleString("en-US");
  return `Your plan allows ${n(allowed)} contacts. You have ${n(current)}, and this file would add ${n(adding)} new contacts (${n(current + adding - allowed)} over the limit). Nothing was imported: upgrade your plan or remove rows, then upload again.`;
}

const column = <T,>(rows: PreparedContact[], pick: (c: PreparedContact) => T) => rows.map(pick);

async function insertChunk(tx: TxClient, organizationId: string, agentId: string | null, now: Date, rows: PreparedContact[]): Promise<number> {
  return tx.$executeRaw(Prisma.sql`
    INSERT INTO contacts (id, organization_id, first_name, last_name, email, phone_number, state, zip_code, county, county_fips,
                          gender, tobacco_user, birth_date, effective_date, current_carrier, plan_type, agent_id, source, created_at, updated_at)
    SELECT gen_random_uuid(), ${organizationId}::uuid, s.first_name, s.last_name, s.email, s.phone, s.state, s.zip, s.county, s.fips,
           s.gender::"Gender", COALESCE(s.tobacco, false), s.birth::date, s.effective::date, s.carrier, s.plan, ${agentId}::uuid,
           'csv'::"ContactSource", ${now}, ${now}
    FROM unnest(${column(rows, (c) => c.firstName)}::text[], ${column(rows, (c) => c.lastName)}::text[], ${column(rows, (c) => c.email)}::text[],
                ${column(rows, (c) => c.phoneNumber)}::text[], ${column(rows, (c) => c.state)}::text[], ${column(rows, (c) => c.zipCode)}::text[],
                ${column(rows, (c) => c.county)}::text[], ${column(rows, (c) => c.countyFips)}::text[], ${column(rows, (c) => c.gender)}::text[],
                ${column(rows, (c) => c.tobaccoUser)}::boolean[], ${column(rows, (c) => c.birthDate)}::text[], ${column(rows, (c) => c.effectiveDate)}::text[],
                ${column(rows, (c) => c.currentCarrier)}::text[], ${column(rows, (c) => c.planType)}::text[])
         AS s(first_name, last_name, email, phone, state, zip, county, fips, gender, tobacco, birth, effective, carrier, plan)
    ON CONFLICT (organization_id, email) DO NOTHING`);
}

async function updateChunk(tx: TxClient, organizationId: string, agentId: string | null, now: Date, rows: PreparedContact[]): Promise<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE contacts AS c SET
      first_name = s.first_name,
      last_name = s.last_name,
      phone_number = COALESCE(s.phone, c.phone_number),
      state = COALESCE(s.state, c.state),
      zip_code = COALESCE(s.zip, c.zip_code),
      county = CASE WHEN s.zip IS NOT NULL OR s.county IS NOT NULL THEN s.county ELSE c.county END,
      county_fips = CASE WHEN s.zip IS NOT NULL OR s.county IS NOT NULL THEN s.fips ELSE c.county_fips END,
      gender = COALESCE(s.gender::"Gender", c.gender),
      tobacco_user = COALESCE(s.tobacco, c.tobacco_user),
      birth_date = COALESCE(s.birth::date, c.birth_date),
      effective_date = COALESCE(s.effective::date, c.effective_date),
      current_carrier = COALESCE(s.carrier, c.current_carrier),
      current_carrier_naic = CASE WHEN s.carrier IS NULL OR s.carrier = c.current_carrier THEN c.current_carrier_naic END,
      plan_type = COALESCE(s.plan, c.plan_type),
      agent_id = COALESCE(${agentId}::uuid, c.agent_id),
      updated_at = ${now}
    FROM unnest(${column(rows, (c) => c.firstName)}::text[], ${column(rows, (c) => c.lastName)}::text[], ${column(rows, (c) => c.email)}::text[],
                ${column(rows, (c) => c.phoneNumber)}::text[], ${column(rows, (c) => c.state)}::text[], ${column(rows, (c) => c.zipCode)}::text[],
                ${column(rows, (c) => c.county)}::text[], ${column(rows, (c) => c.countyFips)}::text[], ${column(rows, (c) => c.gender)}::text[],
                ${column(rows, (c) => c.tobaccoUser)}::boolean[], ${column(rows, (c) => c.birthDate)}::text[], ${column(rows, (c) => c.effectiveDate)}::text[],
                ${column(rows, (c) => c.currentCarrier)}::text[], ${column(rows, (c) => c.planType)}::text[])
         AS s(first_name, last_name, email, phone, state, zip, county, fips, gender, tobacco, birth, effective, carrier, plan)
    WHERE c.organization_id = ${organizationId}::uuid AND c.email = s.email`);
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function bulkImportContacts({ organizationId, user, request, now, chunkSize = DEFAULT_CHUNK }: BulkImportOptions): Promise<BulkImportResponse> {
  if (!user.isAdmin && !user.isAgent) throw new AppError("forbidden", IMPORT_MESSAGES.forbidden);
  const overwrite = user.isAdmin && request.overwriteExisting;
  const agentId = user.isAdmin ? request.agentId : user.id;
  const totalRows = request.contacts.length;
  if (totalRows === 0) throw new AppError("bad_request", IMPORT_MESSAGES.noValidContacts);

  // 1. Validate every row; the last row of an email wins.
  const invalidEmails: InvalidEmailRow[] = [];
  const errorRows: ImportErrorRow[] = [];
  const byEmail = new Map<string, { contact: ValidatedContact; index: number }>();
  request.contacts.forEach((row, index) => {
    const result = validateImportRow(row, { now });
    if (result.invalidEmail) {
      invalidEmails.push({ rowNumber: row.rowNumber, email: row.email.trim() });
      return;
    }
    if (!result.contact) {
      errorRows.push({ rowNumber: row.rowNumber, values: echoValues(row), error: result.errors.join("; ") });
      return;
    }
    const earlier = byEmail.get(result.contact.email);
    if (earlier) {
      const first = request.contacts[earlier.index]!;
      errorRows.push({ rowNumber: first.rowNumber, values: echoValues(first), error: `Duplicate email in this file: ${result.contact.email} (row ${row.rowNumber} is imported instead)` });
    }
    byEmail.set(result.contact.email, { contact: result.contact, index });
  });
  if (invalidEmails.length === totalRows) throw new AppError("bad_request", IMPORT_MESSAGES.noValidContacts);

  // 2. Carriers and places (outside the transaction: reference data only). The validated objects are
  // completed in place: at 50,000 rows every extra copy of the data set costs memory.
  const mapper = createCarrierMapper(await listImportCarriers(), { fuzzy: false });
  const prepared: PreparedContact[] = [];
  for (const { contact, index } of [...byEmail.values()].sort((a, b) => a.index - b.index)) {
    const carrier = mapper.map(contact.currentCarrier);
    const row = Object.assign(contact, placeFor(contact), { carrierRecognized: carrier.recognized, requestIndex: index });
    if (carrier.recognized) row.currentCarrier = carrier.carrier;
    prepared.push(row);
  }
  byEmail.clear();
  const startedAt = new Date();

  // 3. One transaction: lock, check, write everything, record.
  const outcome = await tenantTransaction(
    organizationId,
    async (tx) => {
      const [org] = await tx.$queryRaw<{ contact_limit: number; extra_contacts: number }[]>`
        SELECT contact_limit, extra_contacts FROM organizations WHERE id = ${organizationId}::uuid FOR UPDATE`;
      if (!org) throw AppError.notFound();
      if (agentId) {
        const agent = await tx.user.findFirst({ where: { id: agentId, organizationId }, select: { isActive: true } });
        if (!agent?.isActive) throw new AppError("not_found", IMPORT_MESSAGES.agentNotFound, { fields: { agentId: [IMPORT_MESSAGES.agentNotFound] } });
      }

      const existing = new Set<string>();
      for (const part of chunks(prepared, 10_000)) {
        const rows = await tx.$queryRaw<{ email: string }[]>`
          SELECT email FROM contacts WHERE organization_id = ${organizationId}::uuid AND email = ANY(${part.map((c) => c.email)}::text[])`;
        for (const r of rows) existing.add(r.email);
      }
      const toInsert = prepared.filter((c) => !existing.has(c.email));
      const toUpdate = overwrite ? prepared.filter((c) => existing.has(c.email)) : [];
      const existingErrors: ImportErrorRow[] = overwrite
        ? []
        : prepared
            .filter((c) => existing.has(c.email))
            .map((c) => {
              return { rowNumber: c.rowNumber, values: echoValues(request.contacts[c.requestIndex]!), error: `Email already exists: ${c.email}` };
            });

      if (org.contact_limit >= 0 && toInsert.length > 0) {
        const allowed = org.contact_limit + org.extra_contacts;
        const [{ count }] = (await tx.$queryRaw<{ count: number }[]>`
          SELECT count(*)::int AS count FROM contacts WHERE organization_id = ${organizationId}::uuid AND ${BOOK_CONTACT_SQL}`) as [{ count: number }];
        if (count + toInsert.length > allowed) throw new AppError("conflict", limitMessage(allowed, count, toInsert.length));
      }

      let updated = 0;
      for (const part of chunks(toUpdate, chunkSize)) updated += await updateChunk(tx, organizationId, agentId, now, part);
      let inserted = 0;
      for (const part of chunks(toInsert, chunkSize)) inserted += await insertChunk(tx, organizationId, agentId, now, part);

      const written = [...toUpdate, ...toInsert];
      const carrierConversions: CarrierConversion[] = written
        .filter((c) => c.currentCarrier && !c.carrierRecognized)
        .map((c) => ({ rowNumber: c.rowNumber, original: c.currentCarrier!, mappedTo: OTHER_CARRIER }))
        .sort((a, b) => a.rowNumber - b.rowNumber);
      const allErrors = [...errorRows, ...existingErrors].sort((a, b) => a.rowNumber - b.rowNumber);
      const skipped = totalRows - inserted - updated;

      const job = await tx.importJob.create({
        data: {
          organizationId,
          status: "completed",
          fileName: request.fileName ?? null,
          totalRows,
          addedCount: inserted,
          updatedCount: updated,
          skippedCount: skipped,
          errorCount: allErrors.length + invalidEmails.length,
          carrierConversionCount: carrierConversions.length,
          invalidEmails: invalidEmails.slice(0, JOB_LIST_CAP).map((r) => ({ row: r.rowNumber, email: r.email, reason: IMPORT_MESSAGES.invalidEmail })),
          errorRows: allErrors.slice(0, JOB_LIST_CAP).map((r) => ({ row: r.rowNumber, error: r.error })),
          unrecognizedCarrierRows: carrierConversions.slice(0, JOB_LIST_CAP).map((r) => ({ row: r.rowNumber, carrier: r.original })),
          overwriteExisting: overwrite,
          agentId,
          createdById: user.id,
          startedAt,
          finishedAt: new Date(),
        },
        select: { id: true },
      });
      await recordAudit(tx, {
        organizationId,
        actorUserId: user.id,
        action: "contacts.imported",
        entityType: "import_job",
        entityId: job.id,
        metadata: {
          totalRows,
          newContacts: inserted,
          updatedContacts: updated,
          skippedRows: skipped,
          errorRows: allErrors.length,
          invalidEmails: invalidEmails.length,
          carrierConversions: carrierConversions.length,
          overwriteExisting: overwrite,
          agentId,
        },
      });
      return { jobId: job.id, inserted, updated, skipped, allErrors, carrierConversions };
    },
    TRANSACTION_OPTIONS,
  );

  const imported = outcome.inserted + outcome.updated;
  // Thousands of contacts may be new: the organization's reschedule is queued for the job runner.
  if (imported > 0) await requestOrganizationReschedule({ organizationId, now });
  const n = (v: number) => v.toLocaleString("en-US");
  return {
    success: true,
    message: `Successfully imported ${n(imported)} contact${imported === 1 ? "" : "s"}${outcome.skipped ? ` (${n(outcome.skipped)} skipped)` : ""}.`,
    totalRows,
    newContacts: outcome.inserted,
    updatedContacts: outcome.updated,
    skippedRows: outcome.skipped,
    errorRows: outcome.allErrors,
    invalidEmails,
    carrierConversions: outcome.carrierConversions,
    importJobId: outcome.jobId,
  };
}
