import { NextRequest } from "next/server";
import { GET as getHouseholdRoute, POST as linkRoute } from "@/app/api/contacts/[id]/household/route";
import { POST as confirmRoute } from "@/app/api/households/[id]/confirm/route";
import { POST as dismissRoute } from "@/app/api/households/[id]/dismiss/route";
import { createContact as createContactService } from "@/lib/contacts/create-contact";
import { bulkImportContacts } from "@/lib/contacts/import/bulk-import";
import { bulkImportRequestSchema } from "@/lib/contacts/import/import-types";
import { updateContact } from "@/lib/contacts/update-contact";
import { tenantTransaction } from "@/lib/db";
import { HOUSEHOLD_MESSAGES } from "@/lib/households/household-schema";
import { suggestHouseholds, suggestHouseholdsForOrganization } from "@/lib/households/suggest";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";
import { asImportUser, importRow, numbered, seedImportCarriers } from "@/lib/testing/import-fixtures";

const db = setupTestDatabase();
// Services are given this moment. The routes read the clock, so the sessions they check are made at the clock's time.
const NOW = new Date("2026-06-01T15:00:00Z");
const clockNow = new Date();

beforeAll(() => seedImportCarriers(db.prisma));

let seq = 0;

async function agency() {
  const org = await createOrganization(db.prisma, { now: NOW });
  const admin = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true, isAgent: true });
  const agentA = await createUser(db.prisma, org.id, { now: NOW });
  const agentB = await createUser(db.prisma, org.id, { now: NOW });
  const cookies = {
    admin: (await createSession(db.prisma, admin.id, { now: clockNow })).cookie,
    agentA: (await createSession(db.prisma, agentA.id, { now: clockNow })).cookie,
  };
  return { org, admin, agentA, agentB, cookies };
}

type Address = { street?: string | null; unit?: string | null; zip?: string | null };

async function person(organizationId: string, address: Address, options: { agentId?: string | null } = {}) {
  seq += 1;
  return db.prisma.contact.create({
    data: {
      organizationId,
      firstName: "Pat",
      lastName: `Household ${seq}`,
      email: `household.${seq}.${Date.now()}@example.test`,
      streetAddress: address.street ?? null,
      addressUnit: address.unit ?? null,
      zipCode: address.zip ?? null,
      agentId: options.agentId ?? null,
      createdAt: NOW,
      updatedAt: NOW,
    },
  });
}

const households = (organizationId: string) =>
  db.prisma.household.findMany({ where: { organizationId }, orderBy: { createdAt: "asc" } });
const pairOf = (x: string, y: string) => [x, y].sort();
const suggest = (organizationId: string, now = NOW) => suggestHouseholdsForOrganization(organizationId, now);

const req = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
  new NextRequest(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers: {
      host: "localhost",
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

describe("suggestHouseholds", () => {
  it("suggests two contacts at one address however it is spelled, and nobody in a building of three, a different unit or without a street", async () => {
    const { org } = await agency();
    const ann = await person(org.id, { street: "12 North Elm Street", unit: "Apt 4B", zip: "78701" });
    const bob = await person(org.id, { street: "12 N. Elm St", unit: "#4b", zip: "78701-1234" });
    // A different unit in the same building, and the building without a unit.
    await person(org.id, { street: "12 N Elm St", unit: "Unit 4-C", zip: "78701" });
    await person(org.id, { street: "12 N Elm St", zip: "78701" });
    // Three at one address (a care home): no pair.
    for (let i = 0; i < 3; i++) await person(org.id, { street: "500 Oak Avenue", zip: "78702" });
    // No street, or no ZIP.
    await person(org.id, { street: null, zip: "78701" });
    await person(org.id, { street: null, zip: "78701" });
    await person(org.id, { street: "9 Pine Rd", zip: null });
    await person(org.id, { street: "9 Pine Rd", zip: null });

    const outcome = await suggest(org.id);
    expect(outcome).toMatchObject({ pairs: 1, suggested: 1, withdrawn: 0 });
    const rows = await households(org.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "address",
      status: "suggested",
      addressKey: "78701|12 n elm st|4b",
      confirmedById: null,
      createdAt: NOW,
    });
    expect([rows[0]!.contactAId, rows[0]!.contactBId]).toEqual(pairOf(ann.id, bob.id));

    // Again: nothing new.
    expect(await suggest(org.id)).toMatchObject({ pairs: 1, suggested: 0, withdrawn: 0 });
    expect(await households(org.id)).toHaveLength(1);
  });

  it("leaves out contacts outside the book (an unconfirmed self-signup)", async () => {
    const { org } = await agency();
    await person(org.id, { street: "1 Bay St", zip: "78701" });
    const signup = await person(org.id, { street: "1 Bay Street", zip: "78701" });
    await db.prisma.contact.update({ where: { id: signup.id }, data: { unverifiedSince: NOW } });
    expect(await suggest(org.id)).toMatchObject({ pairs: 0 });
  });

  it("does not suggest a dismissed pair again at the same address, and does when the two move together", async () => {
    const { org, admin } = await agency();
    const ann = await person(org.id, { street: "3 Lake Dr", zip: "78701" });
    const bob = await person(org.id, { street: "3 Lake Drive", zip: "78701" });
    await suggest(org.id);
    const [row] = await households(org.id);
    await db.prisma.household.update({ where: { id: row!.id }, data: { status: "dismissed" } });

    expect(await suggest(org.id)).toMatchObject({ pairs: 1, suggested: 0 });
    expect((await households(org.id))[0]).toMatchObject({ status: "dismissed" });

    const viewer = { id: admin.id, isAdmin: true };
    const later = new Date(NOW.getTime() + 86_400_000);
    await updateContact({
      organizationId: org.id,
      viewer,
      id: ann.id,
      input: { firstName: "Pat", lastName: ann.lastName, email: ann.email, streetAddress: "40 Hill Rd" },
      now: later,
    });
    await updateContact({
      organizationId: org.id,
      viewer,
      id: bob.id,
      input: { firstName: "Pat", lastName: bob.lastName, email: bob.email, streetAddress: "40 Hill Road" },
      now: later,
    });
    const rows = await households(org.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "suggested", addressKey: "78701|40 hill rd|", updatedAt: later });
  });

  it("withdraws a suggestion when one of the two moves out, and suggests the two left behind at a former building of three", async () => {
    const { org, admin } = await agency();
    const viewer = { id: admin.id, isAdmin: true };
    const ann = await person(org.id, { street: "7 Elm St", zip: "78701" });
    const bob = await person(org.id, { street: "7 Elm St", zip: "78701" });
    const cat = await person(org.id, { street: "8 Birch St", zip: "78701" });
    const dan = await person(org.id, { street: "8 Birch St", zip: "78701" });
    const eve = await person(org.id, { street: "8 Birch St", zip: "78701" });
    await suggest(org.id);
    expect(await households(org.id)).toHaveLength(1);

    // Bob moves to another ZIP: the Elm Street suggestion is withdrawn by his own edit.
    await updateContact({
      organizationId: org.id,
      viewer,
      id: bob.id,
      input: { firstName: "Pat", lastName: bob.lastName, email: bob.email, zipCode: "78702" },
      now: NOW,
    });
    expect(await households(org.id)).toHaveLength(0);

    // Eve moves out of Birch Street: Cat and Dan are the two left there.
    await updateContact({
      organizationId: org.id,
      viewer,
      id: eve.id,
      input: { firstName: "Pat", lastName: eve.lastName, email: eve.email, streetAddress: "9 Birch St" },
      now: NOW,
    });
    const rows = await households(org.id);
    expect(rows.map((r) => [r.contactAId, r.contactBId])).toEqual([pairOf(cat.id, dan.id)]);
    expect(rows[0]).toMatchObject({ status: "suggested" });
    void ann;
  });

  it("never suggests a contact who is already in a confirmed household (an explicit link overrides the address)", async () => {
    const { org, admin } = await agency();
    const ann = await person(org.id, { street: "5 Cedar Ct", zip: "78701" });
    const bob = await person(org.id, { street: "5 Cedar Court", zip: "78701" });
    const spouse = await person(org.id, { street: "99 Far Away Ln", zip: "78705" });
    const pair = pairOf(ann.id, spouse.id);
    await db.prisma.household.create({
      data: {
        organizationId: org.id,
        contactAId: pair[0]!,
        contactBId: pair[1]!,
        kind: "explicit",
        status: "confirmed",
        confirmedById: admin.id,
        confirmedAt: NOW,
        createdAt: NOW,
        updatedAt: NOW,
      },
    });
    expect(await suggest(org.id)).toMatchObject({ pairs: 0, suggested: 0 });
    expect(await households(org.id)).toHaveLength(1);
    void bob;
  });

  it("is scoped: a pass over one ZIP leaves other ZIPs' suggestions alone", async () => {
    const { org } = await agency();
    await person(org.id, { street: "1 A St", zip: "78701" });
    await person(org.id, { street: "1 A St", zip: "78701" });
    await person(org.id, { street: "2 B St", zip: "78702" });
    await person(org.id, { street: "2 B St", zip: "78702" });
    await suggest(org.id);
    const outcome = await tenantTransaction(org.id, (tx) =>
      suggestHouseholds(tx, org.id, NOW, { zipCodes: ["78702"], contactIds: [] }),
    );
    expect(outcome).toMatchObject({ contactsRead: 2, pairs: 1, suggested: 0, withdrawn: 0 });
    expect(await households(org.id)).toHaveLength(2);
  });

  it("runs when a contact is created with an address, and after a CSV import with Address and Address 2 columns", async () => {
    const { org, admin } = await agency();
    const viewer = { id: admin.id, isAdmin: true };
    const first = await person(org.id, { street: "20 River Rd", unit: "Apt 2", zip: "78701" });
    const second = await createContactService({
      organizationId: org.id,
      viewer,
      input: {
        firstName: "Sam",
        lastName: "River",
        email: `sam.${Date.now()}@example.test`,
        zipCode: "78701",
        streetAddress: "20 River Road",
        addressUnit: "#2",
      },
      now: NOW,
    });
    expect(second).toMatchObject({ streetAddress: "20 River Road", addressUnit: "#2" });
    expect((await households(org.id)).map((r) => [r.contactAId, r.contactBId])).toEqual([pairOf(first.id, second.id)]);

    const result = await bulkImportContacts({
      organizationId: org.id,
      user: asImportUser(admin),
      request: bulkImportRequestSchema.parse({
        overwriteExisting: false,
        agentId: null,
        contacts: numbered([
          importRow({ streetAddress: "300 Main Street", addressUnit: "Apt 4B", zipCode: "78701" }),
          importRow({ streetAddress: "300 MAIN ST", addressUnit: "Unit 4-B", zipCode: "78701" }),
          importRow({ streetAddress: "300 Main St", addressUnit: "Apt 4C", zipCode: "78701" }),
        ]),
      }),
      now: NOW,
    });
    expect(result.newContacts).toBe(3);
    const imported = await db.prisma.contact.findMany({
      where: { organizationId: org.id, source: "csv" },
      orderBy: { addressUnit: "asc" },
      select: { id: true, streetAddress: true, addressUnit: true },
    });
    expect(imported.map((c) => [c.streetAddress, c.addressUnit])).toEqual([
      ["300 Main Street", "Apt 4B"],
      ["300 Main St", "Apt 4C"],
      ["300 MAIN ST", "Unit 4-B"],
    ]);
    const rows = await households(org.id);
    expect(rows).toHaveLength(2);
    expect([rows[1]!.contactAId, rows[1]!.contactBId]).toEqual(pairOf(imported[0]!.id, imported[2]!.id));
  });

  it("an overwrite import replaces street and unit when its row has a street line, and keeps both when it has none", async () => {
    const { org, admin } = await agency();
    const kept = await person(org.id, { street: "1 Old Rd", unit: "Apt 1", zip: "78701" });
    const moved = await person(org.id, { street: "2 Old Rd", unit: "Apt 2", zip: "78701" });
    await bulkImportContacts({
      organizationId: org.id,
      user: asImportUser(admin),
      request: bulkImportRequestSchema.parse({
        overwriteExisting: true,
        agentId: null,
        contacts: numbered([
          importRow({ email: kept.email, streetAddress: "", addressUnit: "", zipCode: "78701" }),
          importRow({ email: moved.email, streetAddress: "9 New St", addressUnit: "", zipCode: "78701" }),
        ]),
      }),
      now: NOW,
    });
    const after = await db.prisma.contact.findMany({
      where: { id: { in: [kept.id, moved.id] } },
      select: { id: true, streetAddress: true, addressUnit: true },
    });
    expect(after.find((c) => c.id === kept.id)).toMatchObject({ streetAddress: "1 Old Rd", addressUnit: "Apt 1" });
    expect(after.find((c) => c.id === moved.id)).toMatchObject({ streetAddress: "9 New St", addressUnit: null });
  });
});

describe("the household routes", () => {
  async function suggestedPair() {
    const a = await agency();
    const ann = await person(a.org.id, { street: "1 Maple Ave", zip: "78701" }, { agentId: a.agentA.id });
    const bob = await person(a.org.id, { street: "1 Maple Avenue", zip: "78701" }, { agentId: a.agentA.id });
    await suggest(a.org.id);
    const [row] = await households(a.org.id);
    return { ...a, ann, bob, household: row! };
  }

  it("GET shows the suggestion; confirm confirms it with who and when; dismiss undoes it", async () => {
    const { cookies, ann, bob, household, agentA } = await suggestedPair();
    const get = async () => {
      const response = await getHouseholdRoute(
        req(`/api/contacts/${ann.id}/household`, { cookie: cookies.agentA }),
        ctx({ id: ann.id }),
      );
      expect(response.status).toBe(200);
      return (await response.json()) as { household: Record<string, unknown> | null };
    };
    expect((await get()).household).toMatchObject({
      id: household.id,
      kind: "address",
      status: "suggested",
      partner: { id: bob.id, firstName: "Pat", lastName: bob.lastName },
    });

    const confirmed = await confirmRoute(
      req(`/api/households/${household.id}/confirm`, { method: "POST", cookie: cookies.agentA }),
      ctx({ id: household.id }),
    );
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({
      success: true,
      household: { status: "confirmed", confirmedById: agentA.id },
    });
    expect((await get()).household).toMatchObject({ status: "confirmed" });
    const audit = await db.prisma.auditLog.findFirst({
      where: { action: "household.confirmed", entityId: household.id },
    });
    expect(audit?.actorUserId).toBe(agentA.id);

    const dismissed = await dismissRoute(
      req(`/api/households/${household.id}/dismiss`, { method: "POST", cookie: cookies.agentA }),
      ctx({ id: household.id }),
    );
    expect(dismissed.status).toBe(200);
    expect(await dismissed.json()).toMatchObject({ household: { status: "dismissed", confirmedById: null } });
    expect((await get()).household).toBeNull();
  });

  it("POST links two contacts explicitly (confirmed), refuses a second confirmed household and a link to oneself", async () => {
    const { org, cookies, admin, ann, bob, household } = await suggestedPair();
    const cat = await person(org.id, { street: "77 Somewhere Else", zip: "78705" });
    const link = (from: string, partnerId: unknown) =>
      linkRoute(
        req(`/api/contacts/${from}/household`, { method: "POST", body: { partnerId }, cookie: cookies.admin }),
        ctx({ id: from }),
      );

    const response = await link(ann.id, cat.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      household: { kind: "explicit", status: "confirmed", confirmedById: admin.id, partner: { id: cat.id } },
    });
    // Ann is now in a confirmed household: confirming the address suggestion with Bob is refused.
    const refused = await confirmRoute(
      req(`/api/households/${household.id}/confirm`, { method: "POST", cookie: cookies.admin }),
      ctx({ id: household.id }),
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: "conflict", message: HOUSEHOLD_MESSAGES.alreadyPaired } });
    expect((await link(bob.id, cat.id)).status).toBe(409);

    const self = await link(bob.id, bob.id);
    expect(self.status).toBe(422);
    expect((await link(bob.id, "not-a-uuid")).status).toBe(422);
    // The explicit link stands; the suggestion is still only a suggestion.
    const rows = await households(org.id);
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([
      ["address", "suggested"],
      ["explicit", "confirmed"],
    ]);
  });

  it("answers 404 for another organization's contact, partner or household, and changes nothing", async () => {
    const a = await suggestedPair();
    const b = await agency();
    const bContact = await person(b.org.id, { street: "1 Maple Ave", zip: "78701" });
    const before = JSON.stringify(await households(a.org.id));

    const get = await getHouseholdRoute(
      req(`/api/contacts/${a.ann.id}/household`, { cookie: b.cookies.admin }),
      ctx({ id: a.ann.id }),
    );
    expect(get.status).toBe(404);
    for (const route of [confirmRoute, dismissRoute]) {
      const response = await route(
        req(`/api/households/${a.household.id}/x`, { method: "POST", cookie: b.cookies.admin }),
        ctx({ id: a.household.id }),
      );
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(a.ann.id);
    }
    // B's contact with A's contact as partner, and A's contact with B's as partner.
    const crossPartner = await linkRoute(
      req(`/api/contacts/${bContact.id}/household`, {
        method: "POST",
        body: { partnerId: a.ann.id },
        cookie: b.cookies.admin,
      }),
      ctx({ id: bContact.id }),
    );
    expect(crossPartner.status).toBe(404);
    const crossContact = await linkRoute(
      req(`/api/contacts/${a.ann.id}/household`, {
        method: "POST",
        body: { partnerId: bContact.id },
        cookie: b.cookies.admin,
      }),
      ctx({ id: a.ann.id }),
    );
    expect(crossContact.status).toBe(404);
    expect(JSON.stringify(await households(a.org.id))).toBe(before);
    expect(await households(b.org.id)).toHaveLength(0);
  });

  it("an agent sees and acts on a household only when both contacts are theirs", async () => {
    const { org, cookies, agentA, agentB } = await agency();
    const mine = await person(org.id, { street: "4 Shared Way", zip: "78701" }, { agentId: agentA.id });
    const theirs = await person(org.id, { street: "4 Shared Wy", zip: "78701" }, { agentId: agentB.id });
    await suggest(org.id);
    const [row] = await households(org.id);

    const get = await getHouseholdRoute(
      req(`/api/contacts/${mine.id}/household`, { cookie: cookies.agentA }),
      ctx({ id: mine.id }),
    );
    expect(await get.json()).toEqual({ household: null });
    const confirm = await confirmRoute(
      req(`/api/households/${row!.id}/confirm`, { method: "POST", cookie: cookies.agentA }),
      ctx({ id: row!.id }),
    );
    expect(confirm.status).toBe(404);
    const link = await linkRoute(
      req(`/api/contacts/${mine.id}/household`, {
        method: "POST",
        body: { partnerId: theirs.id },
        cookie: cookies.agentA,
      }),
      ctx({ id: mine.id }),
    );
    expect(link.status).toBe(404);
    // The admin sees it.
    const asAdmin = await getHouseholdRoute(
      req(`/api/contacts/${mine.id}/household`, { cookie: cookies.admin }),
      ctx({ id: mine.id }),
    );
    expect(await asAdmin.json()).toMatchObject({ household: { id: row!.id, partner: { id: theirs.id } } });
  });
});
