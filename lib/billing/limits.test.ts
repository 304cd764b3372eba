import { NextRequest } from "next/server";
import { POST as createContactRoute } from "@/app/api/contacts/create/route";
import { contactLimitMessage } from "@/lib/billing/limits";
import { loadPlanLimitNotice } from "@/lib/billing/limit-notice";
import { planLimitNotice } from "@/lib/billing/subscription-rules";
import { createContact } from "@/lib/contacts/create-contact";
import { createTempContact } from "@/lib/eligibility/temp-contact";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
let seq = 0;
const input = () => ({ firstName: "Ann", lastName: "Lee", email: `limit.${++seq}.${Date.now()}@example.test` });

async function agency({ contactLimit, extraContacts = 0 }: { contactLimit: number; extraContacts?: number }) {
  const org = await createOrganization(db.prisma, { now });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true, isAgent: true });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: { contactLimit, extraContacts, defaultAgentId: admin.id },
  });
  return {
    org,
    admin,
    viewer: { id: admin.id, isAdmin: true },
    cookie: (await createSession(db.prisma, admin.id, { now })).cookie,
  };
}

describe("contact limit on contact creation", () => {
  it("the plan's limit plus extra contacts; one more is 409 with the upgrade message, and nothing is written", async () => {
    const { org, viewer } = await agency({ contactLimit: 1, extraContacts: 1 });
    await createContact({ organizationId: org.id, viewer, input: input() });
    await createContact({ organizationId: org.id, viewer, input: input() });
    await expect(createContact({ organizationId: org.id, viewer, input: input() })).rejects.toMatchObject({
      code: "conflict",
      message: contactLimitMessage(2),
    });
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(2);
  });

  it("eligibility placeholders (anonymous questionnaire visitors) take no place in the plan", async () => {
    const { org, viewer } = await agency({ contactLimit: 1 });
    for (let i = 0; i < 3; i++) {
      await createTempContact({ orgSegment: org.id, now: new Date(Date.now() + i) });
    }
    await createContact({ organizationId: org.id, viewer, input: input() });
    await expect(createContact({ organizationId: org.id, viewer, input: input() })).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await db.prisma.contact.count({ where: { organizationId: org.id, status: "temp" } })).toBe(3);
    const row = await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    // The banner counts the one real contact, not the placeholders.
    expect(await loadPlanLimitNotice(row)).toEqual(planLimitNotice({ ...row, agentCount: 1, contactCount: 1 }));
  });

  it("-1 is unlimited", async () => {
    const { org, viewer } = await agency({ contactLimit: -1 });
    for (let i = 0; i < 3; i++) await createContact({ organizationId: org.id, viewer, input: input() });
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(3);
  });

  it("POST /api/contacts/create answers 409 with the message", async () => {
    const { cookie } = await agency({ contactLimit: 0 });
    const res = await createContactRoute(
      new NextRequest("http://localhost/api/contacts/create", {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(input()),
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe("Your plan allows 0 contacts. Upgrade your plan to add more.");
  });

  it("two creations racing for the last place: exactly one wins", async () => {
    const { org, viewer } = await agency({ contactLimit: 1 });
    const results = await Promise.allSettled([
      createContact({ organizationId: org.id, viewer, input: input() }),
      createContact({ organizationId: org.id, viewer, input: input() }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(1);
  });
});

describe("the shell's plan-limit banner (loadPlanLimitNotice)", () => {
  it("says so once every contact place is taken, with the live counts; unlimited plans say nothing", async () => {
    const { org, viewer } = await agency({ contactLimit: 1 });
    const row = () => db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(await loadPlanLimitNotice(await row())).toBeNull();
    await createContact({ organizationId: org.id, viewer, input: input() });
    expect(await loadPlanLimitNotice(await row())).toEqual({
      kind: "contacts",
      message: "Your organization has 1 contact, the most your plan allows. Upgrade your plan to add more.",
    });
    await db.prisma.organization.update({ where: { id: org.id }, data: { contactLimit: -1, agentLimit: -1 } });
    expect(await loadPlanLimitNotice(await row())).toBeNull();
  });
});
