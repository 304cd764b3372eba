import { tenantDb, tenantTransaction } from "@/lib/db";
import { createContact, createOrganization } from "@/lib/testing/factories";
import { setupTestDatabase } from "@/lib/testing/db";

// Row-level security is the second wall behind the organizationId in every where (rls.md).
describe("tenant isolation by row-level security", () => {
  const db = setupTestDatabase();
  // Nothing here depends on the time: the records are stamped at a fixed moment.
  const now = new Date("2026-03-02T15:00:00Z");

  it("shows a tenant only its own rows, even when the where forgets the organization", async () => {
    const a = await createOrganization(db.prisma, { now });
    const b = await createOrganization(db.prisma, { now });
    const mine = await createContact(db.prisma, a.id, { now });
    const theirs = await createContact(db.prisma, b.id, { now });

    const scoped = tenantDb(a.id);
    const visible = await scoped.contact.findMany({ select: { id: true } });
    expect(visible.map((c) => c.id)).toEqual([mine.id]);
    expect(await scoped.contact.findUnique({ where: { id: theirs.id } })).toBeNull();
    expect(await scoped.organization.findMany({ select: { id: true } })).toEqual([{ id: a.id }]);
    // raw SQL through the scoped client is scoped too
    const raw = await scoped.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM contacts`;
    expect(Number(raw[0]!.n)).toBe(1);
  });

  it("sees nothing in a tenant table without the organization setting", async () => {
    const org = await createOrganization(db.prisma, { now });
    await createContact(db.prisma, org.id, { now });
    const rows = await db.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('role', 'app', true)`;
      return tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM contacts`;
    });
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it("refuses writes into or over another organization's rows", async () => {
    const a = await createOrganization(db.prisma, { now });
    const b = await createOrganization(db.prisma, { now });
    const theirs = await createContact(db.prisma, b.id, { now, firstName: "Original" });
    const scoped = tenantDb(a.id);

    await expect(
      scoped.contact.create({ data: { organizationId: b.id, firstName: "X", lastName: "Y", email: "x@example.test" } }),
    ).rejects.toMatchObject({ code: "P2039" });
    await expect(
      scoped.contact.update({ where: { id: theirs.id }, data: { firstName: "Hacked" } }),
    ).rejects.toMatchObject({ code: "P2025" });
    expect(await scoped.contact.updateMany({ data: { firstName: "Hacked" } })).toEqual({ count: 0 });
    expect(await scoped.contact.deleteMany({})).toEqual({ count: 0 });
    const after = await db.prisma.contact.findUniqueOrThrow({ where: { id: theirs.id } });
    expect(after.firstName).toBe("Original");
  });

  it("runs a multi-statement unit in one scoped transaction that rolls back as a whole", async () => {
    const org = await createOrganization(db.prisma, { now });
    await expect(
      tenantTransaction(org.id, async (tx) => {
        await tx.contact.create({
          data: { organizationId: org.id, firstName: "A", lastName: "B", email: "tx@example.test" },
        });
        expect(await tx.contact.count()).toBe(1); // sees its own uncommitted row
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it("has row-level security enabled, forced and with a policy on every table with organization_id", async () => {
    const unprotected = await db.query<{ relname: string }>(`
      SELECT c.relname FROM pg_class c
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped
      WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
        AND (NOT c.relrowsecurity OR NOT c.relforcerowsecurity
             OR NOT EXISTS (SELECT 1 FROM pg_policies p WHERE p.schemaname = 'public' AND p.tablename = c.relname))`);
    expect(unprotected).toEqual([]);
    const tenantTables = await db.query<{ n: string }>(`
      SELECT count(*)::text AS n FROM pg_attribute a JOIN pg_class c ON a.attrelid = c.oid
      WHERE a.attname = 'organization_id' AND c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace`);
    expect(Number(tenantTables[0]!.n)).toBeGreaterThanOrEqual(15);
  });

  it("keeps contacts.search_text in step with name, email and phone", async () => {
    const org = await createOrganization(db.prisma, { now });
    const contact = await createContact(db.prisma, org.id, {
      now,
      firstName: "Maria",
      lastName: "Lopez",
      email: "maria@example.test",
    });
    await db.prisma.contact.update({ where: { id: contact.id }, data: { phoneNumber: "5125550100" } });
    const row = await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } });
    expect(row.searchText).toBe("maria lopez maria@example.test 5125550100");
  });
});
