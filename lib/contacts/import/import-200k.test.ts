import { performance } from "node:perf_hooks";
import { commitImportJob, createImportJob, stageImportChunk } from "@/lib/contacts/import/import-jobs";
import { importChunkBody, planImportChunks } from "@/lib/contacts/import/import-chunks";
import {
  importChunkSchema,
  MAX_IMPORT_CHUNK_BYTES,
  MAX_IMPORT_ROWS,
  type ImportContactInput,
} from "@/lib/contacts/import/import-types";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact } from "@/lib/testing/factories";
import { asImportUser, importAgency, seedImportCarriers } from "@/lib/testing/import-fixtures";

/**
 * The largest file an import takes (MAX_IMPORT_ROWS = 200,000 rows) through the chunked path's library
 * functions on this test file's own database, as the browser sends it: rows cut into chunks of at most
 * 1.5 MB of JSON, each parsed and checked as the chunk route does, staged, then one commit. On embedded
 * PGlite (single-threaded WASM) this takes about half a minute (10 s of chunks, 20 s of commit on a
 * 2-core machine; a file of its own, so jest runs it beside the others); on PostgreSQL
 * bench/csv-import.ts measures the same path.
 */

const db = setupTestDatabase();
const NOW = new Date("2026-03-15T15:00:00Z");
const ROWS = MAX_IMPORT_ROWS;
const ZIPS = ["78701", "10001", "60601", "33101", "97201", "85001", "07030", "30301"];
const CARRIERS = ["Humana", "UnitedHealthcare", "AARP/UHC", "Globe Life", ""];

/** Row i: every 100th has an invalid email, every 250th repeats the email of the row before it (other case). */
function fileRow(i: number): ImportContactInput {
  const email =
    i % 100 === 99 ? `row${i}.at.example.com` : i % 250 === 249 ? `Row${i - 1}@Example.com` : `row${i}@example.com`;
  return {
    rowNumber: i + 2,
    firstName: `First${i}`,
    lastName: `Last${i % 977}`,
    email,
    phoneNumber: `(512) 555-${String(i % 10_000).padStart(4, "0")}`,
    currentCarrier: CARRIERS[i % CARRIERS.length]!,
    effectiveDate: `${(i % 12) + 1}/1/2024`,
    birthDate: `1950-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
    tobaccoUser: i % 13 === 0 ? "Yes" : "No",
    gender: i % 2 ? "F" : "M",
    zipCode: ZIPS[i % ZIPS.length]!,
    planType: i % 3 ? "Plan G" : "Plan N",
  };
}

it(`stages ${ROWS.toLocaleString("en-US")} rows in chunks of at most 1.5 MB and commits them in one transaction`, async () => {
  await seedImportCarriers(db.prisma);
  const agency = await importAgency(db.prisma, { now: NOW });
  const organizationId = agency.org.id;
  const user = asImportUser(agency.admin);
  await createContact(db.prisma, organizationId, { now: NOW, email: "row0@example.com", firstName: "Existing" });

  const rowJson = Array.from({ length: ROWS }, (_, i) => JSON.stringify(fileRow(i)));
  const chunks = planImportChunks(rowJson);
  expect(Math.max(...chunks.map((c) => c.bytes))).toBeLessThanOrEqual(MAX_IMPORT_CHUNK_BYTES);

  const t0 = performance.now();
  const { jobId } = await createImportJob({
    organizationId,
    user,
    request: { overwriteExisting: false, agentId: null, totalRows: ROWS },
    now: NOW,
  });
  for (const chunk of chunks) {
    const body = importChunkSchema.parse(JSON.parse(importChunkBody(chunk, rowJson)));
    await stageImportChunk({ organizationId, user, jobId, chunk: body, now: NOW });
  }
  const stagedMs = performance.now() - t0;
  expect(await db.prisma.importJobRow.count({ where: { importJobId: jobId } })).toBe(ROWS);

  const t1 = performance.now();
  const result = await commitImportJob({ organizationId, user, jobId, now: NOW });
  const commitMs = performance.now() - t1;
  console.info(
    `[import-200k] ${db.kind}: ${chunks.length} chunks staged in ${(stagedMs / 1000).toFixed(1)} s, commit ${(commitMs / 1000).toFixed(1)} s`,
  );

  const indices = Array.from({ length: ROWS }, (_, i) => i);
  const isInvalid = (i: number) => i % 100 === 99;
  const repeatsEarlier = (i: number) => i % 250 === 249 && !isInvalid(i);
  const invalid = indices.filter(isInvalid).length;
  const repeats = indices.filter(repeatsEarlier).length;
  const written = indices.filter((i) => i !== 0 && !isInvalid(i) && !repeatsEarlier(i + 1));
  // Row 0's email already exists (overwrite off): left alone and counted as unchanged, not an error.
  expect(result).toMatchObject({
    success: true,
    totalRows: ROWS,
    updatedContacts: 0,
    newContacts: ROWS - invalid - repeats - 1,
    skippedRows: invalid + repeats + 1,
  });
  expect(result.invalidEmails).toHaveLength(invalid);
  expect(result.unchangedContacts).toBe(1);
  expect(result.errorRows).toHaveLength(repeats);
  expect(result.errorRows[0]).toMatchObject({
    rowNumber: 250,
    error: "Duplicate email in this file: row248@example.com (row 251 is imported instead)",
  });
  expect(written).toHaveLength(result.newContacts);
  // "Globe Life" is not a supported carrier: kept as written, listed as a conversion.
  expect(result.carrierConversions.map((c) => c.rowNumber)).toEqual(
    written.filter((i) => fileRow(i).currentCarrier === "Globe Life").map((i) => i + 2),
  );
  expect(await db.prisma.contact.count({ where: { organizationId } })).toBe(result.newContacts + 1);
  expect(await db.prisma.importJobRow.count({ where: { importJobId: jobId } })).toBe(0);
  expect(
    await db.prisma.contact.findFirstOrThrow({ where: { organizationId, email: "row248@example.com" } }),
  ).toMatchObject({ firstName: "First249", state: "NY", zipCode: "10001" });
}, 300_000);
