import { NextRequest } from "next/server";
import { DELETE as deleteRoute } from "@/app/api/contacts/route";
import { PUT as reassignRoute } from "@/app/api/contacts/reassign/route";
import * as audit from "@/lib/audit/record-audit";
import { reassignContactsBodySchema } from "@/lib/contacts/bulk-contacts";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

// The real audit writer, replaceable per test to fail a transaction part-way through.
jest.mock("@/lib/audit/record-audit", () => {
  const actual = jest.requireActual("@/lib/audit/record-audit");
  return { ...actual, recordAudit: jest.fn(actual.recordAudit) };
});

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();

type Answer = {
  status: number;
  body: {
    success?: boolean;
    deleted_ids?: string[];
    updated_ids?: string[];
    message?: string;
    error?: { code: string; message: string; fields?: Record<string, string[]> };
  };
};

async function call(
  route: (req: NextRequest) => Promise<Response>,
  method: string,
  path: string,
  body: unknown,
  cookie?: string,
): Promise<Answer> {
  const response = await route(
    new NextRequest(`http://localhost${path}`, {
      method,
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: await response.json() };
}
const del = (body: unknown, cookie?: string) => call(deleteRoute, "DELETE", "/api/contacts", body, cookie);
const reassign = (body: unknown, cookie?: string) => call(reassignRoute, "PUT", "/api/contacts/reassign", body, cookie);

async function agency() {
  const org = await createOrganization(db.prisma, { now });
  const boss = await createUser(db.prisma, org.id, { now, isAdmin: true });
  const agent = await createUser(db.prisma, org.id, { now });
  const other = await createUser(db.prisma, org.id, { now });
  const c1 = await createContact(db.prisma, org.id, { now, agentId: agent.id });
  const c2 = await createContact(db.prisma, org.id, { now, agentId: agent.id });
  const c3 = await createContact(db.prisma, org.id, { now, agentId: other.id });
  const c4 = await createContact(db.prisma, org.id, { now, agentId: null });
  return {
    org,
    boss,
    agent,
    other,
    contacts: [c1, c2, c3, c4],
    bossCookie: (await createSession(db.prisma, boss.id, { now })).cookie,
    agentCookie: (await createSession(db.prisma, agent.id, { now })).cookie,
  };
}

/** Another organization with a signed-in admin and an agent of its own. */
async function foreignAgency() {
  const org = await createOrganization(db.prisma, { now });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
  const agent = await createUser(db.prisma, org.id, { now });
  const contact = await createContact(db.prisma, org.id, { now, agentId: agent.id });
  return { org, admin, agent, contact, cookie: (await createSession(db.prisma, admin.id, { now })).cookie };
}

const contactIds = (organizationId: string) =>
  db.prisma.contact
    .findMany({ where: { organizationId }, select: { id: true }, orderBy: { id: "asc" } })
    .then((rows) => rows.map((r) => r.id));
const agentsOf = (ids: string[]) =>
  db.prisma.contact
    .findMany({ where: { id: { in: ids } }, select: { id: true, agentId: true } })
    .then((rows) => Object.fromEntries(rows.map((r) => [r.id, r.agentId])));
const auditRows = (organizationId: string, action: string) =>
  db.prisma.auditLog.findMany({ where: { organizationId, action }, orderBy: { entityId: "asc" } });

describe("DELETE /api/contacts", () => {
  it("deletes the listed contacts in one transaction with an audit row each", async () => {
    const { org, boss, contacts, bossCookie } = await agency();
    const [c1, c2, c3, c4] = contacts;
    await db.prisma.scheduledEmail.create({
      data: {
        organizationId: org.id,
        contactId: c1!.id,
        emailType: "birthday",
        scheduledSendDate: new Date("2030-01-01"),
        scheduledSendAt: new Date("2030-01-01T14:30:00Z"),
        idempotencyKey: `k-${c1!.id}`,
      },
    });
    const answer = await del({ contact_ids: [c1!.id, c3!.id, c1!.id] }, bossCookie);
    expect(answer).toEqual({
      status: 200,
      body: { success: true, deleted_ids: [c1!.id, c3!.id], message: "Successfully deleted 2 contacts" },
    });
    expect(await contactIds(org.id)).toEqual([c2!.id, c4!.id].sort());
    expect(await db.prisma.scheduledEmail.count({ where: { contactId: c1!.id } })).toBe(0);
    const rows = await auditRows(org.id, "contact.deleted");
    expect(rows.map((r) => r.entityId)).toEqual([c1!.id, c3!.id].sort());
    expect(rows.every((r) => r.actorUserId === boss.id && r.entityType === "contact")).toBe(true);
  });

  it("takes a bare list of ids too (the spec's 'list of ids')", async () => {
    const { org, contacts, bossCookie } = await agency();
    const answer = await del([contacts[3]!.id], bossCookie);
    expect(answer.body).toMatchObject({
      success: true,
      deleted_ids: [contacts[3]!.id],
      message: "Successfully deleted 1 contact",
    });
    expect(await contactIds(org.id)).toHaveLength(3);
  });

  it("lets a non-admin agent delete only their own contacts: any other id is 404 and nothing changes", async () => {
    const { org, contacts, agentCookie } = await agency();
    const [c1, c2, c3, c4] = contacts;
    const before = await contactIds(org.id);
    for (const foreign of [c3!, c4!]) {
      const answer = await del({ contact_ids: [c1!.id, foreign.id] }, agentCookie);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ code: "not_found", message: "Contact not found" });
    }
    expect(await contactIds(org.id)).toEqual(before);
    expect(await auditRows(org.id, "contact.deleted")).toHaveLength(0);

    expect((await del({ contact_ids: [c1!.id, c2!.id] }, agentCookie)).body).toMatchObject({
      success: true,
      deleted_ids: [c1!.id, c2!.id],
    });
    expect(await contactIds(org.id)).toEqual([c3!.id, c4!.id].sort());
  });

  it("answers another organization's admin 404 for this organization's ids, and a mixed list changes nothing", async () => {
    const { org, contacts } = await agency();
    const foreign = await foreignAgency();
    const before = await contactIds(org.id);
    expect((await del({ contact_ids: [contacts[0]!.id] }, foreign.cookie)).status).toBe(404);
    expect((await del({ contact_ids: [foreign.contact.id, contacts[0]!.id] }, foreign.cookie)).status).toBe(404);
    expect(await contactIds(org.id)).toEqual(before);
    expect(await contactIds(foreign.org.id)).toEqual([foreign.contact.id]);
  });

  it("rolls everything back when the audit write fails part-way", async () => {
    const { org, contacts, bossCookie } = await agency();
    const recordAudit = audit.recordAudit as jest.MockedFunction<typeof audit.recordAudit>;
    const actual = jest.requireActual("@/lib/audit/record-audit").recordAudit as typeof audit.recordAudit;
    recordAudit.mockImplementationOnce(actual).mockImplementationOnce(async () => {
      throw new Error("disk full");
    });
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const answer = await del({ contact_ids: [contacts[0]!.id, contacts[1]!.id] }, bossCookie);
    spy.mockRestore();
    expect(answer.status).toBe(500);
    expect(await contactIds(org.id)).toHaveLength(4);
    expect(await auditRows(org.id, "contact.deleted")).toHaveLength(0);
  });

  it("refuses an empty or malformed list (422) and a missing session (401)", async () => {
    const { contacts, bossCookie } = await agency();
    expect((await del({ contact_ids: [] }, bossCookie)).status).toBe(422);
    expect((await del({ contact_ids: ["not-a-uuid"] }, bossCookie)).status).toBe(422);
    expect((await del({}, bossCookie)).status).toBe(422);
    expect((await del({ contact_ids: [contacts[0]!.id] })).status).toBe(401);
  });
});

describe("PUT /api/contacts/reassign", () => {
  it("moves the contacts to another agent in one transaction, with an audit row each (from, to)", async () => {
    const { org, boss, agent, other, contacts, bossCookie } = await agency();
    const [c1, , c3, c4] = contacts;
    const answer = await reassign({ contact_ids: [c1!.id, c3!.id, c4!.id], agent_id: other.id }, bossCookie);
    expect(answer).toEqual({
      status: 200,
      body: { success: true, updated_ids: [c1!.id, c3!.id, c4!.id], message: "Successfully reassigned 3 contacts" },
    });
    expect(await agentsOf([c1!.id, c3!.id, c4!.id])).toEqual({
      [c1!.id]: other.id,
      [c3!.id]: other.id,
      [c4!.id]: other.id,
    });
    const rows = await auditRows(org.id, "contact.reassigned");
    expect(rows).toHaveLength(3);
    const byContact = Object.fromEntries(rows.map((r) => [r.entityId, r.metadata]));
    expect(byContact[c1!.id]).toEqual({ fromAgentId: agent.id, toAgentId: other.id });
    expect(byContact[c4!.id]).toEqual({ fromAgentId: null, toAgentId: other.id });
    expect(rows.every((r) => r.actorUserId === boss.id)).toBe(true);
  });

  it("leaves the contacts unassigned when agent_id is null", async () => {
    const { contacts, bossCookie } = await agency();
    const answer = await reassign({ contact_ids: [contacts[0]!.id, contacts[2]!.id], agent_id: null }, bossCookie);
    expect(answer.body).toMatchObject({ success: true, updated_ids: [contacts[0]!.id, contacts[2]!.id] });
    expect(await agentsOf([contacts[0]!.id, contacts[2]!.id])).toEqual({
      [contacts[0]!.id]: null,
      [contacts[2]!.id]: null,
    });
  });

  it("is for admins only (403), and nothing changes", async () => {
    const { agent, other, contacts, agentCookie } = await agency();
    const answer = await reassign({ contact_ids: [contacts[0]!.id], agent_id: other.id }, agentCookie);
    expect(answer.status).toBe(403);
    expect(await agentsOf([contacts[0]!.id])).toEqual({ [contacts[0]!.id]: agent.id });
  });

  it("answers 404 for another organization's contacts or agent, and changes nothing", async () => {
    const { org, other, contacts, bossCookie } = await agency();
    const foreign = await foreignAgency();
    const before = await agentsOf(contacts.map((c) => c.id));

    // This organization's admin, with a foreign contact in the list, or a foreign agent as the target.
    expect(
      (await reassign({ contact_ids: [contacts[0]!.id, foreign.contact.id], agent_id: other.id }, bossCookie)).status,
    ).toBe(404);
    const toForeignAgent = await reassign({ contact_ids: [contacts[0]!.id], agent_id: foreign.agent.id }, bossCookie);
    expect(toForeignAgent.status).toBe(404);
    expect(toForeignAgent.body.error?.message).toBe("Agent not found");
    // The other organization's admin, with this organization's ids.
    expect(
      (await reassign({ contact_ids: [contacts[0]!.id], agent_id: foreign.agent.id }, foreign.cookie)).status,
    ).toBe(404);
    expect((await reassign({ contact_ids: [contacts[0]!.id], agent_id: null }, foreign.cookie)).status).toBe(404);

    expect(await agentsOf(contacts.map((c) => c.id))).toEqual(before);
    expect(await agentsOf([foreign.contact.id])).toEqual({ [foreign.contact.id]: foreign.agent.id });
    expect(await auditRows(org.id, "contact.reassigned")).toHaveLength(0);
    expect(await auditRows(foreign.org.id, "contact.reassigned")).toHaveLength(0);
  });

  it("refuses an inactive agent and a missing choice with the spec's message", async () => {
    const { org, contacts, bossCookie } = await agency();
    const gone = await createUser(db.prisma, org.id, { now, isActive: false });
    const inactive = await reassign({ contact_ids: [contacts[0]!.id], agent_id: gone.id }, bossCookie);
    expect(inactive.status).toBe(422);
    expect(inactive.body.error?.message).toBe("Contacts can only be reassigned to an active agent.");

    const missing = await reassign({ contact_ids: [contacts[0]!.id] }, bossCookie);
    expect(missing.status).toBe(422);
    expect(missing.body.error?.fields?.agent_id).toEqual(["Please select an agent to reassign contacts to"]);
    expect(
      reassignContactsBodySchema.safeParse({ contact_ids: [contacts[0]!.id], agent_id: "" }).error?.issues[0]?.message,
    ).toBe("Please select an agent to reassign contacts to");
  });
});
