import { loadContactPage } from "@/lib/contacts/contact-activity";
import { listContactsForViewer } from "@/lib/contacts/list-contacts-for-viewer";
import { tenantDb } from "@/lib/db";
import { getContactHousehold, linkHousehold, listHouseholdMarks } from "@/lib/households/households";
import { suggestHouseholdsForOrganization } from "@/lib/households/suggest";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createUser } from "@/lib/testing/factories";

/**
 * What the contact page and the contact list show of households (docs/households.md): the page's data carries
 * the contact's household, the list's rows their marks, a confirmed household wins over a stale suggestion,
 * and nobody sees a pairing with a contact they may not see.
 */

const db = setupTestDatabase();
const NOW = new Date("2026-06-01T15:00:00Z");
let seq = 0;

async function agency() {
  const org = await createOrganization(db.prisma, { now: NOW });
  const admin = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true, isAgent: true });
  const agentA = await createUser(db.prisma, org.id, { now: NOW });
  const agentB = await createUser(db.prisma, org.id, { now: NOW });
  return {
    org,
    adminViewer: { id: admin.id, isAdmin: true },
    agentA,
    agentB,
    viewerA: { id: agentA.id, isAdmin: false },
  };
}

async function person(organizationId: string, street: string | null, agentId: string | null = null) {
  seq += 1;
  return db.prisma.contact.create({
    data: {
      organizationId,
      firstName: "Pat",
      lastName: `Marks ${seq}`,
      email: `marks.${seq}.${Date.now()}@example.test`,
      streetAddress: street,
      zipCode: street ? "78701" : null,
      agentId,
      createdAt: NOW,
      updatedAt: NOW,
    },
  });
}

describe("household marks on the contact page and the list", () => {
  it("a confirmed household wins over a stale suggestion, on the page and in the list", async () => {
    const { org, adminViewer } = await agency();
    const ann = await person(org.id, "9 Birch Rd");
    const bob = await person(org.id, "9 Birch Road");
    const cat = await person(org.id, null);
    await suggestHouseholdsForOrganization(org.id, NOW);
    // Ann is linked to Cat; the address suggestion with Bob is still on file (the suggester has not run since).
    await linkHousehold({
      organizationId: org.id,
      viewer: adminViewer,
      now: NOW,
      contactId: ann.id,
      partnerId: cat.id,
    });
    const statuses = await db.prisma.household.findMany({
      where: { organizationId: org.id },
      select: { status: true },
    });
    expect(statuses.map((s) => s.status).sort()).toEqual(["confirmed", "suggested"]);

    const shown = await getContactHousehold({
      db: tenantDb(org.id),
      organizationId: org.id,
      viewer: adminViewer,
      contactId: ann.id,
    });
    expect(shown).toMatchObject({ status: "confirmed", kind: "explicit", partner: { id: cat.id } });

    const page = await loadContactPage({ organizationId: org.id, viewer: adminViewer, id: ann.id, now: NOW });
    expect(page.household).toMatchObject({ status: "confirmed", partner: { id: cat.id, lastName: cat.lastName } });

    const marks = await listHouseholdMarks({
      db: tenantDb(org.id),
      organizationId: org.id,
      viewer: adminViewer,
      contactIds: [ann.id, bob.id, cat.id],
    });
    expect(marks.get(ann.id)).toEqual({
      status: "confirmed",
      partner: { id: cat.id, firstName: "Pat", lastName: cat.lastName },
    });
    expect(marks.get(cat.id)).toMatchObject({ status: "confirmed", partner: { id: ann.id } });
    expect(marks.get(bob.id)).toMatchObject({ status: "suggested", partner: { id: ann.id } });

    const list = await listContactsForViewer({ organizationId: org.id, viewer: adminViewer, query: {}, now: NOW });
    const byId = new Map(list.contacts.map((row) => [row.id, row.household]));
    expect(byId.get(ann.id)).toMatchObject({ status: "confirmed", partner: { id: cat.id } });
    expect(byId.get(bob.id)).toMatchObject({ status: "suggested", partner: { id: ann.id } });
  });

  it("a contact with no household, or only a dismissed one, has none; the page says null", async () => {
    const { org, adminViewer } = await agency();
    const dan = await person(org.id, "3 Oak St");
    const eve = await person(org.id, "3 Oak Street");
    const solo = await person(org.id, "50 Lone Ln");
    await suggestHouseholdsForOrganization(org.id, NOW);
    await db.prisma.household.updateMany({ where: { organizationId: org.id }, data: { status: "dismissed" } });

    const marks = await listHouseholdMarks({
      db: tenantDb(org.id),
      organizationId: org.id,
      viewer: adminViewer,
      contactIds: [dan.id, eve.id, solo.id],
    });
    expect(marks.size).toBe(0);
    const page = await loadContactPage({ organizationId: org.id, viewer: adminViewer, id: solo.id, now: NOW });
    expect(page.household).toBeNull();
  });

  it("an agent's list marks only pairs whose two contacts are theirs; another organization's pairs never show", async () => {
    const { org, agentA, agentB, viewerA } = await agency();
    const mine1 = await person(org.id, "12 Elm St", agentA.id);
    const mine2 = await person(org.id, "12 Elm Street", agentA.id);
    const mineAlone = await person(org.id, "8 Cedar Ct", agentA.id);
    const theirs = await person(org.id, "8 Cedar Court", agentB.id);
    await suggestHouseholdsForOrganization(org.id, NOW);
    expect(await db.prisma.household.count({ where: { organizationId: org.id } })).toBe(2);

    const other = await agency();
    const foreign1 = await person(other.org.id, "12 Elm St");
    const foreign2 = await person(other.org.id, "12 Elm St");
    await suggestHouseholdsForOrganization(other.org.id, NOW);

    const marks = await listHouseholdMarks({
      db: tenantDb(org.id),
      organizationId: org.id,
      viewer: viewerA,
      contactIds: [mine1.id, mine2.id, mineAlone.id, theirs.id, foreign1.id, foreign2.id],
    });
    expect([...marks.keys()].sort()).toEqual([mine1.id, mine2.id].sort());

    const list = await listContactsForViewer({ organizationId: org.id, viewer: viewerA, query: {}, now: NOW });
    expect(list.contacts.find((row) => row.id === mineAlone.id)?.household).toBeNull();
    expect(list.contacts.find((row) => row.id === mine1.id)?.household).toMatchObject({
      status: "suggested",
      partner: { id: mine2.id },
    });
  });
});
