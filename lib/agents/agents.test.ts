import { NextRequest } from "next/server";
import { GET as listRoute } from "@/app/api/agents/route";
import { POST as createRoute } from "@/app/api/agents/create/route";
import { DELETE as deleteRoute, PUT as updateRoute } from "@/app/api/agents/[id]/route";
import { POST as setDefaultRoute } from "@/app/api/agents/set_default_agent/route";
import { AGENT_MESSAGES, agentLimitMessage } from "@/lib/agents/agent-schema";
import { EMAIL_REFUSALS_LIMIT } from "@/lib/agents/agent-store";
import { createAgent, createAgentInTx } from "@/lib/agents/create-agent";
import { deleteAgent } from "@/lib/agents/delete-agent";
import { getManageAgentsData } from "@/lib/agents/get-manage-agents-data";
import { listAgents } from "@/lib/agents/list-agents";
import { setDefaultAgent } from "@/lib/agents/set-default-agent";
import { updateAgent } from "@/lib/agents/update-agent";
import { AppError } from "@/lib/api/errors";
import * as audit from "@/lib/audit/record-audit";
import { tenantTransaction } from "@/lib/db";
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

let n = 0;
const email = (label = "agent") => `${label}.${++n}.${Date.now()}@agents.test`;
const newAgent = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Ann",
  lastName: "Lee",
  email: email(),
  phone: "5125550188",
  carriers: ["Aetna"],
  stateLicenses: ["TX"],
  ...overrides,
});

/** An organization on a plan of `agentLimit` seats, with a signed-in admin who is its default agent. */
async function agency({ agentLimit = 5, extraAgents = 0 } = {}) {
  const org = await createOrganization(db.prisma, { now });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true, isAgent: true });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: { agentLimit, extraAgents, defaultAgentId: admin.id },
  });
  const { cookie } = await createSession(db.prisma, admin.id, { now });
  return { org, admin, cookie };
}

function req(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  return new NextRequest(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
}
const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });

async function expectAppError(promise: Promise<unknown>, code: string, message?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (message) expect((error as AppError).message).toBe(message);
}

const auditRows = (organizationId: string, action?: string) =>
  db.prisma.auditLog.findMany({
    where: { organizationId, ...(action ? { action } : {}) },
    orderBy: { createdAt: "asc" },
  });

describe("createAgent", () => {
  it("creates an agent with the §3 fields and an audit row", async () => {
    const { org, admin } = await agency();
    const input = newAgent({
      email: `  ${email("Mixed").toUpperCase()} `,
      phone: "(512) 555-0100",
      isAdmin: true,
      isAgent: true,
      bookingLink: "cal.com/ann",
      signature: "Ann",
    });
    const agent = await createAgent({ organizationId: org.id, actorUserId: admin.id, input });
    expect(agent).toMatchObject({
      firstName: "Ann",
      lastName: "Lee",
      email: (input.email as string).trim().toLowerCase(),
      phone: "5125550100",
      org_slug: org.slug,
      organizationId: org.id,
      carriers: ["Aetna"],
      stateLicenses: ["TX"],
      isAdmin: true,
      isAgent: true,
      isDefault: false,
      is_active: true,
      signature: "Ann",
      bookingLink: "https://cal.com/ann",
      useOrgSenderDetails: true,
    });
    const [row] = await auditRows(org.id, "agent.created");
    expect(row).toMatchObject({ actorUserId: admin.id, entityType: "agent", entityId: agent.id });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it("refuses invalid input with the spec's message (422) and writes nothing", async () => {
    const { org, admin } = await agency();
    await expectAppError(
      createAgent({
        organizationId: org.id,
        actorUserId: admin.id,
        input: newAgent({ isAdmin: false, isAgent: false }),
      }),
      "validation_failed",
      AGENT_MESSAGES.invalid,
    );
    await expectAppError(
      createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent({ phone: "555" }) }),
      "validation_failed",
      AGENT_MESSAGES.invalid,
    );
    expect(await db.prisma.user.count({ where: { organizationId: org.id } })).toBe(1);
    expect(await auditRows(org.id)).toHaveLength(0);
  });

  it("refuses an email already used in any organization (409)", async () => {
    const { org, admin } = await agency();
    const other = await createOrganization(db.prisma, { now });
    const taken = await createUser(db.prisma, other.id, { now, email: email("taken") });
    await expectAppError(
      createAgent({
        organizationId: org.id,
        actorUserId: admin.id,
        input: newAgent({ email: taken.email.toUpperCase() }),
      }),
      "conflict",
      AGENT_MESSAGES.emailTaken,
    );
    await expectAppError(
      createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent({ email: admin.email }) }),
      "conflict",
      AGENT_MESSAGES.emailTaken,
    );
    expect(await auditRows(org.id)).toHaveLength(0);
  });

  it("answers another organization's address exactly as one of its own, naming neither an account nor an organization", async () => {
    const { org, admin, cookie } = await agency();
    const other = await createOrganization(db.prisma, { now });
    const elsewhere = await createUser(db.prisma, other.id, { now, email: email("elsewhere") });
    const post = (address: string) =>
      createRoute(req("/api/agents/create", { method: "POST", cookie, body: newAgent({ email: address }) }), ctx());
    const [foreign, own] = [await post(elsewhere.email), await post(admin.email)];
    expect([foreign.status, own.status]).toEqual([409, 409]);
    const [foreignBody, ownBody] = [await foreign.json(), await own.json()];
    expect(foreignBody).toEqual(ownBody);
    expect(foreignBody.error.message).toBe(AGENT_MESSAGES.emailTaken);
    expect(foreignBody.error.message).not.toMatch(/account|organi[sz]ation|exists/i);
    expect(await db.prisma.user.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it(`refuses at most ${EMAIL_REFUSALS_LIMIT.limit} taken addresses per organization per hour (429 beyond, by create or edit); other organizations keep theirs`, async () => {
    const { org, admin } = await agency();
    const other = await agency();
    const agent = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    for (let i = 0; i < EMAIL_REFUSALS_LIMIT.limit; i++) {
      const refused =
        i % 2
          ? createAgent({
              organizationId: org.id,
              actorUserId: admin.id,
              input: newAgent({ email: other.admin.email }),
              now,
            })
          : updateAgent({
              organizationId: org.id,
              actorUserId: admin.id,
              id: agent.id,
              input: { ...newAgent(), email: other.admin.email },
              now,
            });
      await expectAppError(refused, "conflict", AGENT_MESSAGES.emailTaken);
    }
    await expectAppError(
      createAgent({
        organizationId: org.id,
        actorUserId: admin.id,
        input: newAgent({ email: other.admin.email }),
        now,
      }),
      "rate_limited",
      AGENT_MESSAGES.emailRefusedTooOften,
    );
    // a free address is still added; the other organization's refusals are its own
    await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent(), now });
    await expectAppError(
      createAgent({
        organizationId: other.org.id,
        actorUserId: other.admin.id,
        input: newAgent({ email: admin.email }),
        now,
      }),
      "conflict",
      AGENT_MESSAGES.emailTaken,
    );
  });

  it("enforces the plan's agent seats (limit + extra agents); admins who are not agents take no seat; -1 is unlimited", async () => {
    const { org, admin } = await agency({ agentLimit: 2, extraAgents: 1 });
    await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    await expectAppError(
      createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() }),
      "conflict",
      agentLimitMessage(3),
    );
    // An inactive agent does not count; an admin-only user takes no seat.
    await createAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      input: newAgent({ isAdmin: true, isAgent: false }),
    });
    expect(await db.prisma.user.count({ where: { organizationId: org.id, isAgent: true } })).toBe(3);

    const unlimited = await agency({ agentLimit: -1 });
    for (let i = 0; i < 3; i++)
      await createAgent({ organizationId: unlimited.org.id, actorUserId: unlimited.admin.id, input: newAgent() });
    expect(await db.prisma.user.count({ where: { organizationId: unlimited.org.id } })).toBe(4);
  });

  it("two concurrent adds cannot both take the last seat", async () => {
    const { org, admin } = await agency({ agentLimit: 2 });
    // The first add holds its transaction open while the second starts: without the organization lock
    // the second would count only committed agents and take the same last seat.
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const first = tenantTransaction(org.id, async (tx) => {
      const created = await createAgentInTx(tx, { organizationId: org.id, actorUserId: admin.id, input: newAgent() });
      await hold;
      return created;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const second = createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    setTimeout(release, 300);
    const results = await Promise.allSettled([first, second]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    expect(((results[1] as PromiseRejectedResult).reason as AppError).message).toBe(agentLimitMessage(2));
    expect(await db.prisma.user.count({ where: { organizationId: org.id, isAgent: true } })).toBe(2);
  });

  it("createAgentInTx joins the caller's transaction: a later failure rolls the agent back", async () => {
    const { org, admin } = await agency();
    const input = newAgent();
    await expect(
      tenantTransaction(org.id, async (tx) => {
        await createAgentInTx(tx, { organizationId: org.id, actorUserId: admin.id, input });
        throw new Error("later step failed");
      }),
    ).rejects.toThrow("later step failed");
    expect(await db.prisma.user.findUnique({ where: { email: input.email as string } })).toBeNull();
    expect(await auditRows(org.id)).toHaveLength(0);
  });

  it("makes the first agent the default when the organization has none", async () => {
    const org = await createOrganization(db.prisma, { now });
    await db.prisma.organization.update({ where: { id: org.id }, data: { agentLimit: 5 } });
    const agent = await createAgent({ organizationId: org.id, actorUserId: null, input: newAgent() });
    expect(agent.isDefault).toBe(true);
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).defaultAgentId).toBe(agent.id);
  });
});

describe("listAgents", () => {
  it("lists the organization's agents by name with defaultAgentId; a non-admin sees only themselves", async () => {
    const { org, admin } = await agency();
    await createAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      input: newAgent({ firstName: "zoe", lastName: "Adams" }),
    });
    const bob = await createAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      input: newAgent({ firstName: "Bob", lastName: "Brown", isAdmin: false }),
    });
    const other = await agency();
    const all = await listAgents({ organizationId: org.id, viewer: { id: admin.id, isAdmin: true } });
    expect(all.defaultAgentId).toBe(admin.id);
    expect(all.agents.map((a) => a.firstName)).toEqual(["Bob", "Test", "zoe"]);
    expect(all.agents.find((a) => a.id === admin.id)!.isDefault).toBe(true);
    expect(all.agents.some((a) => a.id === other.admin.id)).toBe(false);
    const own = await listAgents({ organizationId: org.id, viewer: { id: bob.id, isAdmin: false } });
    expect(own.agents.map((a) => a.id)).toEqual([bob.id]);
  });
});

describe("getManageAgentsData", () => {
  it("gives the page the agents, the slug, the seats (null when unlimited) and the agency's carriers and states", async () => {
    const { org, admin } = await agency({ agentLimit: 5, extraAgents: 2 });
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { carrierContracts: ["Aetna"], stateLicenses: ["TX", "OK"] },
    });
    const data = await getManageAgentsData({ organizationId: org.id, viewer: { id: admin.id, isAdmin: true } });
    expect(data).toMatchObject({
      defaultAgentId: admin.id,
      orgSlug: org.slug,
      agentSeats: 7,
      agentDefaults: { carriers: ["Aetna"], stateLicenses: ["TX", "OK"] },
    });
    expect(data.agents.map((a) => a.id)).toEqual([admin.id]);
    const unlimited = await agency({ agentLimit: -1 });
    expect(
      (
        await getManageAgentsData({
          organizationId: unlimited.org.id,
          viewer: { id: unlimited.admin.id, isAdmin: true },
        })
      ).agentSeats,
    ).toBeNull();
  });
});

describe("updateAgent", () => {
  it("updates the fields, keeps what was left out, and audits the changed fields", async () => {
    const { org, admin } = await agency();
    const agent = await createAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      input: newAgent({ signature: "Sig" }),
    });
    const nextEmail = email("renamed");
    const updated = await updateAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      id: agent.id,
      input: { firstName: "Anne", lastName: "Lee", email: nextEmail, phone: "5125550199", isAdmin: true },
    });
    expect(updated).toMatchObject({
      firstName: "Anne",
      email: nextEmail,
      phone: "5125550199",
      isAdmin: true,
      isAgent: true,
      carriers: ["Aetna"],
      stateLicenses: ["TX"],
      signature: "Sig",
    });
    const [row] = await auditRows(org.id, "agent.updated");
    expect(row).toMatchObject({ actorUserId: admin.id, entityType: "agent", entityId: agent.id });
    expect((row!.metadata as { changed: string[] }).changed.sort()).toEqual(["email", "firstName", "isAdmin", "phone"]);
  });

  it("a booking link the admin gives or clears switches the agent's Calendar Booking Link option with it", async () => {
    const { org, admin } = await agency();
    const calendarOf = async (id: string) =>
      (await db.prisma.user.findUniqueOrThrow({ where: { id }, select: { calendarEnabled: true } })).calendarEnabled;
    const withLink = await createAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      input: newAgent({ bookingLink: "https://cal.example.com/ann" }),
    });
    expect(await calendarOf(withLink.id)).toBe(true);
    const without = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    expect(await calendarOf(without.id)).toBe(false);
    const base = { firstName: "A", lastName: "B", phone: "5125550188" };
    await updateAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      id: without.id,
      input: { ...base, email: without.email, bookingLink: "https://cal.example.com/b" },
    });
    expect(await calendarOf(without.id)).toBe(true);
    // Left out: unchanged; cleared: off.
    await updateAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      id: without.id,
      input: { ...base, email: without.email },
    });
    expect(await calendarOf(without.id)).toBe(true);
    await updateAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      id: without.id,
      input: { ...base, email: without.email, bookingLink: null },
    });
    expect(await calendarOf(without.id)).toBe(false);
  });

  it("refuses no role (422), the caller's own admin role, the default agent's agent role, a taken email and a seat beyond the plan (409)", async () => {
    const { org, admin } = await agency({ agentLimit: 2 });
    const agent = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    const adminOnly = await createAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      input: newAgent({ isAdmin: true, isAgent: false }),
    });
    const base = { firstName: "A", lastName: "B", phone: "5125550188" };
    await expectAppError(
      updateAgent({
        organizationId: org.id,
        actorUserId: admin.id,
        id: agent.id,
        input: { ...base, email: agent.email, isAgent: false },
      }),
      "validation_failed",
      AGENT_MESSAGES.invalid,
    );
    await expectAppError(
      updateAgent({
        organizationId: org.id,
        actorUserId: admin.id,
        id: admin.id,
        input: { ...base, email: admin.email, isAdmin: false },
      }),
      "conflict",
      AGENT_MESSAGES.ownAdminRole,
    );
    await expectAppError(
      updateAgent({
        organizationId: org.id,
        actorUserId: admin.id,
        id: admin.id,
        input: { ...base, email: admin.email, isAgent: false },
      }),
      "conflict",
      AGENT_MESSAGES.defaultKeepsAgentRole,
    );
    await expectAppError(
      updateAgent({
        organizationId: org.id,
        actorUserId: admin.id,
        id: agent.id,
        input: { ...base, email: admin.email },
      }),
      "conflict",
      AGENT_MESSAGES.emailTaken,
    );
    await expectAppError(
      updateAgent({
        organizationId: org.id,
        actorUserId: admin.id,
        id: adminOnly.id,
        input: { ...base, email: adminOnly.email, isAgent: true },
      }),
      "conflict",
      agentLimitMessage(2),
    );
    expect(await auditRows(org.id, "agent.updated")).toHaveLength(0);
  });
});

describe("deleteAgent", () => {
  it("refuses the default agent and the current user with the spec's message", async () => {
    const { org, admin } = await agency();
    const other = await createAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      input: newAgent({ isAdmin: true }),
    });
    await expectAppError(
      deleteAgent({ organizationId: org.id, actorUserId: other.id, id: admin.id }),
      "conflict",
      AGENT_MESSAGES.deleteFailed,
    ); // default agent
    await expectAppError(
      deleteAgent({ organizationId: org.id, actorUserId: other.id, id: other.id }),
      "conflict",
      AGENT_MESSAGES.deleteFailed,
    ); // themselves
    expect(await db.prisma.user.count({ where: { organizationId: org.id } })).toBe(2);
  });

  it("moves the agent's contacts to the chosen agent, deletes the user (sessions too, email free again) and audits", async () => {
    const { org, admin } = await agency();
    const leaving = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    const staying = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    await createSession(db.prisma, leaving.id, { now });
    const theirs = [
      await createContact(db.prisma, org.id, { now, agentId: leaving.id }),
      await createContact(db.prisma, org.id, { now, agentId: leaving.id }),
    ];
    const untouched = await createContact(db.prisma, org.id, { now, agentId: admin.id });

    const result = await deleteAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      id: leaving.id,
      reassignTo: staying.id,
    });
    expect(result).toEqual({
      success: true,
      deletedAgentId: leaving.id,
      reassignedTo: staying.id,
      contactsReassigned: 2,
    });
    for (const c of theirs)
      expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: c.id } })).agentId).toBe(staying.id);
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: untouched.id } })).agentId).toBe(admin.id);
    expect(await db.prisma.user.findUnique({ where: { id: leaving.id } })).toBeNull();
    expect(await db.prisma.session.count({ where: { userId: leaving.id } })).toBe(0);
    const [row] = await auditRows(org.id, "agent.deleted");
    expect(row).toMatchObject({
      actorUserId: admin.id,
      entityType: "agent",
      entityId: leaving.id,
      metadata: expect.objectContaining({ reassignedTo: staying.id, contactsReassigned: 2, email: leaving.email }),
    });
    // The address can be used again.
    await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent({ email: leaving.email }) });
  });

  it("deleting an admin who acted keeps their audit rows, with the actor cleared", async () => {
    const { org, admin } = await agency();
    const secondAdmin = await createAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      input: newAgent({ isAdmin: true }),
    });
    const added = await createAgent({ organizationId: org.id, actorUserId: secondAdmin.id, input: newAgent() });
    await deleteAgent({ organizationId: org.id, actorUserId: admin.id, id: secondAdmin.id });
    const row = await db.prisma.auditLog.findFirstOrThrow({
      where: { organizationId: org.id, action: "agent.created", entityId: added.id },
    });
    expect(row.actorUserId).toBeNull();
  });

  it("without reassignment leaves the contacts unassigned", async () => {
    const { org, admin } = await agency();
    const leaving = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    const contact = await createContact(db.prisma, org.id, { now, agentId: leaving.id });
    expect(await deleteAgent({ organizationId: org.id, actorUserId: admin.id, id: leaving.id })).toMatchObject({
      reassignedTo: null,
      contactsReassigned: 1,
    });
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).agentId).toBeNull();
  });

  it("is one transaction: a failure after the contacts moved (here the audit write) leaves contacts and agent as they were", async () => {
    const { org, admin } = await agency();
    const leaving = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    const staying = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    const contact = await createContact(db.prisma, org.id, { now, agentId: leaving.id });
    jest.mocked(audit.recordAudit).mockRejectedValueOnce(new Error("audit down"));
    await expect(
      deleteAgent({ organizationId: org.id, actorUserId: admin.id, id: leaving.id, reassignTo: staying.id }),
    ).rejects.toThrow("audit down");
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).agentId).toBe(leaving.id);
    expect(await db.prisma.user.findUnique({ where: { id: leaving.id } })).not.toBeNull();
  });

  it("a bad reassignment target changes nothing", async () => {
    const { org, admin } = await agency();
    const leaving = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    const inactive = await createUser(db.prisma, org.id, { now, isActive: false });
    const adminOnly = await createAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      input: newAgent({ isAdmin: true, isAgent: false }),
    });
    const foreign = await agency();
    const contact = await createContact(db.prisma, org.id, { now, agentId: leaving.id });
    await expectAppError(
      deleteAgent({ organizationId: org.id, actorUserId: admin.id, id: leaving.id, reassignTo: foreign.admin.id }),
      "not_found",
    );
    await expectAppError(
      deleteAgent({ organizationId: org.id, actorUserId: admin.id, id: leaving.id, reassignTo: inactive.id }),
      "validation_failed",
      AGENT_MESSAGES.reassignInactive,
    );
    await expectAppError(
      deleteAgent({ organizationId: org.id, actorUserId: admin.id, id: leaving.id, reassignTo: adminOnly.id }),
      "validation_failed",
      AGENT_MESSAGES.reassignInactive,
    );
    await expectAppError(
      deleteAgent({ organizationId: org.id, actorUserId: admin.id, id: leaving.id, reassignTo: leaving.id }),
      "validation_failed",
      AGENT_MESSAGES.reassignSelf,
    );
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).agentId).toBe(leaving.id);
    expect(await db.prisma.user.findUnique({ where: { id: leaving.id } })).not.toBeNull();
    expect(await auditRows(org.id, "agent.deleted")).toHaveLength(0);
  });
});

describe("setDefaultAgent", () => {
  it("sets an active agent as default and audits; refuses an admin-only user", async () => {
    const { org, admin } = await agency();
    const agent = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    const adminOnly = await createAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      input: newAgent({ isAdmin: true, isAgent: false }),
    });
    expect(await setDefaultAgent({ organizationId: org.id, actorUserId: admin.id, agentId: agent.id })).toEqual({
      success: true,
      defaultAgentId: agent.id,
    });
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).defaultAgentId).toBe(agent.id);
    const [row] = await auditRows(org.id, "agent.default_set");
    expect(row).toMatchObject({
      actorUserId: admin.id,
      entityType: "agent",
      entityId: agent.id,
      metadata: { previousDefaultAgentId: admin.id },
    });
    await expectAppError(
      setDefaultAgent({ organizationId: org.id, actorUserId: admin.id, agentId: adminOnly.id }),
      "validation_failed",
      AGENT_MESSAGES.defaultMustBeAgent,
    );
  });
});

describe("routes", () => {
  it("GET /api/agents: { agents, defaultAgentId } for an admin, only themselves for an agent, 401 without a session", async () => {
    const { org, admin, cookie } = await agency();
    const agent = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    const res = await listRoute(req("/api/agents", { cookie }), ctx());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.defaultAgentId).toBe(admin.id);
    expect(body.agents).toHaveLength(2);
    const agentSession = await createSession(db.prisma, agent.id, { now });
    const own = await (await listRoute(req("/api/agents", { cookie: agentSession.cookie }), ctx())).json();
    expect(own.agents.map((a: { id: string }) => a.id)).toEqual([agent.id]);
    expect((await listRoute(req("/api/agents"), ctx())).status).toBe(401);
  });

  it("POST /api/agents/create: 201 with the agent; 422 with the spec's message; 409 over the plan", async () => {
    const { org, cookie } = await agency({ agentLimit: 2 });
    const created = await createRoute(req("/api/agents/create", { method: "POST", cookie, body: newAgent() }), ctx());
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ success: true, agent: { firstName: "Ann", organizationId: org.id } });
    const invalid = await createRoute(
      req("/api/agents/create", { method: "POST", cookie, body: newAgent({ email: "nope" }) }),
      ctx(),
    );
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).error).toMatchObject({
      code: "validation_failed",
      message: AGENT_MESSAGES.invalid,
      fields: { email: [AGENT_MESSAGES.invalid] },
    });
    const over = await createRoute(req("/api/agents/create", { method: "POST", cookie, body: newAgent() }), ctx());
    expect(over.status).toBe(409);
    expect((await over.json()).error.message).toBe(agentLimitMessage(2));
  });

  it("writes are admin only: a non-admin agent gets 403 and nothing changes", async () => {
    const { org, admin } = await agency();
    const agent = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    const other = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    const { cookie } = await createSession(db.prisma, agent.id, { now });
    const put = { firstName: "X", lastName: "Y", email: other.email, phone: "5125550188" };
    expect(
      (await createRoute(req("/api/agents/create", { method: "POST", cookie, body: newAgent() }), ctx())).status,
    ).toBe(403);
    expect(
      (await updateRoute(req(`/api/agents/${other.id}`, { method: "PUT", cookie, body: put }), ctx({ id: other.id })))
        .status,
    ).toBe(403);
    expect(
      (await deleteRoute(req(`/api/agents/${other.id}`, { method: "DELETE", cookie }), ctx({ id: other.id }))).status,
    ).toBe(403);
    expect(
      (
        await setDefaultRoute(
          req("/api/agents/set_default_agent", { method: "POST", cookie, body: { agentId: agent.id } }),
          ctx(),
        )
      ).status,
    ).toBe(403);
    expect(await db.prisma.user.count({ where: { organizationId: org.id } })).toBe(3);
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: other.id } })).firstName).toBe("Ann");
  });

  it("PUT refuses a booking link that is not http(s) (javascript:, data:) and stores nothing", async () => {
    const { org, admin, cookie } = await agency();
    const a = await createAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      input: newAgent({ bookingLink: "https://cal.com/ann" }),
    });
    const body = { firstName: "Ann", lastName: "Lee", email: a.email, phone: "5125550188" };
    for (const bookingLink of [
      "javascript:alert(1)",
      "javascript://%0aalert(document.cookie)",
      "JaVaScRiPt://example.com/%0aalert(1)",
      "data://text/html,<script>alert(1)</script>",
      "ftp://files.example.com/x",
    ]) {
      const res = await updateRoute(
        req(`/api/agents/${a.id}`, { method: "PUT", cookie, body: { ...body, bookingLink } }),
        ctx({ id: a.id }),
      );
      expect([bookingLink, res.status]).toEqual([bookingLink, 422]);
    }
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: a.id } })).bookingLink).toBe("https://cal.com/ann");
    const ok = await updateRoute(
      req(`/api/agents/${a.id}`, { method: "PUT", cookie, body: { ...body, bookingLink: "calendly.com/ann-lee" } }),
      ctx({ id: a.id }),
    );
    expect((await ok.json()).agent.bookingLink).toBe("https://calendly.com/ann-lee");
  });

  it("PUT, DELETE and set_default: 200 for this organization's admin", async () => {
    const { org, admin, cookie } = await agency();
    const a = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    const b = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    const put = await updateRoute(
      req(`/api/agents/${a.id}`, {
        method: "PUT",
        cookie,
        body: {
          firstName: "Zed",
          lastName: "Q",
          email: a.email,
          phone: "5125550111",
          carriers: [],
          stateLicenses: ["CA"],
          bookingLink: "",
          signature: "",
        },
      }),
      ctx({ id: a.id }),
    );
    expect(put.status).toBe(200);
    expect((await put.json()).agent).toMatchObject({
      firstName: "Zed",
      phone: "5125550111",
      carriers: [],
      stateLicenses: ["CA"],
      bookingLink: null,
    });
    const setDefault = await setDefaultRoute(
      req("/api/agents/set_default_agent", { method: "POST", cookie, body: { agentId: a.id } }),
      ctx(),
    );
    expect(await setDefault.json()).toEqual({ success: true, defaultAgentId: a.id });
    const refused = await deleteRoute(req(`/api/agents/${a.id}`, { method: "DELETE", cookie }), ctx({ id: a.id }));
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(AGENT_MESSAGES.deleteFailed);
    const contact = await createContact(db.prisma, org.id, { now, agentId: b.id });
    const deleted = await deleteRoute(
      req(`/api/agents/${b.id}?reassignTo=${a.id}`, { method: "DELETE", cookie }),
      ctx({ id: b.id }),
    );
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ success: true, reassignedTo: a.id, contactsReassigned: 1 });
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).agentId).toBe(a.id);
  });

  it("another organization's admin gets 404 for this organization's agent ids, and reassignTo to another organization's agent is 404", async () => {
    const mine = await agency();
    const agent = await createAgent({ organizationId: mine.org.id, actorUserId: mine.admin.id, input: newAgent() });
    const contact = await createContact(db.prisma, mine.org.id, { now, agentId: agent.id });
    const theirs = await agency();
    const theirAgent = await createAgent({
      organizationId: theirs.org.id,
      actorUserId: theirs.admin.id,
      input: newAgent(),
    });
    const cookie = theirs.cookie;

    const put = await updateRoute(
      req(`/api/agents/${agent.id}`, {
        method: "PUT",
        cookie,
        body: { firstName: "X", lastName: "Y", email: email(), phone: "5125550188" },
      }),
      ctx({ id: agent.id }),
    );
    expect(put.status).toBe(404);
    const del = await deleteRoute(req(`/api/agents/${agent.id}`, { method: "DELETE", cookie }), ctx({ id: agent.id }));
    expect(del.status).toBe(404);
    const setDefault = await setDefaultRoute(
      req("/api/agents/set_default_agent", { method: "POST", cookie, body: { agentId: agent.id } }),
      ctx(),
    );
    expect(setDefault.status).toBe(404);
    expect((await setDefault.json()).error).toEqual({ code: "not_found", message: AGENT_MESSAGES.notFound });
    // Their own agent, reassigned to one of mine: 404, and nothing moves.
    const cross = await deleteRoute(
      req(`/api/agents/${theirAgent.id}?reassignTo=${agent.id}`, { method: "DELETE", cookie }),
      ctx({ id: theirAgent.id }),
    );
    expect(cross.status).toBe(404);
    expect(await db.prisma.user.findUnique({ where: { id: theirAgent.id } })).not.toBeNull();

    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: agent.id } })).firstName).toBe("Ann");
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).agentId).toBe(agent.id);
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: mine.org.id } })).defaultAgentId).toBe(
      mine.admin.id,
    );
    expect(await auditRows(mine.org.id, "agent.updated")).toHaveLength(0);
  });

  it("malformed ids are 404; a malformed reassignTo is 422", async () => {
    const { cookie, org, admin } = await agency();
    const agent = await createAgent({ organizationId: org.id, actorUserId: admin.id, input: newAgent() });
    expect((await deleteRoute(req("/api/agents/42", { method: "DELETE", cookie }), ctx({ id: "42" }))).status).toBe(
      404,
    );
    expect(
      (
        await deleteRoute(
          req(`/api/agents/${agent.id}?reassignTo=abc`, { method: "DELETE", cookie }),
          ctx({ id: agent.id }),
        )
      ).status,
    ).toBe(422);
  });
});
