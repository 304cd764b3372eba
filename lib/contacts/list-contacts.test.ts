import { randomBytes } from "node:crypto";
import { tenantDb } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { contactVisibilityWhere, escapeLikePattern, listContacts, listContactsQuerySchema, normalizeSearchTerm } from "@/lib/contacts/list-contacts";
import { createOrganization, createUser } from "@/lib/testing/factories";
import { setupTestDatabase } from "@/lib/testing/db";

const NOW = new Date("2026-11-20T15:00:00Z");
const DAY = 86_400_000;
const admin = (id: string) => ({ id, isAdmin: true });

type ContactSeed = {
  firstName: string;
  lastName: string;
  email?: string;
  phoneNumber?: string | null;
  state?: string | null;
  currentCarrier?: string | null;
  agentId?: string | null;
};

async function addContact(prisma: PrismaClient, organizationId: string, seed: ContactSeed) {
  return prisma.contact.create({
    data: {
      organizationId,
      firstName: seed.firstName,
      lastName: seed.lastName,
      email: seed.email ?? `${seed.firstName}.${seed.lastName}.${randomBytes(3).toString("hex")}@example.test`.toLowerCase(),
      phoneNumber: seed.phoneNumber ?? null,
      state: seed.state === undefined ? "TX" : seed.state,
      currentCarrier: seed.currentCarrier ?? null,
      agentId: seed.agentId ?? null,
    },
  });
}

describe("normalizeSearchTerm", () => {
  it("trims, lower-cases and collapses whitespace", () => {
    expect(normalizeSearchTerm("  Maria   LOPEZ ")).toBe("maria lopez");
    expect(normalizeSearchTerm("Smith@Example.TEST")).toBe("smith@example.test");
  });

  it("reduces a phone-looking term to its digits, dropping a leading North American 1", () => {
    expect(normalizeSearchTerm("(512) 555-01")).toBe("51255501");
    expect(normalizeSearchTerm("512.555.0100")).toBe("5125550100");
    expect(normalizeSearchTerm("+1 (512) 555-0100")).toBe("5125550100");
    expect(normalizeSearchTerm("2024")).toBe("2024");
  });

  it("leaves mixed terms alone and returns undefined when nothing is left", () => {
    expect(normalizeSearchTerm("apt 4-b")).toBe("apt 4-b");
    expect(normalizeSearchTerm("   ")).toBeUndefined();
    expect(normalizeSearchTerm("()-")).toBe("()-"); // no digit: not a phone, searched as typed
    expect(normalizeSearchTerm(undefined)).toBeUndefined();
  });
});

describe("escapeLikePattern", () => {
  it("escapes LIKE wildcards and the escape character", () => {
    expect(escapeLikePattern("a%b_c\\d")).toBe("a\\%b\\_c\\\\d");
    expect(escapeLikePattern("smith")).toBe("smith");
  });
});

describe("listContactsQuerySchema", () => {
  it("parses the URL form: comma lists, true flags, page and limit", () => {
    const agentId = "0b5d2a9e-3f0c-4c1e-9a57-2f1f6f1a7e11";
    expect(
      listContactsQuerySchema.parse({
        search: " (512) 555 ",
        states: "tx, FL,,",
        carriers: "Aetna,Mutual of Omaha",
        agents: `${agentId},unassigned`,
        page: "3",
        limit: "250",
        hasViewedQuoteRecently: "true",
        hasCompletedHealthRecently: "false",
      }),
    ).toEqual({
      search: "512555",
      states: ["TX", "FL"],
      carriers: ["Aetna", "Mutual of Omaha"],
      agentIds: [agentId, "unassigned"],
      page: 3,
      limit: 250,
      hasViewedQuoteRecently: true,
      hasCompletedHealthRecently: false,
    });
  });

  it("defaults to page 1 of 100 with no filters", () => {
    expect(listContactsQuerySchema.parse({})).toEqual({
      search: undefined,
      states: [],
      carriers: [],
      agentIds: [],
      page: 1,
      limit: 100,
      hasViewedQuoteRecently: false,
      hasCompletedHealthRecently: false,
    });
  });

  it("rejects page sizes other than 50/100/250, bad pages, states and agent ids", () => {
    for (const bad of [{ limit: "75" }, { page: "0" }, { page: "x" }, { states: "Texas" }, { agents: "not-a-uuid" }]) {
      expect(listContactsQuerySchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe("contactVisibilityWhere", () => {
  it("always carries the organization and limits agents to their own contacts", () => {
    expect(contactVisibilityWhere("org", { id: "u1", isAdmin: true })).toEqual({ organizationId: "org" });
    expect(contactVisibilityWhere("org", { id: "u1", isAdmin: false })).toEqual({ organizationId: "org", agentId: "u1" });
  });
});

describe("listContacts", () => {
  const db = setupTestDatabase();

  it("never shows another organization's contacts, even through the wrong tenant client", async () => {
    const a = await createOrganization(db.prisma);
    const b = await createOrganization(db.prisma);
    const boss = await createUser(db.prisma, a.id, { isAdmin: true });
    const mine = await addContact(db.prisma, a.id, { firstName: "Ann", lastName: "Smith" });
    await addContact(db.prisma, b.id, { firstName: "Bob", lastName: "Smith" });

    const base = { organizationId: a.id, viewer: admin(boss.id), search: "smith", now: NOW };
    const scoped = await listContacts({ ...base, db: tenantDb(a.id) });
    expect(scoped.contacts.map((c) => c.id)).toEqual([mine.id]);
    expect(scoped.total).toBe(1);

    // First wall alone: the base client bypasses RLS, the where still holds the organization.
    const unscoped = await listContacts({ ...base, db: db.prisma });
    expect(unscoped.contacts.map((c) => c.id)).toEqual([mine.id]);

    // Misuse: B's tenant client asked for A's list. RLS hides A, the where excludes B: nothing at all.
    const misused = await listContacts({ ...base, db: tenantDb(b.id) });
    expect(misused).toMatchObject({ contacts: [], total: 0 });
  });

  it("shows an agent only their own contacts and ignores their agent filter; admins see and filter all", async () => {
    const org = await createOrganization(db.prisma);
    const boss = await createUser(db.prisma, org.id, { isAdmin: true });
    const agent1 = await createUser(db.prisma, org.id);
    const agent2 = await createUser(db.prisma, org.id);
    const c1 = await addContact(db.prisma, org.id, { firstName: "A", lastName: "One", agentId: agent1.id });
    const c2 = await addContact(db.prisma, org.id, { firstName: "B", lastName: "Two", agentId: agent2.id });
    const c3 = await addContact(db.prisma, org.id, { firstName: "C", lastName: "Three", agentId: null });
    const scoped = tenantDb(org.id);
    const ids = async (viewer: { id: string; isAdmin: boolean }, agentIds?: string[]) =>
      (await listContacts({ db: scoped, organizationId: org.id, viewer, agentIds, now: NOW })).contacts.map((c) => c.id).sort();

    expect(await ids({ id: agent1.id, isAdmin: false })).toEqual([c1.id]);
    expect(await ids({ id: agent1.id, isAdmin: false }, [agent2.id, "unassigned"])).toEqual([c1.id]);
    expect(await ids(admin(boss.id))).toEqual([c1.id, c2.id, c3.id].sort());
    expect(await ids(admin(boss.id), [agent2.id])).toEqual([c2.id]);
    expect(await ids(admin(boss.id), ["unassigned"])).toEqual([c3.id]);
    expect(await ids(admin(boss.id), [agent1.id, "unassigned"])).toEqual([c1.id, c3.id].sort());

    const listed = await listContacts({ db: scoped, organizationId: org.id, viewer: admin(boss.id), search: "one", now: NOW });
    expect(listed.contacts[0]?.agent).toEqual({ id: agent1.id, firstName: agent1.firstName, lastName: agent1.lastName });
  });

  it("searches names, email and phone, with a formatted phone as input", async () => {
    const org = await createOrganization(db.prisma);
    const boss = await createUser(db.prisma, org.id, { isAdmin: true });
    const maria = await addContact(db.prisma, org.id, { firstName: "Maria", lastName: "Lopez", email: "mlopez@acme-mail.test", phoneNumber: "5125550100" });
    const john = await addContact(db.prisma, org.id, { firstName: "John", lastName: "Smithers", email: "jsmith@other.test", phoneNumber: "2145550199" });
    await addContact(db.prisma, org.id, { firstName: "Pat", lastName: "Jones", email: "pat@example.test", phoneNumber: "7135550123" });
    const scoped = tenantDb(org.id);
    const found = async (search: string) =>
      (await listContacts({ db: scoped, organizationId: org.id, viewer: admin(boss.id), search, now: NOW })).contacts.map((c) => c.id).sort();

    expect(await found("LOPEZ")).toEqual([maria.id]);
    expect(await found(" maria lop ")).toEqual([maria.id]); // across first and last name
    expect(await found("smith")).toEqual([john.id]); // last name and email
    expect(await found("acme-mail")).toEqual([maria.id]);
    expect(await found("(512) 555-01")).toEqual([maria.id]);
    expect(await found("+1 214.555.0199")).toEqual([john.id]);
    expect(await found("555")).toHaveLength(3);
    expect(await found("zzz")).toEqual([]);
    expect(await found("   ")).toHaveLength(3); // blank search is no search
    // LIKE wildcards typed by the user are plain characters, not "match anything".
    expect(await found("%")).toEqual([]);
    expect(await found("m_opez")).toEqual([]);
    const odd = await addContact(db.prisma, org.id, { firstName: "Al", lastName: "Under", email: "al_100%\\x@odd.test" });
    expect(await found("al_100%\\x")).toEqual([odd.id]);
  });

  it("filters by states and carriers", async () => {
    const org = await createOrganization(db.prisma);
    const boss = await createUser(db.prisma, org.id, { isAdmin: true });
    const txAetna = await addContact(db.prisma, org.id, { firstName: "A", lastName: "A", state: "TX", currentCarrier: "Aetna" });
    const flAetna = await addContact(db.prisma, org.id, { firstName: "B", lastName: "B", state: "FL", currentCarrier: "Aetna" });
    const txCigna = await addContact(db.prisma, org.id, { firstName: "C", lastName: "C", state: "TX", currentCarrier: "Cigna" });
    await addContact(db.prisma, org.id, { firstName: "D", lastName: "D", state: "CA", currentCarrier: null });
    const scoped = tenantDb(org.id);
    const found = async (states?: string[], carriers?: string[]) =>
      (await listContacts({ db: scoped, organizationId: org.id, viewer: admin(boss.id), states, carriers, now: NOW })).contacts.map((c) => c.id).sort();

    expect(await found(["TX"])).toEqual([txAetna.id, txCigna.id].sort());
    expect(await found(["TX", "FL"], ["Aetna"])).toEqual([txAetna.id, flAetna.id].sort());
    expect(await found(undefined, ["Cigna"])).toEqual([txCigna.id]);
    expect(await found(["NY"])).toEqual([]);
    expect(await found([], [])).toHaveLength(4); // empty lists are no filter
  });

  it("filters on a quote view or health answers within 30 days of now", async () => {
    const org = await createOrganization(db.prisma);
    const boss = await createUser(db.prisma, org.id, { isAdmin: true });
    const viewedRecently = await addContact(db.prisma, org.id, { firstName: "V", lastName: "Recent" });
    const viewedLongAgo = await addContact(db.prisma, org.id, { firstName: "V", lastName: "Old" });
    const healthRecently = await addContact(db.prisma, org.id, { firstName: "H", lastName: "Recent" });
    const click = (contactId: string, at: Date) =>
      db.prisma.trackingClick.create({ data: { organizationId: org.id, contactId, trackingId: `t-${randomBytes(4).toString("hex")}`, clickedAt: at } });
    await click(viewedRecently.id, new Date(NOW.getTime() - 29 * DAY));
    await click(viewedLongAgo.id, new Date(NOW.getTime() - 31 * DAY));
    await db.prisma.eligibilityAnswer.create({
      data: { organizationId: org.id, contactId: healthRecently.id, answers: {}, hasConditions: false, status: "accept", createdAt: new Date(NOW.getTime() - DAY) },
    });
    const scoped = tenantDb(org.id);
    const list = (flags: { hasViewedQuoteRecently?: boolean; hasCompletedHealthRecently?: boolean }) =>
      listContacts({ db: scoped, organizationId: org.id, viewer: admin(boss.id), now: NOW, ...flags });

    const viewed = await list({ hasViewedQuoteRecently: true });
    expect(viewed.contacts.map((c) => c.id)).toEqual([viewedRecently.id]);
    expect(viewed.contacts[0]).toMatchObject({ hasViewedQuoteRecently: true, lastQuoteViewedAt: new Date(NOW.getTime() - 29 * DAY), hasCompletedHealthRecently: false });
    expect((await list({ hasCompletedHealthRecently: true })).contacts.map((c) => c.id)).toEqual([healthRecently.id]);
    expect((await list({ hasViewedQuoteRecently: true, hasCompletedHealthRecently: true })).total).toBe(0);

    const all = await list({});
    expect(all.total).toBe(3);
    expect(all.contacts.find((c) => c.id === viewedLongAgo.id)).toMatchObject({ hasViewedQuoteRecently: false, lastQuoteViewedAt: null });
  });

  it("orders by last name, first name, then id, and pages through the set with a total", async () => {
    const org = await createOrganization(db.prisma);
    const boss = await createUser(db.prisma, org.id, { isAdmin: true });
    const lastNames = ["Young", "Adams", "Miller", "Brown", "Garcia"];
    const firstNames = ["Zoe", "Al", "Mia"];
    for (let i = 0; i < 120; i++) {
      await addContact(db.prisma, org.id, { firstName: firstNames[i % 3]!, lastName: lastNames[i % 5]! });
    }
    const all = await db.prisma.contact.findMany({ where: { organizationId: org.id }, select: { id: true, firstName: true, lastName: true } });
    const expected = [...all]
      .sort((x, y) => x.lastName.localeCompare(y.lastName) || x.firstName.localeCompare(y.firstName) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
      .map((c) => c.id);
    const scoped = tenantDb(org.id);
    const page = (n: number, limit?: number) => listContacts({ db: scoped, organizationId: org.id, viewer: admin(boss.id), page: n, limit, now: NOW });

    const pages = await Promise.all([page(1, 50), page(2, 50), page(3, 50), page(4, 50)]);
    expect(pages.map((p) => p.contacts.length)).toEqual([50, 50, 20, 0]);
    expect(pages.every((p) => p.total === 120 && p.limit === 50)).toBe(true);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    expect(pages.flatMap((p) => p.contacts.map((c) => c.id))).toEqual(expected);

    const defaults = await page(1);
    expect(defaults).toMatchObject({ page: 1, limit: 100, total: 120 });
    expect(defaults.contacts.map((c) => c.id)).toEqual(expected.slice(0, 100));
    expect((await page(1, 7)).limit).toBe(100); // not an offered page size: the default
  });
});
