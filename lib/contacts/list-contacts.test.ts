import { randomBytes } from "node:crypto";
import { tenantDb } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import {
  contactListWhere,
  contactVisibilityWhere,
  escapeLikePattern,
  listContacts,
  listContactsQuerySchema,
  normalizeSearchTerm,
  searchCandidates,
} from "@/lib/contacts/list-contacts";
import { NextRequest } from "next/server";
import { GET as listRoute } from "@/app/api/contacts/route";
import { birthDateRangeForAges, listContactFilterOptions } from "@/lib/contacts/list-contacts";
import { contactPageSql, listedCountSql } from "@/lib/contacts/list-contacts-page";
import { contactExportHref, contactListHref, contactListQueryString } from "@/lib/contacts/list-contacts-url";
import type { ContactListResponse } from "@/lib/contacts/list-contacts-view";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";
import { setupTestDatabase } from "@/lib/testing/db";
import { getContactStats } from "@/lib/contacts/contact-stats";
import { exportContacts } from "@/lib/contacts/export-contacts";
import { getContactDetail } from "@/lib/contacts/get-contact";

const NOW = new Date("2026-11-20T15:00:00Z"); // the services are given this moment; a route reads the clock, so its sessions are made at the clock's time
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
  contactOwnerId?: string | null;
  birthDate?: string | null;
};

async function addContact(prisma: PrismaClient, organizationId: string, seed: ContactSeed) {
  return prisma.contact.create({
    data: {
      organizationId,
      firstName: seed.firstName,
      lastName: seed.lastName,
      email:
        seed.email ?? `${seed.firstName}.${seed.lastName}.${randomBytes(3).toString("hex")}@example.test`.toLowerCase(),
      phoneNumber: seed.phoneNumber ?? null,
      state: seed.state === undefined ? "TX" : seed.state,
      currentCarrier: seed.currentCarrier ?? null,
      agentId: seed.agentId ?? null,
      contactOwnerId: seed.contactOwnerId ?? null,
      birthDate: seed.birthDate ? new Date(`${seed.birthDate}T00:00:00Z`) : null,
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

  it("drops accents the way the database's unaccent does", () => {
    expect(normalizeSearchTerm("Zoë")).toBe("zoe");
    expect(normalizeSearchTerm("  JOSÉ  Hernández ")).toBe("jose hernandez");
    expect(normalizeSearchTerm("Strauß Søren Łukasz")).toBe("strauss soren lukasz");
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
      ageMin: undefined,
      ageMax: undefined,
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
      ageMin: undefined,
      ageMax: undefined,
    });
  });

  it("reads age_min and age_max as whole years", () => {
    expect(listContactsQuerySchema.parse({ age_min: "65", age_max: "70" })).toMatchObject({ ageMin: 65, ageMax: 70 });
    expect(listContactsQuerySchema.parse({ age_min: "", age_max: " " })).toMatchObject({
      ageMin: undefined,
      ageMax: undefined,
    });
    for (const bad of [{ age_min: "x" }, { age_max: "6.5" }, { age_min: "-1" }])
      expect(listContactsQuerySchema.safeParse(bad).success).toBe(false);
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
    expect(contactVisibilityWhere("org", { id: "u1", isAdmin: false })).toEqual({
      organizationId: "org",
      agentId: "u1",
    });
  });
});

describe("listContacts", () => {
  const db = setupTestDatabase();

  it("never shows another organization's contacts, even through the wrong tenant client", async () => {
    const a = await createOrganization(db.prisma, { now: NOW });
    const b = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, a.id, { now: NOW, isAdmin: true });
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
    const org = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const agent1 = await createUser(db.prisma, org.id, { now: NOW });
    const agent2 = await createUser(db.prisma, org.id, { now: NOW });
    const c1 = await addContact(db.prisma, org.id, { firstName: "A", lastName: "One", agentId: agent1.id });
    const c2 = await addContact(db.prisma, org.id, { firstName: "B", lastName: "Two", agentId: agent2.id });
    const c3 = await addContact(db.prisma, org.id, { firstName: "C", lastName: "Three", agentId: null });
    const scoped = tenantDb(org.id);
    const ids = async (viewer: { id: string; isAdmin: boolean }, agentIds?: string[]) =>
      (await listContacts({ db: scoped, organizationId: org.id, viewer, agentIds, now: NOW })).contacts
        .map((c) => c.id)
        .sort();

    expect(await ids({ id: agent1.id, isAdmin: false })).toEqual([c1.id]);
    expect(await ids({ id: agent1.id, isAdmin: false }, [agent2.id, "unassigned"])).toEqual([c1.id]);
    expect(await ids(admin(boss.id))).toEqual([c1.id, c2.id, c3.id].sort());
    expect(await ids(admin(boss.id), [agent2.id])).toEqual([c2.id]);
    expect(await ids(admin(boss.id), ["unassigned"])).toEqual([c3.id]);
    expect(await ids(admin(boss.id), [agent1.id, "unassigned"])).toEqual([c1.id, c3.id].sort());

    const listed = await listContacts({
      db: scoped,
      organizationId: org.id,
      viewer: admin(boss.id),
      search: "one",
      now: NOW,
    });
    expect(listed.contacts[0]?.agent).toEqual({
      id: agent1.id,
      firstName: agent1.firstName,
      lastName: agent1.lastName,
    });
  });

  it("searches names, email and phone, with a formatted phone as input", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const maria = await addContact(db.prisma, org.id, {
      firstName: "Maria",
      lastName: "Lopez",
      email: "mlopez@acme-mail.test",
      phoneNumber: "5125550100",
    });
    const john = await addContact(db.prisma, org.id, {
      firstName: "John",
      lastName: "Smithers",
      email: "jsmith@other.test",
      phoneNumber: "2145550199",
    });
    await addContact(db.prisma, org.id, {
      firstName: "Pat",
      lastName: "Jones",
      email: "pat@example.test",
      phoneNumber: "7135550123",
    });
    const scoped = tenantDb(org.id);
    const found = async (search: string) =>
      (await listContacts({ db: scoped, organizationId: org.id, viewer: admin(boss.id), search, now: NOW })).contacts
        .map((c) => c.id)
        .sort();

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
    const odd = await addContact(db.prisma, org.id, {
      firstName: "Al",
      lastName: "Under",
      email: "al_100%\\x@odd.test",
    });
    expect(await found("al_100%\\x")).toEqual([odd.id]);
  });

  it("searches without accents both ways and by the current carrier, through the trigram index", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const zoe = await addContact(db.prisma, org.id, {
      firstName: "Zoë",
      lastName: "Hernández",
      currentCarrier: "Mutual of Omaha",
    });
    const plain = await addContact(db.prisma, org.id, { firstName: "Zoe", lastName: "Smith", currentCarrier: "Aetna" });
    const scoped = tenantDb(org.id);
    const found = async (search: string) =>
      (await listContacts({ db: scoped, organizationId: org.id, viewer: admin(boss.id), search, now: NOW })).contacts
        .map((c) => c.id)
        .sort();
    const both = [zoe.id, plain.id].sort();
    expect(await found("zoe")).toEqual(both);
    expect(await found("zoë")).toEqual(both);
    expect(await found("ZOË")).toEqual(both);
    expect(await found("hernandez")).toEqual([zoe.id]);
    expect(await found("omaha")).toEqual([zoe.id]);
    expect(await found("aetna")).toEqual([plain.id]);

    // A changed carrier is searchable at once (the trigger follows current_carrier).
    await db.prisma.contact.update({ where: { id: plain.id }, data: { currentCarrier: "Cigna" } });
    expect(await found("cigna")).toEqual([plain.id]);
    expect(await found("aetna")).toEqual([]);

    // The candidate probe's trigram read (contact_search_candidates) can use the trigram index (organization_id
    // leads it; it is on the search text with "@" written "qz"). (On a table this small the name-order index,
    // which also holds search_text, looks as cheap: set it aside.)
    await db.query("BEGIN");
    await db.query("DROP INDEX contacts_book_order_search_idx");
    await db.query("SET LOCAL enable_seqscan = off");
    const plan = await db.query<{ "QUERY PLAN": string }>(
      "EXPLAIN SELECT id FROM contacts WHERE replace(search_text, '@', 'qz') LIKE '%zoe%' AND search_text LIKE '%zoe%'",
    );
    await db.query("ROLLBACK");
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain("contacts_organization_id_search_words_trgm_idx");
  });

  it('finds the end of an address ("son@") exactly, though the trigram index reads "@" as "qz"', async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const johnson = await addContact(db.prisma, org.id, {
      firstName: "Ann",
      lastName: "Johnson",
      email: "johnson@x.test",
    });
    // "sonqz" is what the index reads for "son@"; only the search text's own LIKE tells these apart.
    await addContact(db.prisma, org.id, { firstName: "Bo", lastName: "Sonqz", email: "bo.sonqz@x.test" });
    await addContact(db.prisma, org.id, { firstName: "Cy", lastName: "Wilson", email: "cy.wilson.1@x.test" });
    const found = async (search: string) =>
      (
        await listContacts({ db: tenantDb(org.id), organizationId: org.id, viewer: admin(boss.id), search, now: NOW })
      ).contacts.map((c) => c.id);
    expect(await found("son@")).toEqual([johnson.id]);
    expect(await found("n@x")).toEqual([johnson.id]);
    expect(await searchCandidates(tenantDb(org.id), org.id, admin(boss.id), "son@")).toEqual({ ids: [johnson.id] });
  });

  it("filters by states and carriers", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const txAetna = await addContact(db.prisma, org.id, {
      firstName: "A",
      lastName: "A",
      state: "TX",
      currentCarrier: "Aetna",
    });
    const flAetna = await addContact(db.prisma, org.id, {
      firstName: "B",
      lastName: "B",
      state: "FL",
      currentCarrier: "Aetna",
    });
    const txCigna = await addContact(db.prisma, org.id, {
      firstName: "C",
      lastName: "C",
      state: "TX",
      currentCarrier: "Cigna",
    });
    await addContact(db.prisma, org.id, { firstName: "D", lastName: "D", state: "CA", currentCarrier: null });
    const scoped = tenantDb(org.id);
    const found = async (states?: string[], carriers?: string[]) =>
      (
        await listContacts({ db: scoped, organizationId: org.id, viewer: admin(boss.id), states, carriers, now: NOW })
      ).contacts
        .map((c) => c.id)
        .sort();

    expect(await found(["TX"])).toEqual([txAetna.id, txCigna.id].sort());
    expect(await found(["TX", "FL"], ["Aetna"])).toEqual([txAetna.id, flAetna.id].sort());
    expect(await found(undefined, ["Cigna"])).toEqual([txCigna.id]);
    expect(await found(["NY"])).toEqual([]);
    expect(await found([], [])).toHaveLength(4); // empty lists are no filter
  });

  it("marks contacts outside the agency's licensed states, or the assigned agent's when set, as the planner skips them", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    await db.prisma.organization.update({ where: { id: org.id }, data: { stateLicenses: ["TX", "FL"] } });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const floridaOnly = await createUser(db.prisma, org.id, { now: NOW });
    await db.prisma.user.update({ where: { id: floridaOnly.id }, data: { stateLicenses: ["FL"] } });
    const tx = await addContact(db.prisma, org.id, { firstName: "A", lastName: "A", state: "TX" });
    const ca = await addContact(db.prisma, org.id, { firstName: "B", lastName: "B", state: "CA" });
    const txOfFloridaAgent = await addContact(db.prisma, org.id, {
      firstName: "C",
      lastName: "C",
      state: "TX",
      agentId: floridaOnly.id,
    });
    const noState = await addContact(db.prisma, org.id, { firstName: "D", lastName: "D", state: null });
    const listed = await listContacts({
      db: tenantDb(org.id),
      organizationId: org.id,
      viewer: admin(boss.id),
      now: NOW,
    });
    const marked = Object.fromEntries(listed.contacts.map((c) => [c.id, c.outsideLicensedStates]));
    expect(marked).toEqual({ [tx.id]: false, [ca.id]: true, [txOfFloridaAgent.id]: true, [noState.id]: false });
    // The list's agent reference stays a name and an id.
    expect(Object.keys(listed.contacts.find((c) => c.id === txOfFloridaAgent.id)!.agent!).sort()).toEqual([
      "firstName",
      "id",
      "lastName",
    ]);
  });

  it("filters on a quote view or health answers within 30 days of now", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const viewedRecently = await addContact(db.prisma, org.id, { firstName: "V", lastName: "Recent" });
    const viewedLongAgo = await addContact(db.prisma, org.id, { firstName: "V", lastName: "Old" });
    const healthRecently = await addContact(db.prisma, org.id, { firstName: "H", lastName: "Recent" });
    const click = (contactId: string, at: Date) =>
      db.prisma.trackingClick.create({
        data: { organizationId: org.id, contactId, trackingId: `t-${randomBytes(4).toString("hex")}`, clickedAt: at },
      });
    await click(viewedRecently.id, new Date(NOW.getTime() - 29 * DAY));
    await click(viewedLongAgo.id, new Date(NOW.getTime() - 31 * DAY));
    await db.prisma.eligibilityAnswer.create({
      data: {
        organizationId: org.id,
        contactId: healthRecently.id,
        answers: {},
        hasConditions: false,
        status: "accept",
        createdAt: new Date(NOW.getTime() - DAY),
      },
    });
    const scoped = tenantDb(org.id);
    const list = (flags: { hasViewedQuoteRecently?: boolean; hasCompletedHealthRecently?: boolean }) =>
      listContacts({ db: scoped, organizationId: org.id, viewer: admin(boss.id), now: NOW, ...flags });

    const viewed = await list({ hasViewedQuoteRecently: true });
    expect(viewed.contacts.map((c) => c.id)).toEqual([viewedRecently.id]);
    expect(viewed.contacts[0]).toMatchObject({
      hasViewedQuoteRecently: true,
      lastQuoteViewedAt: new Date(NOW.getTime() - 29 * DAY),
      hasCompletedHealthRecently: false,
    });
    expect((await list({ hasCompletedHealthRecently: true })).contacts.map((c) => c.id)).toEqual([healthRecently.id]);
    expect((await list({ hasViewedQuoteRecently: true, hasCompletedHealthRecently: true })).total).toBe(0);

    const all = await list({});
    expect(all.total).toBe(3);
    expect(all.contacts.find((c) => c.id === viewedLongAgo.id)).toMatchObject({
      hasViewedQuoteRecently: false,
      lastQuoteViewedAt: null,
    });
  });

  it("orders by last name, first name, then id, and pages through the set with a total", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const lastNames = ["Young", "Adams", "Miller", "Brown", "Garcia"];
    const firstNames = ["Zoe", "Al", "Mia"];
    for (let i = 0; i < 120; i++) {
      await addContact(db.prisma, org.id, { firstName: firstNames[i % 3]!, lastName: lastNames[i % 5]! });
    }
    const all = await db.prisma.contact.findMany({
      where: { organizationId: org.id },
      select: { id: true, firstName: true, lastName: true },
    });
    const expected = [...all]
      .sort(
        (x, y) =>
          x.lastName.localeCompare(y.lastName) ||
          x.firstName.localeCompare(y.firstName) ||
          (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
      )
      .map((c) => c.id);
    const scoped = tenantDb(org.id);
    const page = (n: number, limit?: number) =>
      listContacts({ db: scoped, organizationId: org.id, viewer: admin(boss.id), page: n, limit, now: NOW });

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

  it("reads the same row whichever way the page is found: one statement (walk or candidate slice) or Prisma's select", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    await db.prisma.organization.update({ where: { id: org.id }, data: { stateLicenses: ["TX"] } });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const agent = await createUser(db.prisma, org.id, { now: NOW });
    await db.prisma.user.update({ where: { id: agent.id }, data: { stateLicenses: ["FL", "GA"] } });
    const fields = {
      firstName: "Dana",
      lastName: "Quill",
      email: "dana.quill@example.test",
      phoneNumber: "5125550100",
      state: "TX",
      zipCode: "78701",
      currentCarrier: "Aetna",
      planType: "G",
      effectiveDate: new Date("2024-03-01T00:00:00Z"),
      birthDate: new Date("1957-06-15T00:00:00Z"),
      status: "Contacted",
      agentId: agent.id,
      contactOwnerId: boss.id,
      lastEmailedAt: new Date(NOW.getTime() - 3 * DAY),
      createdAt: new Date(NOW.getTime() - 90 * DAY),
    };
    const full = await db.prisma.contact.create({ data: { organizationId: org.id, ...fields } });
    const bare = await addContact(db.prisma, org.id, { firstName: "Eli", lastName: "Quill", state: null });
    const click = (at: Date) =>
      db.prisma.trackingClick.create({
        data: {
          organizationId: org.id,
          contactId: full.id,
          trackingId: `t-${randomBytes(4).toString("hex")}`,
          clickedAt: at,
        },
      });
    await click(new Date(NOW.getTime() - 2 * DAY)); // the newest in the window: the one shown
    await click(new Date(NOW.getTime() - 20 * DAY));
    await click(new Date(NOW.getTime() + DAY)); // after now: not yet
    const answer = (at: Date) =>
      db.prisma.eligibilityAnswer.create({
        data: {
          organizationId: org.id,
          contactId: full.id,
          answers: {},
          hasConditions: false,
          status: "accept",
          createdAt: at,
        },
      });
    await answer(new Date(NOW.getTime() - 40 * DAY)); // before the window
    await answer(new Date(NOW.getTime() - 5 * DAY));

    const scoped = tenantDb(org.id);
    const list = (options: { search?: string; states?: string[]; ageMin?: number; searchCandidateLimit?: number }) =>
      listContacts({ db: scoped, organizationId: org.id, viewer: admin(boss.id), now: NOW, ...options });
    const byPath = {
      walk: await list({}),
      candidateSlice: await list({ search: "quill" }),
      broadWalk: await list({ search: "quill", searchCandidateLimit: 1 }),
      prismaSelect: await list({ states: ["TX"] }),
      // A broad term with another filter: the page's ids by Prisma's where, their rows in one statement.
      broadFilteredIds: await list({ search: "quill", ageMin: 60, searchCandidateLimit: 1 }),
    };
    const fullRow = (result: { contacts: { id: string }[] }) => result.contacts.find((c) => c.id === full.id);
    expect(fullRow(byPath.prismaSelect)).toEqual({
      id: full.id,
      ...fields,
      agent: { id: agent.id, firstName: agent.firstName, lastName: agent.lastName },
      contactOwner: { id: boss.id, firstName: boss.firstName, lastName: boss.lastName },
      outsideLicensedStates: true, // the agent holds FL and GA only
      hasViewedQuoteRecently: true,
      hasCompletedHealthRecently: true,
      lastQuoteViewedAt: new Date(NOW.getTime() - 2 * DAY),
      lastHealthCompletedAt: new Date(NOW.getTime() - 5 * DAY),
    });
    expect(byPath.broadWalk.totalCapped).toBe(true); // the limit of 1 sent it down the walk
    expect(byPath.broadFilteredIds.contacts.map((c) => c.id)).toEqual([full.id]); // Eli has no birth date
    expect(fullRow(byPath.broadFilteredIds)).toEqual(fullRow(byPath.prismaSelect));
    for (const result of [byPath.walk, byPath.candidateSlice, byPath.broadWalk]) {
      expect(result.contacts.map((c) => c.id)).toEqual([full.id, bare.id]); // Dana before Eli
      expect(fullRow(result)).toEqual(fullRow(byPath.prismaSelect));
      expect(result.contacts[1]).toMatchObject({
        agent: null,
        contactOwner: null,
        outsideLicensedStates: false,
        lastQuoteViewedAt: null,
        lastHealthCompletedAt: null,
        birthDate: null,
      });
    }
  });
});

describe("contact list URL", () => {
  const agentId = "0b5d2a9e-3f0c-4c1e-9a57-2f1f6f1a7e11";

  it("carries page only above 1 and limit only when not 100", () => {
    expect(contactListHref({})).toBe("/contacts");
    expect(contactListHref({ page: 1, limit: 100 })).toBe("/contacts");
    expect(contactListHref({ page: 2, limit: 100 })).toBe("/contacts?page=2");
    expect(contactListHref({ page: 1, limit: 50 })).toBe("/contacts?limit=50");
    expect(contactListHref({ page: 3, limit: 250 })).toBe("/contacts?page=3&limit=250");
  });

  it("writes comma lists, the search, ages and true flags only", () => {
    expect(
      contactListQueryString({
        search: " Maria Lopez ",
        carriers: ["Aetna", "Mutual of Omaha"],
        states: ["TX", "FL"],
        agentIds: [agentId, "unassigned"],
        ageMin: 65,
        ageMax: 70,
        hasViewedQuoteRecently: true,
        hasCompletedHealthRecently: false,
      }),
    ).toBe(
      `search=Maria%20Lopez&carriers=Aetna,Mutual%20of%20Omaha&states=TX,FL&agents=${agentId},unassigned&age_min=65&age_max=70&hasViewedQuoteRecently=true`,
    );
    expect(contactListQueryString({ search: "  ", states: [], hasCompletedHealthRecently: true })).toBe(
      "hasCompletedHealthRecently=true",
    );
  });

  it("reads back to the same filters (listContactsQuerySchema)", () => {
    const href = contactListHref({
      page: 4,
      limit: 50,
      search: "lopez",
      carriers: ["Aetna", "A&B Life"],
      states: ["TX"],
      agentIds: [agentId],
      ageMin: 65,
      hasViewedQuoteRecently: true,
    });
    const url = new URL(href, "http://localhost");
    expect(listContactsQuerySchema.parse(Object.fromEntries(url.searchParams))).toMatchObject({
      page: 4,
      limit: 50,
      search: "lopez",
      carriers: ["Aetna", "A&B Life"],
      states: ["TX"],
      agentIds: [agentId],
      ageMin: 65,
      hasViewedQuoteRecently: true,
      hasCompletedHealthRecently: false,
    });
  });

  it("links the export with the filters and without paging", () => {
    expect(contactExportHref({ page: 3, limit: 250 })).toBe("/api/contacts/export");
    expect(contactExportHref({ page: 3, states: ["TX"], hasViewedQuoteRecently: true })).toBe(
      "/api/contacts/export?states=TX&hasViewedQuoteRecently=true",
    );
  });
});

describe("birthDateRangeForAges", () => {
  it("turns ages on today's date into birth-date bounds", () => {
    expect(birthDateRangeForAges(NOW)).toBeUndefined();
    expect(birthDateRangeForAges(NOW, 65, 70)).toEqual({
      not: null,
      lte: new Date("1961-11-20T00:00:00Z"),
      gt: new Date("1955-11-20T00:00:00Z"),
    });
    // A leap-day "today" in a year whose target lacks 29 February uses the 28th.
    expect(birthDateRangeForAges(new Date("2028-02-29T12:00:00Z"), 65)).toEqual({
      not: null,
      lte: new Date("1963-02-28T00:00:00Z"),
    });
  });
});

describe("age filter and filter options", () => {
  const db = setupTestDatabase();

  it("keeps contacts whose age on now's date is within age_min..age_max", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const turns65Today = await addContact(db.prisma, org.id, {
      firstName: "A",
      lastName: "Sixtyfive",
      birthDate: "1961-11-20",
    });
    const turns65Tomorrow = await addContact(db.prisma, org.id, {
      firstName: "B",
      lastName: "Sixtyfour",
      birthDate: "1961-11-21",
    });
    const seventy = await addContact(db.prisma, org.id, {
      firstName: "C",
      lastName: "Seventy",
      birthDate: "1955-11-21",
    });
    const seventyOne = await addContact(db.prisma, org.id, {
      firstName: "D",
      lastName: "Seventyone",
      birthDate: "1955-11-20",
    });
    await addContact(db.prisma, org.id, { firstName: "E", lastName: "Unknown" });
    const ids = async (ageMin?: number, ageMax?: number) =>
      (
        await listContacts({
          db: tenantDb(org.id),
          organizationId: org.id,
          viewer: admin(boss.id),
          ageMin,
          ageMax,
          now: NOW,
        })
      ).contacts
        .map((c) => c.id)
        .sort();
    expect(await ids(65, 70)).toEqual([turns65Today.id, seventy.id].sort());
    expect(await ids(undefined, 64)).toEqual([turns65Tomorrow.id]);
    expect(await ids(71)).toEqual([seventyOne.id]);
    expect(await ids()).toHaveLength(5);
  });

  it("offers the distinct states and carriers of the contacts the viewer sees", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const other = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const agent = await createUser(db.prisma, org.id, { now: NOW });
    await addContact(db.prisma, org.id, {
      firstName: "A",
      lastName: "A",
      state: "TX",
      currentCarrier: "Humana",
      agentId: agent.id,
    });
    await addContact(db.prisma, org.id, {
      firstName: "B",
      lastName: "B",
      state: "TX",
      currentCarrier: "Aetna",
      agentId: agent.id,
    });
    await addContact(db.prisma, org.id, { firstName: "C", lastName: "C", state: "FL", currentCarrier: null });
    await addContact(db.prisma, org.id, { firstName: "D", lastName: "D", state: null, currentCarrier: "Cigna" });
    await addContact(db.prisma, other.id, {
      firstName: "E",
      lastName: "E",
      state: "NY",
      currentCarrier: "Other Org Carrier",
    });

    expect(
      await listContactFilterOptions({ db: tenantDb(org.id), organizationId: org.id, viewer: admin(boss.id) }),
    ).toEqual({ states: ["FL", "TX"], carriers: ["Aetna", "Cigna", "Humana"] });
    expect(
      await listContactFilterOptions({
        db: tenantDb(org.id),
        organizationId: org.id,
        viewer: { id: agent.id, isAdmin: false },
      }),
    ).toEqual({ states: ["TX"], carriers: ["Aetna", "Humana"] });
  });
});

describe("GET /api/contacts", () => {
  const db = setupTestDatabase();

  const get = async (query: string, cookie?: string) => {
    const response = await listRoute(
      new NextRequest(`http://localhost/api/contacts${query}`, { headers: cookie ? { cookie } : {} }),
    );
    return {
      status: response.status,
      body: (await response.json()) as ContactListResponse & { error?: { code: string; message: string } },
    };
  };

  async function agency() {
    const org = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const agent = await createUser(db.prisma, org.id, { now: NOW });
    const owner = await createUser(db.prisma, org.id, { now: NOW });
    await db.prisma.organization.update({ where: { id: org.id }, data: { defaultAgentId: boss.id } });
    const ann = await addContact(db.prisma, org.id, {
      firstName: "Ann",
      lastName: "Adams",
      state: "TX",
      currentCarrier: "Aetna",
      agentId: agent.id,
      phoneNumber: "5125550100",
    });
    const bob = await addContact(db.prisma, org.id, {
      firstName: "Bob",
      lastName: "Baker",
      state: "FL",
      currentCarrier: "Humana",
      contactOwnerId: owner.id,
    });
    const cy = await addContact(db.prisma, org.id, {
      firstName: "Cy",
      lastName: "Cole",
      state: "TX",
      currentCarrier: "Humana",
      agentId: agent.id,
    });
    await db.prisma.trackingClick.create({
      data: {
        organizationId: org.id,
        contactId: cy.id,
        trackingId: `t-${randomBytes(4).toString("hex")}`,
        clickedAt: new Date(Date.now() - 2 * DAY),
      },
    });
    return {
      org,
      boss,
      agent,
      owner,
      ann,
      bob,
      cy,
      bossCookie: (await createSession(db.prisma, boss.id, { now: new Date() })).cookie,
      agentCookie: (await createSession(db.prisma, agent.id, { now: new Date() })).cookie,
    };
  }

  it("answers contacts, total, page, limit and filterOptions, with the URL's filters applied", async () => {
    const { ann, bob, cy, owner, bossCookie } = await agency();
    const all = await get("", bossCookie);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      total: 3,
      page: 1,
      limit: 100,
      filterOptions: { states: ["FL", "TX"], carriers: ["Aetna", "Humana"] },
    });
    expect(all.body.contacts.map((c) => c.id)).toEqual([ann.id, bob.id, cy.id]);
    const bobRow = all.body.contacts.find((c) => c.id === bob.id)!;
    expect(bobRow).toMatchObject({
      agent: null,
      contactOwner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName },
      effectiveDate: null,
      hasViewedQuoteRecently: false,
    });
    expect(all.body.contacts.find((c) => c.id === cy.id)).toMatchObject({
      hasViewedQuoteRecently: true,
      hasCompletedHealthRecently: false,
    });

    const filtered = await get("?states=tx&carriers=Humana,Cigna&limit=50", bossCookie);
    expect(filtered.body).toMatchObject({ total: 1, limit: 50, filterOptions: { states: ["FL", "TX"] } });
    expect(filtered.body.contacts.map((c) => c.id)).toEqual([cy.id]);

    expect((await get("?hasViewedQuoteRecently=true", bossCookie)).body.contacts.map((c) => c.id)).toEqual([cy.id]);
    expect((await get("?search=(512)%20555-0100", bossCookie)).body.contacts.map((c) => c.id)).toEqual([ann.id]);
    expect((await get("?agents=unassigned", bossCookie)).body.contacts.map((c) => c.id)).toEqual([bob.id]);
    const paged = await get("?page=2&limit=50", bossCookie);
    expect(paged.body).toMatchObject({ page: 2, limit: 50, total: 3, contacts: [] });
  });

  it("shows a non-admin agent only their own contacts, whatever the agent filter says", async () => {
    const { ann, cy, agentCookie, boss } = await agency();
    const mine = await get(`?agents=${boss.id},unassigned`, agentCookie);
    expect(mine.status).toBe(200);
    expect(mine.body.contacts.map((c) => c.id)).toEqual([ann.id, cy.id]);
    expect(mine.body.filterOptions).toEqual({ states: ["TX"], carriers: ["Aetna", "Humana"] });
  });

  it("refuses a malformed query (422) and a missing session (401)", async () => {
    const { bossCookie } = await agency();
    expect((await get("?limit=75", bossCookie)).status).toBe(422);
    expect((await get("?states=Texas", bossCookie)).status).toBe(422);
    expect((await get("?agents=nope", bossCookie)).status).toBe(422);
    expect((await get("")).status).toBe(401);
  });

  it("never lists another organization's contacts to its admin", async () => {
    const { ann } = await agency();
    const foreign = await createOrganization(db.prisma, { now: NOW });
    const foreignAdmin = await createUser(db.prisma, foreign.id, { now: NOW, isAdmin: true });
    const own = await addContact(db.prisma, foreign.id, { firstName: "Zed", lastName: "Zane" });
    const { cookie } = await createSession(db.prisma, foreignAdmin.id, { now: new Date() });
    const seen = await get(`?search=${encodeURIComponent(ann.email)}`, cookie);
    expect(seen.body).toMatchObject({ total: 0, contacts: [], filterOptions: { states: ["TX"], carriers: [] } });
    expect((await get("", cookie)).body.contacts.map((c) => c.id)).toEqual([own.id]);
  });
});

describe("eligibility placeholders", () => {
  const db = setupTestDatabase();
  it("are not rows of the book: left out of the list, its filters, the stat cards and the export, yet their page opens by link", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const real = await addContact(db.prisma, org.id, {
      firstName: "Real",
      lastName: "Person",
      state: "TX",
      currentCarrier: "Aetna",
    });
    const placeholder = await db.prisma.contact.create({
      data: {
        organizationId: org.id,
        firstName: "",
        lastName: "",
        email: `temp-1-abcd@example.com`,
        status: "temp",
        state: "GA",
        currentCarrier: "Humana",
      },
    });
    const viewer = admin(boss.id);
    const list = await listContacts({ db: tenantDb(org.id), organizationId: org.id, viewer, now: NOW });
    expect(list.contacts.map((c) => c.id)).toEqual([real.id]);
    expect(list.total).toBe(1);
    expect(await listContactFilterOptions({ db: tenantDb(org.id), organizationId: org.id, viewer })).toEqual({
      states: ["TX"],
      carriers: ["Aetna"],
    });
    expect((await getContactStats({ organizationId: org.id, viewer })).totalContacts).toBe(1);
    const exported = await exportContacts({
      organizationId: org.id,
      viewer,
      query: listContactsQuerySchema.parse({}),
      now: NOW,
    });
    expect(exported.rowCount).toBe(1);
    expect(exported.csv).not.toContain("temp-1-abcd@example.com");
    expect(
      (await getContactDetail({ db: tenantDb(org.id), organizationId: org.id, id: placeholder.id, viewer })).id,
    ).toBe(placeholder.id);
  });
});

describe("search through contact_search_candidates (the trigram index under row-level security)", () => {
  const db = setupTestDatabase();

  async function twoOrganizations() {
    const a = await createOrganization(db.prisma, { now: NOW });
    const b = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, a.id, { now: NOW, isAdmin: true });
    const annSmith = await addContact(db.prisma, a.id, { firstName: "Ann", lastName: "Smith" });
    const bobSmith = await addContact(db.prisma, b.id, { firstName: "Bob", lastName: "Smith" });
    return { a, b, boss, annSmith, bobSmith };
  }

  /** The ids of the plain LIKE list for "smith" (no candidate ids), read by the owner, in the list's order. */
  async function plainSmiths(organizationId: string, viewer: { id: string; isAdmin: boolean }): Promise<string[]> {
    const rows = await db.prisma.contact.findMany({
      where: contactListWhere({ organizationId, viewer, search: "smith", now: NOW }),
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    return rows.map((c) => c.id);
  }

  /** A page of 50 of the tenant's list for "smith", as the contact list asks for it. */
  function listSmiths(
    organizationId: string,
    viewer: { id: string; isAdmin: boolean },
    page: number,
    more: Partial<Parameters<typeof listContacts>[0]> = {},
  ) {
    return listContacts({
      db: tenantDb(organizationId),
      organizationId,
      viewer,
      search: "smith",
      page,
      limit: 50,
      now: NOW,
      ...more,
    });
  }

  /** The function as the `app` role sees it, with app.org_id set to `organizationId` (or left unset). */
  async function candidatesAsApp(organizationId: string | null, term: string): Promise<string[]> {
    await db.query("BEGIN");
    try {
      await db.query("SELECT set_config('app.org_id', $1, true), set_config('role', 'app', true)", [
        organizationId ?? "",
      ]);
      const [row] = await db.query<{ ids: string[] }>("SELECT contact_search_candidates($1, NULL, 100) AS ids", [term]);
      return [...row!.ids].sort();
    } finally {
      await db.query("ROLLBACK");
    }
  }

  it("answers only the current organization's ids, and nothing without one, whatever the term", async () => {
    const { a, b, annSmith, bobSmith } = await twoOrganizations();

    expect(await candidatesAsApp(a.id, "smith")).toEqual([annSmith.id]);
    expect(await candidatesAsApp(b.id, "smith")).toEqual([bobSmith.id]);
    // Wildcards are literal, so no term widens it to "everything"; an empty term is every row of the tenant only.
    expect(await candidatesAsApp(a.id, "%")).toEqual([]);
    expect(await candidatesAsApp(a.id, "_")).toEqual([]);
    expect(await candidatesAsApp(a.id, "")).toEqual([annSmith.id]);
    // No tenant (unset or blank app.org_id), as `app` or as the owner: nothing at all.
    expect(await candidatesAsApp(null, "smith")).toEqual([]);
    expect(await candidatesAsApp(null, "")).toEqual([]);
    expect(await db.query("SELECT contact_search_candidates('smith', NULL, 100) AS ids")).toEqual([{ ids: [] }]);
    // Through the tenant wall, as listContacts calls it.
    const fromTenant = await tenantDb(a.id).$queryRaw<
      { ids: string[] }[]
    >`SELECT contact_search_candidates('smith', NULL, 100)::text[] AS ids`;
    expect(fromTenant).toEqual([{ ids: [annSmith.id] }]);
  });

  it("runs as its owner with a pinned search_path, and only `app` (not PUBLIC) may call it", async () => {
    const [fn] = await db.query<{ prosecdef: boolean; proconfig: string[] | null; app: boolean; public: boolean }>(
      `SELECT p.prosecdef, p.proconfig,
              has_function_privilege('app', p.oid, 'EXECUTE') AS app,
              EXISTS (SELECT 1 FROM aclexplode(p.proacl) acl WHERE acl.grantee = 0) AS public
       FROM pg_proc p WHERE p.proname = 'contact_search_candidates'`,
    );
    expect(fn).toEqual({ prosecdef: true, proconfig: ["search_path=pg_catalog, pg_temp"], app: true, public: false });
  });

  it("searchCandidates gives ids only to this organization's tenant client, and says when there are more than the limit", async () => {
    const { a, b, boss, annSmith } = await twoOrganizations();
    await addContact(db.prisma, a.id, { firstName: "Cy", lastName: "Smithers" });
    const viewer = admin(boss.id);

    expect(await searchCandidates(tenantDb(a.id), a.id, viewer, "ann smith")).toEqual({ ids: [annSmith.id] });
    expect(await searchCandidates(tenantDb(a.id), a.id, viewer, "zzz")).toEqual({ ids: [] });
    expect(await searchCandidates(tenantDb(a.id), a.id, viewer, "smith", 1)).toEqual({ overLimit: true });
    expect((await searchCandidates(tenantDb(a.id), a.id, viewer, "smith", 2)) as { ids: string[] }).toEqual({
      ids: expect.arrayContaining([annSmith.id]),
    });
    // Over the limit when the matches come after the first 10 × (limit + 1) names too (the trigram read, not
    // the dense-term shortcut): 25 names that sort before "Smith" and do not match.
    await db.prisma.contact.createMany({
      data: Array.from({ length: 25 }, (_, i) => ({
        organizationId: a.id,
        firstName: "Al",
        lastName: `Abbot${String(i).padStart(2, "0")}`,
        email: `abbot${i}@example.test`,
      })),
    });
    expect(await searchCandidates(tenantDb(a.id), a.id, viewer, "smith", 1)).toEqual({ overLimit: true });
    expect(await searchCandidates(tenantDb(a.id), a.id, viewer, "smith", 3)).toHaveProperty("ids");
    // Not A's tenant: the owner's client (no app.org_id), or B's tenant client asked for A.
    expect(await searchCandidates(db.prisma, a.id, viewer, "smith")).toBeUndefined();
    expect(await searchCandidates(tenantDb(b.id), a.id, viewer, "smith")).toBeUndefined();
  });

  it("answers only listed contacts: not placeholders or unconfirmed signups, and an agent's own only", async () => {
    const { a, annSmith } = await twoOrganizations();
    const agent = await createUser(db.prisma, a.id, { now: NOW });
    const agentsSmith = await addContact(db.prisma, a.id, { firstName: "Di", lastName: "Smith", agentId: agent.id });
    const placeholder = await addContact(db.prisma, a.id, { firstName: "Ed", lastName: "Smith" });
    await db.prisma.contact.update({ where: { id: placeholder.id }, data: { status: "temp" } });
    const unconfirmed = await addContact(db.prisma, a.id, { firstName: "Flo", lastName: "Smith" });
    await db.prisma.contact.update({ where: { id: unconfirmed.id }, data: { unverifiedSince: NOW } });

    const ids = async (viewer: { id: string; isAdmin: boolean }) =>
      ((await searchCandidates(tenantDb(a.id), a.id, viewer, "smith")) as { ids: string[] }).ids.sort();
    expect(await ids(admin(agent.id))).toEqual([annSmith.id, agentsSmith.id].sort());
    expect(await ids({ id: agent.id, isAdmin: false })).toEqual([agentsSmith.id]);
  });

  it("up to the limit: the ids come in the list's order, and each page is its slice of them", async () => {
    const { a, boss } = await twoOrganizations();
    // 120 Smiths inserted in an order the list's order does not follow (names, then ids on equal names).
    await db.prisma.contact.createMany({
      data: Array.from({ length: 120 }, (_, i) => ({
        organizationId: a.id,
        firstName: `F${String((i * 17) % 13).padStart(2, "0")}`,
        lastName: i % 3 ? "Smith" : "Goldsmith",
        email: `order${i}@example.test`,
      })),
    });
    const viewer = admin(boss.id);
    const tenant = tenantDb(a.id);
    const plain = await plainSmiths(a.id, viewer);
    expect(plain).toHaveLength(121); // the 120 and Ann Smith
    expect(await searchCandidates(tenant, a.id, viewer, "smith", 200)).toEqual({ ids: plain });
    // Whatever the plan: at scale the matches come from the trigram index in the table's order, not the list's.
    await db.query("BEGIN");
    try {
      await db.query("SELECT set_config('app.org_id', $1, true), set_config('role', 'app', true)", [a.id]);
      await db.query("SET LOCAL enable_indexscan = off");
      await db.query("SET LOCAL enable_indexonlyscan = off");
      const [row] = await db.query<{ ids: string[] }>("SELECT contact_search_candidates('smith', NULL, 200) AS ids");
      expect(row!.ids).toEqual(plain);
    } finally {
      await db.query("ROLLBACK");
    }
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      const listed = await listSmiths(a.id, viewer, page);
      expect(listed).toMatchObject({ total: 121, totalCapped: false });
      pages.push(...listed.contacts.map((c) => c.id));
    }
    expect(pages).toEqual(plain);
  });

  it("past the limit: the total reads 'more than the limit' and the pages are the plain list's pages", async () => {
    const { a, boss } = await twoOrganizations();
    const agent = await createUser(db.prisma, a.id, { now: NOW });
    // 60 Smiths (5 of them the agent's) in an order the insert order does not give away.
    await db.prisma.contact.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        organizationId: a.id,
        firstName: `F${String((i * 37) % 60).padStart(2, "0")}`,
        lastName: i % 2 ? "Smith" : "Goldsmith",
        email: `smith${i}@example.test`,
        agentId: i % 12 === 0 ? agent.id : null,
      })),
    });
    const viewer = admin(boss.id);
    const plain = await plainSmiths(a.id, viewer);
    expect(plain).toHaveLength(61); // and Ann Smith

    const list = (page: number, more: Partial<Parameters<typeof listContacts>[0]> = {}) =>
      listSmiths(a.id, viewer, page, { searchCandidateLimit: 10, ...more });
    const first = await list(1);
    const second = await list(2);
    expect({ total: first.total, totalCapped: first.totalCapped }).toEqual({ total: 10, totalCapped: true });
    expect(first.contacts.map((c) => c.id)).toEqual(plain.slice(0, 50));
    expect(second.contacts.map((c) => c.id)).toEqual(plain.slice(50));
    expect((await list(3)).contacts).toEqual([]);

    // Another filter besides the search: counted, but never past the limit.
    const agentsOnly = await list(1, { agentIds: [agent.id] });
    expect({ total: agentsOnly.total, totalCapped: agentsOnly.totalCapped, n: agentsOnly.contacts.length }).toEqual({
      total: 5,
      totalCapped: false,
      n: 5,
    });
    const unassigned = await list(1, { agentIds: ["unassigned"] });
    expect({ total: unassigned.total, totalCapped: unassigned.totalCapped }).toEqual({ total: 10, totalCapped: true });
    // Within the limit the total is exact, as before.
    const exact = await list(1, { searchCandidateLimit: 100 });
    expect({ total: exact.total, totalCapped: exact.totalCapped }).toEqual({ total: 61, totalCapped: false });
    expect(exact.contacts.map((c) => c.id)).toEqual(plain.slice(0, 50));
  });

  it("finds a broad search's page by an index-only walk of the book's name order, the status sent as a parameter", async () => {
    const { a } = await twoOrganizations();
    // The page's statement as the list sends it past the limit (readContactPage: the book's status is a
    // parameter): the partial index's predicate (status <> 'temp' AND unverified_since IS NULL) must still be proven.
    await db.query("BEGIN");
    try {
      await db.query("SELECT set_config('app.org_id', $1, true), set_config('role', 'app', true)", [a.id]);
      await db.query("SET LOCAL enable_seqscan = off");
      await db.query("SET LOCAL enable_bitmapscan = off");
      await db.query("SET LOCAL enable_sort = off");
      const page = contactPageSql({
        organizationId: a.id,
        agentId: a.id,
        likeFragment: "smith",
        since: new Date(NOW.getTime() - 30 * DAY),
        now: NOW,
        source: { skip: 0, limit: 100 },
      });
      expect(page.values).toContain("temp");
      const plan = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${page.text}`, page.values);
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(
        /Index Only Scan using contacts_book_order_search_idx/,
      );
    } finally {
      await db.query("ROLLBACK");
    }
  });

  it("counts the list as it opens from the book's count index: the book only, an agent's own, the status a parameter", async () => {
    const { a, b, boss } = await twoOrganizations();
    const agent = await createUser(db.prisma, a.id, { now: NOW });
    await addContact(db.prisma, a.id, { firstName: "Di", lastName: "Jones", agentId: agent.id });
    const placeholder = await addContact(db.prisma, a.id, { firstName: "Ed", lastName: "Jones", agentId: agent.id });
    await db.prisma.contact.update({ where: { id: placeholder.id }, data: { status: "temp" } });
    const unconfirmed = await addContact(db.prisma, a.id, { firstName: "Flo", lastName: "Jones" });
    await db.prisma.contact.update({ where: { id: unconfirmed.id }, data: { unverifiedSince: NOW } });
    await addContact(db.prisma, b.id, { firstName: "Gus", lastName: "Jones" });
    const total = async (viewer: { id: string; isAdmin: boolean }) =>
      (await listContacts({ db: tenantDb(a.id), organizationId: a.id, viewer, now: NOW })).total;
    expect(await total(admin(boss.id))).toBe(2); // Ann Smith and Di Jones
    expect(await total({ id: agent.id, isAdmin: false })).toBe(1);

    await db.query("BEGIN");
    try {
      // On a few rows the name-order index (the same predicate) costs the same; at scale this one is ~30× smaller
      // (performance.md, Contact list query). Without it, the plan shows that the count can use the count index.
      await db.query("DROP INDEX contacts_book_order_search_idx");
      await db.query("SELECT set_config('app.org_id', $1, true), set_config('role', 'app', true)", [a.id]);
      await db.query("SET LOCAL enable_seqscan = off");
      await db.query("SET LOCAL enable_bitmapscan = off");
      const count = listedCountSql(a.id, null);
      expect(count.values).toContain("temp");
      const plan = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${count.text}`, count.values);
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(/Index Only Scan using contacts_book_count_idx/);
    } finally {
      await db.query("ROLLBACK");
    }
  });

  it("lists exactly what the plain LIKE filter lists: accents, carrier, wildcards taken literally, other filters kept", async () => {
    const { a, boss } = await twoOrganizations();
    const agent = await createUser(db.prisma, a.id, { now: NOW });
    const seeds: ContactSeed[] = [
      { firstName: "Zoë", lastName: "Hernández", currentCarrier: "Mutual of Omaha", state: "FL" },
      { firstName: "Zoe", lastName: "Smithson", currentCarrier: "Aetna", agentId: agent.id },
      { firstName: "Al", lastName: "Under", email: "al_100%\\x@odd.test", state: "GA" },
      { firstName: "Alex", lastName: "Underwood", email: "al-100x@odd.test", phoneNumber: "5125550100" },
      { firstName: "María", lastName: "López", email: "mlopez@acme-mail.test", phoneNumber: "2145550199" },
      { firstName: "Pat", lastName: "Goldsmith", currentCarrier: "Humana", state: null },
    ];
    for (const seed of seeds) await addContact(db.prisma, a.id, seed);
    const viewer = admin(boss.id);
    const tenant = tenantDb(a.id);
    const cases: { search: string; states?: string[]; carriers?: string[]; agentIds?: string[] }[] = [
      { search: "zoe" },
      { search: "ZOË" },
      { search: "hernandez" },
      { search: "lopez" },
      { search: "omaha" },
      { search: "aetna" },
      { search: "smith" },
      { search: "smith", states: ["TX"] },
      { search: "smith", carriers: ["Humana"] },
      { search: "zoe", agentIds: [agent.id] },
      { search: "al_100%\\x" },
      { search: "al_100" },
      { search: "al%" },
      { search: "%" },
      { search: "_" },
      { search: "\\" },
      { search: "(512) 555-01" },
      { search: "+1 214.555.0199" },
      { search: "zzz" },
    ];
    for (const filters of cases) {
      const term = normalizeSearchTerm(filters.search)!;
      // The candidate path is the one under test (listContacts takes it unless a state or carrier filter is set).
      expect(await searchCandidates(tenant, a.id, viewer, term)).toHaveProperty("ids");
      const listed = await listContacts({ db: tenant, organizationId: a.id, viewer, ...filters, now: NOW });
      // The old semantics: the same where without candidate ids, read by the owner (no function involved).
      const plain = await db.prisma.contact.findMany({
        where: contactListWhere({ organizationId: a.id, viewer, ...filters, now: NOW }),
        orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
        select: { id: true },
      });
      expect({ filters, ids: listed.contacts.map((c) => c.id), total: listed.total }).toEqual({
        filters,
        ids: plain.map((c) => c.id),
        total: plain.length,
      });
      // And the tenant's list without candidates (a term over the limit) is the same list too.
      const withoutCandidates = await listContacts({
        db: tenant,
        organizationId: a.id,
        viewer,
        ...filters,
        now: NOW,
        searchCandidateLimit: 0,
      });
      expect(withoutCandidates).toEqual(listed);
    }
    // The cases do find things (else the equality above would prove little).
    const total = async (search: string) =>
      (await listContacts({ db: tenant, organizationId: a.id, viewer, search, now: NOW })).total;
    expect(await total("zoe")).toBe(2);
    expect(await total("smith")).toBe(3); // Ann Smith, Zoe Smithson, Pat Goldsmith; not B's Bob Smith
    expect(await total("al_100%\\x")).toBe(1);
    expect(await total("al_100")).toBe(1);
    expect(await total("%")).toBe(1); // the literal "%" in al_100%\\x@odd.test, not every row
  });
});
