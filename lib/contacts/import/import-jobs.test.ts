import { POST as createRoute } from "@/app/api/contacts/import-jobs/route";
import { DELETE as cancelRoute } from "@/app/api/contacts/import-jobs/[id]/route";
import { POST as chunkRoute } from "@/app/api/contacts/import-jobs/[id]/chunks/route";
import { POST as commitRoute } from "@/app/api/contacts/import-jobs/[id]/commit/route";
import {
  cancelImportJob,
  commitImportJob,
  createImportJob,
  deleteAbandonedImportJobs,
  stageImportChunk,
} from "@/lib/contacts/import/import-jobs";
import { IMPORT_MESSAGES, importChunkSchema, type ImportContactInput } from "@/lib/contacts/import/import-types";
import { sessionCache } from "@/lib/auth/session";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createSession, createUser } from "@/lib/testing/factories";
import {
  asImportUser,
  importAgency,
  importRow as row,
  jsonRequest,
  numbered,
  seedImportCarriers,
} from "@/lib/testing/import-fixtures";

const db = setupTestDatabase();
const NOW = new Date("2026-03-15T15:00:00Z");
const HOUR = 3_600_000;

beforeAll(() => seedImportCarriers(db.prisma));

const ctx = (id?: string) => ({ params: Promise.resolve(id ? { id } : {}) });

/** The four routes of a chunked upload, as one signed-in user. */
function routes(cookie?: string) {
  return {
    create: (body: unknown) => createRoute(jsonRequest("/api/contacts/import-jobs", { body, cookie }), ctx()),
    chunk: (id: string, body: unknown, headers?: Record<string, string>) =>
      chunkRoute(jsonRequest(`/api/contacts/import-jobs/${id}/chunks`, { body, cookie, headers }), ctx(id)),
    commit: (id: string) => commitRoute(jsonRequest(`/api/contacts/import-jobs/${id}/commit`, { cookie }), ctx(id)),
    cancel: (id: string) =>
      cancelRoute(jsonRequest(`/api/contacts/import-jobs/${id}`, { method: "DELETE", cookie }), ctx(id)),
  };
}

async function signedIn(user: { id: string }) {
  // The routes read the clock, so the session is made at the clock's time.
  return routes((await createSession(db.prisma, user.id, { now: new Date() })).cookie);
}

const chunk = (index: number, contacts: ImportContactInput[]) => importChunkSchema.parse({ index, contacts });
const staged = (jobId: string) => db.prisma.importJobRow.count({ where: { importJobId: jobId } });
const contactsOf = (organizationId: string) => db.prisma.contact.count({ where: { organizationId } });

/** A library-level upload: the job opened and the given chunks staged (not committed). */
async function stagedUpload(
  agency: Awaited<ReturnType<typeof importAgency>>,
  chunks: ImportContactInput[][],
  {
    now = NOW,
    totalRows,
    overwriteExisting = false,
  }: { now?: Date; totalRows?: number; overwriteExisting?: boolean } = {},
) {
  const user = asImportUser(agency.admin);
  const organizationId = agency.org.id;
  const total = totalRows ?? chunks.reduce((n, c) => n + c.length, 0);
  const { jobId } = await createImportJob({
    organizationId,
    user,
    request: { overwriteExisting, agentId: null, totalRows: total },
    now,
  });
  for (const [index, contacts] of chunks.entries())
    await stageImportChunk({ organizationId, user, jobId, chunk: chunk(index, contacts), now });
  return { jobId, user, organizationId };
}

describe("chunked import through the routes", () => {
  it("stages chunks (a retried index once, any order) and commits them with the bulk-import answer", async () => {
    const { org, admin, agent } = await importAgency(db.prisma, { now: NOW });
    const api = await signedIn(admin);
    const dupEmail = `dup.${Date.now()}@example.com`;
    const file = numbered([
      row({ email: " Grace.Hopper@EXAMPLE.com ", firstName: "Grace", currentCarrier: "AARP/UHC", zipCode: "7030" }),
      row({ email: "nope" }),
      row({ email: dupEmail, firstName: "First" }),
      row({ lastName: "", gender: "X" }),
      row({ email: dupEmail.toUpperCase(), firstName: "Last", currentCarrier: "Globe Life", state: "CA" }),
      row(),
    ]);

    const created = await api.create({
      overwriteExisting: false,
      agentId: agent.id,
      fileName: "book.csv",
      totalRows: 6,
    });
    expect(created.status).toBe(200);
    const { jobId } = (await created.json()) as { jobId: string };
    expect(await db.prisma.importJob.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({
      status: "pending",
      totalRows: 6,
      fileName: "book.csv",
      agentId: agent.id,
      createdById: admin.id,
    });

    const first = await api.chunk(jobId, { index: 0, contacts: file.slice(0, 3) });
    expect(await first.json()).toEqual({ success: true, jobId, index: 0, stagedRows: 3, alreadyStaged: false });
    const retry = await api.chunk(jobId, { index: 0, contacts: file.slice(0, 3) });
    expect(await retry.json()).toEqual({ success: true, jobId, index: 0, stagedRows: 3, alreadyStaged: true });
    expect((await api.chunk(jobId, { index: 2, contacts: file.slice(5) })).status).toBe(200);
    expect((await api.chunk(jobId, { index: 1, contacts: file.slice(3, 5) })).status).toBe(200);
    expect(await staged(jobId)).toBe(6);
    expect(await contactsOf(org.id)).toBe(0); // nothing is written before the commit

    const committed = await api.commit(jobId);
    expect(committed.status).toBe(200);
    const body = await committed.json();
    expect(body).toMatchObject({
      success: true,
      message: "Successfully imported 3 contacts (3 skipped).",
      totalRows: 6,
      newContacts: 3,
      updatedContacts: 0,
      skippedRows: 3,
      importJobId: jobId,
    });
    expect(body.invalidEmails).toEqual([{ rowNumber: 3, email: "nope" }]);
    expect(body.errorRows.map((e: { rowNumber: number; error: string }) => [e.rowNumber, e.error])).toEqual([
      [4, `Duplicate email in this file: ${dupEmail} (row 6 is imported instead)`],
      [5, "Missing values for: Last Name; Gender must be M or F"],
    ]);
    expect(body.errorRows[1].values).toMatchObject({ lastName: "", gender: "X", email: file[3]!.email });
    expect(body.carrierConversions).toEqual([{ rowNumber: 6, original: "Globe Life", mappedTo: "Other" }]);

    expect(
      await db.prisma.contact.findFirstOrThrow({
        where: { organizationId: org.id, email: "grace.hopper@example.com" },
      }),
    ).toMatchObject({
      firstName: "Grace",
      currentCarrier: "UnitedHealthcare",
      zipCode: "07030",
      state: "NJ",
      countyFips: "34017",
      agentId: agent.id,
      source: "csv",
    });
    expect(
      await db.prisma.contact.findFirstOrThrow({ where: { organizationId: org.id, email: dupEmail } }),
    ).toMatchObject({ firstName: "Last", state: "CA", currentCarrier: "Globe Life" });
    expect(await db.prisma.importJob.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({
      status: "completed",
      addedCount: 3,
      skippedCount: 3,
      errorCount: 3,
      carrierConversionCount: 1,
    });
    expect(
      await db.prisma.auditLog.count({
        where: { organizationId: org.id, action: "contacts.imported", entityId: jobId },
      }),
    ).toBe(1);
    expect(await db.prisma.schedulerRun.count({ where: { organizationId: org.id, status: "queued" } })).toBe(1);
    expect(await staged(jobId)).toBe(0);

    // The job is finished: no more chunks, no second commit, no cancel.
    for (const res of [
      await api.commit(jobId),
      await api.chunk(jobId, { index: 3, contacts: [row()] }),
      await api.cancel(jobId),
    ]) {
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: { code: "conflict", message: IMPORT_MESSAGES.uploadFinished } });
    }
    expect(await contactsOf(org.id)).toBe(3);
  });

  it("another organization's job, or another user's, is 404 for chunks, commit and cancel", async () => {
    const mine = await importAgency(db.prisma, { now: NOW });
    const theirs = await importAgency(db.prisma, { now: NOW });
    const { jobId } = await stagedUpload(mine, [[row()]], { totalRows: 2, now: new Date() });
    const notFound = { error: { code: "not_found", message: IMPORT_MESSAGES.uploadNotFound } };
    for (const api of [await signedIn(theirs.admin), await signedIn(mine.agent)]) {
      for (const res of [
        await api.chunk(jobId, { index: 1, contacts: [row()] }),
        await api.commit(jobId),
        await api.cancel(jobId),
      ]) {
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual(notFound);
      }
    }
    const api = await signedIn(mine.admin);
    expect((await api.commit("not-a-uuid")).status).toBe(404);
    expect((await api.chunk("00000000-0000-4000-8000-000000000000", { index: 0, contacts: [row()] })).status).toBe(404);
    expect(await staged(jobId)).toBe(1);
    expect(await db.prisma.importJob.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ status: "pending" });
  });

  it("roles as the bulk import: 403 with the spec's text without a role, 401 without a session; a non-admin's options are forced", async () => {
    const { org, admin, agent } = await importAgency(db.prisma, { now: NOW });
    const nobody = await createUser(db.prisma, org.id, { now: NOW, isAdmin: false, isAgent: false });
    const denied = await (await signedIn(nobody)).create({ totalRows: 1 });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ error: { code: "forbidden", message: IMPORT_MESSAGES.forbidden } });
    expect((await routes().create({ totalRows: 1 })).status).toBe(401);

    const asAgent = await signedIn(agent);
    const created = await asAgent.create({ overwriteExisting: true, agentId: admin.id, totalRows: 1 });
    const { jobId } = (await created.json()) as { jobId: string };
    expect(await db.prisma.importJob.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({
      overwriteExisting: false,
      agentId: agent.id,
      createdById: agent.id,
    });
    // A user whose role was taken away mid-upload cannot go on.
    await db.prisma.user.update({ where: { id: agent.id }, data: { isAgent: false } });
    // Changed straight in the database, as another process would: this process's session memory forgets it
    // within SESSION_CACHE_TTL_MS (docs/security.md, "Session lookups cached for seconds"); here at once.
    sessionCache().clear();
    expect((await asAgent.chunk(jobId, { index: 0, contacts: [row()] })).status).toBe(403);
    expect((await asAgent.commit(jobId)).status).toBe(403);
  });

  it("refuses malformed input (422), a foreign agent (404), a chunk over 2 MB (413 with its text)", async () => {
    const mine = await importAgency(db.prisma, { now: NOW });
    const theirs = await importAgency(db.prisma, { now: NOW });
    const api = await signedIn(mine.admin);
    for (const body of [{ totalRows: 0 }, { totalRows: 200_001 }, { totalRows: 1, agentId: "x" }, {}])
      expect((await api.create(body)).status).toBe(422);
    const foreignAgent = await api.create({ totalRows: 1, agentId: theirs.agent.id });
    expect(foreignAgent.status).toBe(404);
    expect(await foreignAgent.json()).toEqual({
      error: { code: "not_found", message: "Agent not found", fields: { agentId: ["Agent not found"] } },
    });

    const { jobId } = (await (await api.create({ totalRows: 2 })).json()) as { jobId: string };
    for (const body of [
      { index: 0, contacts: [] },
      { index: -1, contacts: [row()] },
      { contacts: [row()] },
      { index: 0, contacts: [{ rowNumber: 0 }] },
    ]) {
      expect((await api.chunk(jobId, body)).status).toBe(422);
    }
    const tooLarge = await api.chunk(
      jobId,
      { index: 0, contacts: [row()] },
      { "content-length": String(3 * 1024 * 1024) },
    );
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      error: { code: "payload_too_large", message: IMPORT_MESSAGES.chunkTooLarge },
    });
    expect(await staged(jobId)).toBe(0);
  });
});

describe("an upload that does not finish writes no contact", () => {
  it("abandoned: staged chunks never committed; after 24 h chunks and commit are refused and the cleanup deletes the job", async () => {
    const agency = await importAgency(db.prisma, { now: NOW });
    const { jobId, user, organizationId } = await stagedUpload(
      agency,
      [numbered([row(), row()]), numbered([row()], 4)],
      { totalRows: 5 },
    );
    expect(await staged(jobId)).toBe(3);
    expect(await contactsOf(organizationId)).toBe(0);

    const later = new Date(NOW.getTime() + 25 * HOUR);
    await expect(
      stageImportChunk({ organizationId, user, jobId, chunk: chunk(2, [row()]), now: later }),
    ).rejects.toMatchObject({ code: "conflict", message: IMPORT_MESSAGES.uploadExpired });

    expect(await deleteAbandonedImportJobs({ now: new Date(NOW.getTime() + 23 * HOUR) })).toMatchObject({ jobs: 0 });
    expect(await staged(jobId)).toBe(3);
    expect((await deleteAbandonedImportJobs({ now: later })).jobs).toBeGreaterThanOrEqual(1);
    expect(await db.prisma.importJob.count({ where: { id: jobId } })).toBe(0);
    expect(await staged(jobId)).toBe(0);
    expect(await contactsOf(organizationId)).toBe(0);
    await expect(commitImportJob({ organizationId, user, jobId, now: later })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("a commit after 24 h is refused and nothing is written", async () => {
    const agency = await importAgency(db.prisma, { now: NOW });
    const { jobId, user, organizationId } = await stagedUpload(agency, [[row()]]);
    await expect(
      commitImportJob({ organizationId, user, jobId, now: new Date(NOW.getTime() + 25 * HOUR) }),
    ).rejects.toMatchObject({ message: IMPORT_MESSAGES.uploadExpired });
    expect(await contactsOf(organizationId)).toBe(0);
    expect(await db.prisma.importJob.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ status: "pending" }); // the cleanup's to delete
  });

  it("opening an import deletes the organization's abandoned uploads (not another organization's); the cleanup also clears rows finished jobs left", async () => {
    const mine = await importAgency(db.prisma, { now: NOW });
    const theirs = await importAgency(db.prisma, { now: NOW });
    const old = new Date(NOW.getTime() - 25 * HOUR);
    const abandoned = await stagedUpload(mine, [[row()]], { now: old, totalRows: 2 });
    const foreign = await stagedUpload(theirs, [[row()]], { now: old, totalRows: 2 });
    const recent = await stagedUpload(mine, [[row()]], { now: new Date(NOW.getTime() - HOUR), totalRows: 2 });

    await createImportJob({
      organizationId: mine.org.id,
      user: asImportUser(mine.admin),
      request: { overwriteExisting: false, agentId: null, totalRows: 1 },
      now: NOW,
    });
    expect(await db.prisma.importJob.count({ where: { id: abandoned.jobId } })).toBe(0);
    expect(await staged(abandoned.jobId)).toBe(0);
    expect(await staged(foreign.jobId)).toBe(1);
    expect(await staged(recent.jobId)).toBe(1);

    // Rows a finished job left behind (its own cleanup failed) go with the next cleanup; the job stays.
    await db.prisma.importJob.update({ where: { id: recent.jobId }, data: { status: "completed" } });
    expect(await deleteAbandonedImportJobs({ now: NOW, organizationId: mine.org.id })).toEqual({ jobs: 0, rows: 1 });
    expect(await db.prisma.importJob.count({ where: { id: recent.jobId } })).toBe(1);
    expect(await staged(foreign.jobId)).toBe(1);
  });

  it("cancelled: the job and its rows are deleted, a commit afterwards is 404", async () => {
    const agency = await importAgency(db.prisma, { now: NOW });
    const { jobId, organizationId } = await stagedUpload(agency, [numbered([row(), row()])], { totalRows: 4 });
    const api = await signedIn(agency.admin);
    const res = await api.cancel(jobId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await db.prisma.importJob.count({ where: { id: jobId } })).toBe(0);
    expect(await staged(jobId)).toBe(0);
    expect((await api.commit(jobId)).status).toBe(404);
    expect(await contactsOf(organizationId)).toBe(0);
  });

  it("over the plan limit: the commit writes nothing, answers 409 with the reason, and the job keeps it", async () => {
    const agency = await importAgency(db.prisma, { now: NOW, contactLimit: 3 });
    const { org, admin } = agency;
    await createContact(db.prisma, org.id, { now: NOW, email: "one@example.com", firstName: "One" });
    const { jobId } = await stagedUpload(
      agency,
      [
        [row(), row()],
        [row({ email: "one@example.com", firstName: "Changed" }), row()],
      ],
      { overwriteExisting: true, now: new Date() },
    );
    const api = await signedIn(admin);
    const res = await api.commit(jobId);
    expect(res.status).toBe(409);
    const message =
      "Your plan allows 3 contacts. You have 1, and this file would add 3 new contacts (1 over the limit). Nothing was imported: upgrade your plan or remove rows, then upload again.";
    expect(await res.json()).toEqual({ error: { code: "conflict", message } });
    expect(await contactsOf(org.id)).toBe(1);
    expect((await db.prisma.contact.findFirstOrThrow({ where: { organizationId: org.id } })).firstName).toBe("One");
    expect(await db.prisma.importJob.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({
      status: "failed",
      errorMessage: message,
      addedCount: 0,
    });
    expect(await staged(jobId)).toBe(0);
    expect(await db.prisma.auditLog.count({ where: { organizationId: org.id, action: "contacts.imported" } })).toBe(0);
    expect(await db.prisma.schedulerRun.count({ where: { organizationId: org.id } })).toBe(0);
    expect((await api.commit(jobId)).status).toBe(409);
  });

  it("more rows than announced are refused; a commit with rows missing says how many arrived and writes nothing", async () => {
    const agency = await importAgency(db.prisma, { now: NOW });
    const { jobId, user, organizationId } = await stagedUpload(agency, [[row(), row()]], { totalRows: 3 });
    await expect(
      stageImportChunk({ organizationId, user, jobId, chunk: chunk(1, [row(), row()]), now: NOW }),
    ).rejects.toMatchObject({ code: "conflict", message: IMPORT_MESSAGES.uploadTooManyRows });
    await expect(commitImportJob({ organizationId, user, jobId, now: NOW })).rejects.toMatchObject({
      code: "conflict",
      message: "The upload is incomplete: 2 of 3 rows arrived. Nothing was imported. Please upload the file again.",
    });
    expect(await contactsOf(organizationId)).toBe(0);
  });

  it("a file whose every email is invalid: 400 No valid contacts at commit", async () => {
    const agency = await importAgency(db.prisma, { now: NOW });
    const { jobId, user, organizationId } = await stagedUpload(agency, [[row({ email: "x" })], [row({ email: "" })]]);
    await expect(commitImportJob({ organizationId, user, jobId, now: NOW })).rejects.toMatchObject({
      code: "bad_request",
      message: IMPORT_MESSAGES.noValidContacts,
    });
  });

  it("a cancel of another user's job is refused and leaves it", async () => {
    const agency = await importAgency(db.prisma, { now: NOW });
    const { jobId, organizationId } = await stagedUpload(agency, [[row()]], { totalRows: 2 });
    await expect(
      cancelImportJob({ organizationId, user: asImportUser(agency.agent), jobId, now: NOW }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await staged(jobId)).toBe(1);
  });
});
