import { POST as bulkImportRoute } from "@/app/api/contacts/bulk-import/route";
import { bulkImportContacts } from "@/lib/contacts/import/bulk-import";
import {
  bulkImportRequestSchema,
  IMPORT_MESSAGES,
  type BulkImportRequestInput,
  type ImportContactInput,
} from "@/lib/contacts/import/import-types";
import { uploadErrorsCsv } from "@/lib/contacts/import/write-csv";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createSession, createUser } from "@/lib/testing/factories";
import {
  asImportUser,
  importAgency,
  importRow,
  jsonRequest,
  numbered,
  seedImportCarriers,
} from "@/lib/testing/import-fixtures";

const db = setupTestDatabase();
const NOW = new Date("2026-03-15T15:00:00Z"); // the services are given this moment; a route reads the clock, so its sessions are made at the clock's time

beforeAll(() => seedImportCarriers(db.prisma));

const row = importRow;
const request = (input: Partial<BulkImportRequestInput> & { contacts: ImportContactInput[] }) =>
  bulkImportRequestSchema.parse({ overwriteExisting: false, agentId: null, ...input });
const agency = (options: { contactLimit?: number; extraContacts?: number } = {}) =>
  importAgency(db.prisma, { now: NOW, ...options });
const asUser = asImportUser;

const post = (body: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  jsonRequest("/api/contacts/bulk-import", { body, cookie, headers });
const ctx = { params: Promise.resolve({}) };

describe("bulkImportContacts", () => {
  it("imports valid rows and reports invalid emails, error rows, in-file duplicates and carrier conversions", async () => {
    const { org, admin, agent } = await agency();
    const dupEmail = `dup.${Date.now()}@example.com`;
    const contacts = numbered([
      row({ email: "  Grace.Hopper@EXAMPLE.com ", firstName: "Grace", currentCarrier: "AARP/UHC", zipCode: "7030" }),
      row({ email: "not-an-email" }),
      row({ lastName: "", gender: "X" }),
      row({ email: dupEmail, firstName: "First" }),
      row({ email: dupEmail.toUpperCase(), firstName: "Last", currentCarrier: "Globe Life", state: "CA" }),
      row({ birthDate: "2030-01-01" }),
      row({ email: "" }),
    ]);
    const result = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(admin),
      request: request({ contacts, agentId: agent.id }),
      now: NOW,
    });

    expect(result).toMatchObject({
      success: true,
      totalRows: 7,
      newContacts: 2,
      updatedContacts: 0,
      skippedRows: 5,
      message: "Successfully imported 2 contacts (5 skipped).",
    });
    expect(result.invalidEmails).toEqual([
      { rowNumber: 3, email: "not-an-email" },
      { rowNumber: 8, email: "" },
    ]);
    expect(result.errorRows.map((e) => [e.rowNumber, e.error])).toEqual([
      [4, "Missing values for: Last Name; Gender must be M or F"],
      [5, `Duplicate email in this file: ${dupEmail} (row 6 is imported instead)`],
      [7, "Birth Date cannot be in the future"],
    ]);
    expect(result.errorRows[0]!.values).toMatchObject({ lastName: "", gender: "X", email: contacts[2]!.email });
    expect(result.carrierConversions).toEqual([{ rowNumber: 6, original: "Globe Life", mappedTo: "Other" }]);

    const stored = await db.prisma.contact.findMany({ where: { organizationId: org.id }, orderBy: { email: "asc" } });
    expect(stored).toHaveLength(2);
    const [dup, grace] = stored;
    expect(grace).toMatchObject({
      email: "grace.hopper@example.com",
      firstName: "Grace",
      phoneNumber: "5550100123",
      currentCarrier: "UnitedHealthcare",
      zipCode: "07030",
      state: "NJ",
      county: "Hudson County",
      countyFips: "34017",
      gender: "F",
      tobaccoUser: false,
      planType: "Plan G",
      agentId: agent.id,
      source: "csv",
      status: "New",
    });
    expect(grace!.birthDate!.toISOString().slice(0, 10)).toBe("1955-12-10");
    expect(grace!.effectiveDate!.toISOString().slice(0, 10)).toBe("2027-01-01");
    expect(grace!.searchText).toContain("grace.hopper@example.com");
    // The last of the duplicates wins; the file's state is kept over the ZIP's; an unrecognized carrier keeps its text.
    expect(dup).toMatchObject({
      email: dupEmail,
      firstName: "Last",
      state: "CA",
      county: null,
      currentCarrier: "Globe Life",
    });

    const job = await db.prisma.importJob.findUniqueOrThrow({ where: { id: result.importJobId } });
    expect(job).toMatchObject({
      organizationId: org.id,
      status: "completed",
      totalRows: 7,
      addedCount: 2,
      updatedCount: 0,
      skippedCount: 5,
      errorCount: 5,
      carrierConversionCount: 1,
      agentId: agent.id,
      createdById: admin.id,
    });
    const audit = await db.prisma.auditLog.findFirstOrThrow({
      where: { organizationId: org.id, action: "contacts.imported" },
    });
    expect(audit).toMatchObject({ actorUserId: admin.id, entityId: job.id });
    expect(audit.metadata).toMatchObject({ totalRows: 7, newContacts: 2, updatedContacts: 0 });
  });

  it("overwrite on (admin): existing emails are updated, blank cells keep stored values", async () => {
    const { org, admin, agent } = await agency();
    const existing = await createContact(db.prisma, org.id, {
      now: NOW,
      email: "kept@example.com",
      firstName: "Old",
      state: "TX",
      agentId: agent.id,
    });
    await db.prisma.contact.update({
      where: { id: existing.id },
      data: { phoneNumber: "5550100999", tobaccoUser: true },
    });
    const contacts = numbered([
      row({ email: "KEPT@example.com", firstName: "New", phoneNumber: "", tobaccoUser: "", zipCode: "" }),
      row(),
    ]);
    const result = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(admin),
      request: request({ contacts, overwriteExisting: true }),
      now: NOW,
    });
    expect(result).toMatchObject({
      newContacts: 1,
      updatedContacts: 1,
      skippedRows: 0,
      errorRows: [],
      message: "Successfully imported 2 contacts.",
    });
    const after = await db.prisma.contact.findUniqueOrThrow({ where: { id: existing.id } });
    expect(after).toMatchObject({
      firstName: "New",
      phoneNumber: "5550100999",
      tobaccoUser: true,
      state: "TX",
      agentId: agent.id,
      currentCarrier: "Humana",
      planType: "Plan G",
      gender: "F",
    });
  });

  it("overwrite off: existing emails are left alone and counted as unchanged, not as errors (#18 point 5)", async () => {
    const { org, admin } = await agency();
    await createContact(db.prisma, org.id, { now: NOW, email: "exists@example.com", firstName: "Old" });
    const contacts = numbered([row({ email: "exists@example.com", firstName: "New" }), row()]);
    const result = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(admin),
      request: request({ contacts }),
      now: NOW,
    });
    expect(result).toMatchObject({ newContacts: 1, updatedContacts: 0, skippedRows: 1, unchangedContacts: 1 });
    expect(result.errorRows).toEqual([]);
    expect(
      (await db.prisma.contact.findFirstOrThrow({ where: { organizationId: org.id, email: "exists@example.com" } }))
        .firstName,
    ).toBe("Old");
  });

  it("re-uploading the same file: every row matches an existing contact and is left unchanged, none is an error", async () => {
    const { org, admin } = await agency();
    const contacts = numbered([row({ email: "one@example.com" }), row({ email: "two@example.com" })]);
    const first = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(admin),
      request: request({ contacts }),
      now: NOW,
    });
    expect(first).toMatchObject({ newContacts: 2, unchangedContacts: 0 });
    const again = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(admin),
      request: request({ contacts }),
      now: NOW,
    });
    expect(again).toMatchObject({
      newContacts: 0,
      updatedContacts: 0,
      skippedRows: 2,
      unchangedContacts: 2,
      errorRows: [],
    });
    const overwrite = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(admin),
      request: request({ contacts, overwriteExisting: true }),
      now: NOW,
    });
    expect(overwrite).toMatchObject({ updatedContacts: 2, unchangedContacts: 0 });
  });

  it("keeps the book whole (#18 points 1-3): RFC 6531 addresses imported, an unknown ZIP refused as the form does, a carrier's newline kept", async () => {
    const { org, admin } = await agency();
    const contacts = numbered([
      row({ email: "josé.miller4@example.com", firstName: "José" }),
      row({ email: "mhernández3@example.com", zipCode: "00000" }),
      row({ email: "lines@example.com", currentCarrier: "Acme Mutual\nof Ohio" }),
    ]);
    const result = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(admin),
      request: request({ contacts }),
      now: NOW,
    });
    expect(result.invalidEmails).toEqual([]);
    expect(result.newContacts).toBe(2);
    expect(result.errorRows).toEqual([
      expect.objectContaining({ rowNumber: 3, error: "ZIP Code: Invalid zip code (00000)" }),
    ]);
    const stored = await db.prisma.contact.findMany({ where: { organizationId: org.id }, orderBy: { email: "asc" } });
    expect(stored.map((c) => [c.email, c.currentCarrier])).toEqual([
      ["josé.miller4@example.com", "Humana"],
      ["lines@example.com", "Acme Mutual\nof Ohio"],
    ]);
  });

  it("an address held only by an unconfirmed self-signup is the file's: the signup is released and the row imported", async () => {
    const { org, admin } = await agency();
    const stranger = await createContact(db.prisma, org.id, {
      now: NOW,
      email: "typed.by.anyone@example.com",
      firstName: "Stranger",
    });
    await db.prisma.contact.update({ where: { id: stranger.id }, data: { unverifiedSince: NOW } });
    const contacts = numbered([row({ email: "typed.by.anyone@example.com", firstName: "Client" })]);
    const result = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(admin),
      request: request({ contacts }),
      now: NOW,
    });
    expect(result).toMatchObject({ newContacts: 1, updatedContacts: 0, skippedRows: 0 });
    const stored = await db.prisma.contact.findMany({ where: { organizationId: org.id } });
    expect(stored.map((c) => [c.firstName, c.unverifiedSince, c.source])).toEqual([["Client", null, "csv"]]);
  });

  it("a non-admin agent: overwrite forced off and every row assigned to themselves", async () => {
    const { org, admin, agent } = await agency();
    await createContact(db.prisma, org.id, {
      now: NOW,
      email: "theirs@example.com",
      firstName: "Old",
      agentId: admin.id,
    });
    const contacts = numbered([
      row({ email: "theirs@example.com", firstName: "Hijack" }),
      row({ email: "mine@example.com" }),
    ]);
    const result = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(agent),
      request: request({ contacts, overwriteExisting: true, agentId: admin.id }),
      now: NOW,
    });
    expect(result).toMatchObject({ newContacts: 1, updatedContacts: 0, unchangedContacts: 1 });
    expect(result.errorRows).toEqual([]);
    expect(
      await db.prisma.contact.findFirstOrThrow({ where: { organizationId: org.id, email: "theirs@example.com" } }),
    ).toMatchObject({ firstName: "Old", agentId: admin.id });
    expect(
      await db.prisma.contact.findFirstOrThrow({ where: { organizationId: org.id, email: "mine@example.com" } }),
    ).toMatchObject({ agentId: agent.id });
    expect(await db.prisma.importJob.findUniqueOrThrow({ where: { id: result.importJobId } })).toMatchObject({
      overwriteExisting: false,
      agentId: agent.id,
    });
  });

  it("a user who is neither admin nor agent gets the spec's 403 text", async () => {
    const { org } = await agency();
    const nobody = await createUser(db.prisma, org.id, { now: NOW, isAdmin: false, isAgent: false });
    await expect(
      bulkImportContacts({
        organizationId: org.id,
        user: asUser(nobody),
        request: request({ contacts: [row()] }),
        now: NOW,
      }),
    ).rejects.toMatchObject({
      code: "forbidden",
      message: "You don't have permission to upload contacts. Please contact your administrator.",
    });
  });

  it("enforces the plan's contact limit before writing anything", async () => {
    const { org, admin } = await agency({ contactLimit: 3, extraContacts: 1 });
    await createContact(db.prisma, org.id, { now: NOW, email: "one@example.com" });
    await createContact(db.prisma, org.id, { now: NOW, email: "two@example.com" });
    const tooMany = numbered([row(), row(), row()]);
    await expect(
      bulkImportContacts({
        organizationId: org.id,
        user: asUser(admin),
        request: request({ contacts: tooMany }),
        now: NOW,
      }),
    ).rejects.toMatchObject({
      code: "conflict",
      message:
        "Your plan allows 4 contacts. You have 2, and this file would add 3 new contacts (1 over the limit). Nothing was imported: upgrade your plan or remove rows, then upload again.",
    });
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(2);
    // The job records the refusal; nothing stays staged.
    const failed = await db.prisma.importJob.findFirstOrThrow({ where: { organizationId: org.id } });
    expect(failed).toMatchObject({
      status: "failed",
      errorMessage: expect.stringMatching(/^Your plan allows 4 contacts\./),
      addedCount: 0,
    });
    expect(await db.prisma.importJobRow.count({ where: { organizationId: org.id } })).toBe(0);
    // Exactly at the limit is fine, and so are updates of existing contacts once there.
    const fits = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(admin),
      request: request({ contacts: numbered([row(), row()]) }),
      now: NOW,
    });
    expect(fits.newContacts).toBe(2);
    const updates = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(admin),
      request: request({ contacts: numbered([row({ email: "one@example.com" })]), overwriteExisting: true }),
      now: NOW,
    });
    expect(updates).toMatchObject({ newContacts: 0, updatedContacts: 1 });
  });

  it("is atomic: a database failure at row 40,000 of 40,001 leaves the organization unchanged", async () => {
    const { org, admin } = await agency();
    await createContact(db.prisma, org.id, { now: NOW, email: "before@example.com", firstName: "Before" });
    await db.query(`
      CREATE OR REPLACE FUNCTION test_fail_on_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email = 'boom@example.com' THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NEW;
      END $$`);
    await db.query(
      "CREATE TRIGGER test_fail_on_boom BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION test_fail_on_boom()",
    );
    try {
      // The 40,000th row fails inside the database: staged in 41 statements, then the overwrite of before@ and
      // 39,999 inserts already done in the commit's transaction.
      const contacts = numbered(
        Array.from({ length: 40_001 }, (_, i) =>
          row({ email: i === 39_999 ? "boom@example.com" : `bulk${i}@example.com` }),
        ),
      );
      contacts.unshift({ ...row({ email: "before@example.com", firstName: "Overwritten" }), rowNumber: 1 });
      await expect(
        bulkImportContacts({
          organizationId: org.id,
          user: asUser(admin),
          request: request({ contacts, overwriteExisting: true }),
          now: NOW,
          chunkSize: 1_000,
        }),
      ).rejects.toThrow(/injected failure/);
    } finally {
      await db.query("DROP TRIGGER test_fail_on_boom ON contacts");
    }
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(1);
    expect((await db.prisma.contact.findFirstOrThrow({ where: { organizationId: org.id } })).firstName).toBe("Before");
    expect(await db.prisma.importJob.findFirstOrThrow({ where: { organizationId: org.id } })).toMatchObject({
      status: "failed",
      errorMessage: "The import failed. Nothing was imported. Please try again.",
    });
    expect(await db.prisma.importJobRow.count({ where: { organizationId: org.id } })).toBe(0);
    expect(await db.prisma.auditLog.count({ where: { organizationId: org.id, action: "contacts.imported" } })).toBe(0);
  }, 180_000);

  it("writes many rows in several chunks", async () => {
    const { org, admin } = await agency();
    const contacts = numbered(Array.from({ length: 2_345 }, (_, i) => row({ email: `many${i}@example.com` })));
    const result = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(admin),
      request: request({ contacts }),
      now: NOW,
      chunkSize: 1_000,
    });
    expect(result.newContacts).toBe(2_345);
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(2_345);
  });

  it("error-row downloads neutralise formula cells", async () => {
    const { org, admin } = await agency();
    const contacts = numbered([
      row({ firstName: '=HYPERLINK("http://evil.example","x")', lastName: "", currentCarrier: "@SUM(1+1)" }),
      row(),
    ]);
    const result = await bulkImportContacts({
      organizationId: org.id,
      user: asUser(admin),
      request: request({ contacts }),
      now: NOW,
    });
    const csv = uploadErrorsCsv(result.errorRows);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv).toContain(`"'@SUM(1+1)"`);
    expect(csv).not.toMatch(/(^|,)"[=+\-@]/m);
  });
});

describe("POST /api/contacts/bulk-import", () => {
  it("imports for a signed-in admin and answers the spec's fields", async () => {
    const { org, admin } = await agency();
    const { cookie } = await createSession(db.prisma, admin.id, { now: new Date() });
    const res = await bulkImportRoute(
      post({ contacts: numbered([row(), row({ email: "bad" })]), overwriteExisting: false, agentId: null }, cookie),
      ctx,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      message: "Successfully imported 1 contact (1 skipped).",
      totalRows: 2,
      newContacts: 1,
      updatedContacts: 0,
      invalidEmails: [{ rowNumber: 3, email: "bad" }],
    });
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it("another organization's admin cannot touch this organization: foreign agentId → 404, same emails stay separate", async () => {
    const mine = await agency();
    const theirs = await agency();
    const target = await createContact(db.prisma, mine.org.id, {
      now: NOW,
      email: "shared@example.com",
      firstName: "Mine",
      agentId: mine.agent.id,
    });
    const { cookie } = await createSession(db.prisma, theirs.admin.id, { now: new Date() });

    const foreignAgent = await bulkImportRoute(
      post({ contacts: [row()], overwriteExisting: true, agentId: mine.agent.id }, cookie),
      ctx,
    );
    expect(foreignAgent.status).toBe(404);
    expect(await foreignAgent.json()).toEqual({
      error: { code: "not_found", message: "Agent not found", fields: { agentId: ["Agent not found"] } },
    });
    expect(await db.prisma.contact.count({ where: { organizationId: theirs.org.id } })).toBe(0);

    const sameEmail = await bulkImportRoute(
      post(
        {
          contacts: [row({ email: "shared@example.com", firstName: "Theirs" })],
          overwriteExisting: true,
          agentId: null,
        },
        cookie,
      ),
      ctx,
    );
    expect(sameEmail.status).toBe(200);
    expect(await sameEmail.json()).toMatchObject({ newContacts: 1, updatedContacts: 0 });
    expect(await db.prisma.contact.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({
      firstName: "Mine",
      agentId: mine.agent.id,
    });
    expect(await db.prisma.contact.findFirstOrThrow({ where: { organizationId: theirs.org.id } })).toMatchObject({
      email: "shared@example.com",
      firstName: "Theirs",
    });
  });

  it("403 with the spec's text for a user without a role", async () => {
    const { org } = await agency();
    const nobody = await createUser(db.prisma, org.id, { now: NOW, isAdmin: false, isAgent: false });
    const { cookie } = await createSession(db.prisma, nobody.id, { now: new Date() });
    const res = await bulkImportRoute(post({ contacts: [row()] }, cookie), ctx);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "forbidden", message: IMPORT_MESSAGES.forbidden } });
  });

  it("400 for no rows or no valid email, 401 without a session, 422 for a malformed body, 400 for non-JSON", async () => {
    const { admin } = await agency();
    const { cookie } = await createSession(db.prisma, admin.id, { now: new Date() });
    for (const contacts of [[], [row({ email: "nope" }), row({ email: "" })]]) {
      const res = await bulkImportRoute(post({ contacts, overwriteExisting: false, agentId: null }, cookie), ctx);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: "bad_request", message: "No valid contacts found in CSV. Please check email formats." },
      });
    }
    expect((await bulkImportRoute(post({ contacts: [row()] }), ctx)).status).toBe(401);
    expect((await bulkImportRoute(post({ contacts: "x" }, cookie), ctx)).status).toBe(422);
    expect((await bulkImportRoute(post({ contacts: [{ rowNumber: 0 }] }, cookie), ctx)).status).toBe(422);
    expect((await bulkImportRoute(post({ contacts: [row()], agentId: "not-a-uuid" }, cookie), ctx)).status).toBe(422);
    expect((await bulkImportRoute(post("first,last\nA,B", cookie), ctx)).status).toBe(400);
  });

  it("413 with the import's text for a body over the limit", async () => {
    const { admin } = await agency();
    const { cookie } = await createSession(db.prisma, admin.id, { now: new Date() });
    const res = await bulkImportRoute(
      post({ contacts: [row()] }, cookie, { "content-length": String(60 * 1024 * 1024) }),
      ctx,
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "payload_too_large", message: "The file is too large. The limit is 20 MB." },
    });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});
