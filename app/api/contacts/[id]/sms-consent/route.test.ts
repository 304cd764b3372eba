import { NextRequest } from "next/server";
import { GET, POST } from "@/app/api/contacts/[id]/sms-consent/route";
import { SMS_CONSENT_MESSAGES } from "@/lib/sms/consent";
import type { SmsConsentView } from "@/lib/sms/sms-consent-schema";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes check sessions against the wall clock, so the sessions are made at its time.
const clockNow = new Date();
const PHONE = "5125550100";
const TEXT =
  "I agree to receive Medicare Supplement quote texts from Sunrise Insurance at (512) 555-0100. Msg & data rates may apply. Reply STOP to opt out, HELP for help.";

async function agency(options: { brandName?: string } = {}) {
  const org = await createOrganization(db.prisma, { now: clockNow, name: `Sunrise Agency ${Date.now()}` });
  if (options.brandName)
    await db.prisma.organization.update({ where: { id: org.id }, data: { brandName: options.brandName } });
  const admin = await createUser(db.prisma, org.id, { now: clockNow, isAdmin: true, isAgent: true });
  const agentA = await createUser(db.prisma, org.id, { now: clockNow });
  const agentB = await createUser(db.prisma, org.id, { now: clockNow });
  const cookie = async (userId: string) => (await createSession(db.prisma, userId, { now: clockNow })).cookie;
  return {
    org,
    admin,
    agentA,
    agentB,
    cookies: { admin: await cookie(admin.id), agentA: await cookie(agentA.id), agentB: await cookie(agentB.id) },
  };
}

async function contactOf(organizationId: string, options: { agentId?: string | null; phone?: string | null } = {}) {
  const contact = await createContact(db.prisma, organizationId, {
    now: clockNow,
    firstName: "Mary",
    agentId: options.agentId ?? null,
  });
  const phone = options.phone === undefined ? PHONE : options.phone;
  if (phone) await db.prisma.contact.update({ where: { id: contact.id }, data: { phoneNumber: phone } });
  return contact;
}

const url = (id: string) => `http://localhost/api/contacts/${id}/sms-consent`;
const req = (id: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
  new NextRequest(url(id), {
    method: init.method ?? "GET",
    headers: {
      host: "localhost",
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

const get = (id: string, cookie?: string) => GET(req(id, { cookie }), ctx(id));
const post = (id: string, body: unknown, cookie?: string) => POST(req(id, { method: "POST", body, cookie }), ctx(id));
const events = (contactId: string) =>
  db.prisma.consentEvent.findMany({ where: { contactId }, orderBy: [{ occurredAt: "asc" }, { createdAt: "asc" }] });

describe("GET/POST /api/contacts/{id}/sms-consent", () => {
  it("answers 401 without a session, and writes nothing", async () => {
    const { org } = await agency();
    const contact = await contactOf(org.id);
    expect((await get(contact.id)).status).toBe(401);
    const res = await post(contact.id, { action: "consent", text: TEXT });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("unauthorized");
    expect(await events(contact.id)).toEqual([]);
  });

  it("answers 404 for another organization's contact, and writes nothing", async () => {
    const a = await agency();
    const b = await agency();
    const contact = await contactOf(a.org.id);
    for (const cookie of [b.cookies.admin, b.cookies.agentA]) {
      expect((await get(contact.id, cookie)).status).toBe(404);
      expect((await post(contact.id, { action: "consent", text: TEXT }, cookie)).status).toBe(404);
      expect((await post(contact.id, { action: "withdraw" }, cookie)).status).toBe(404);
    }
    expect(await events(contact.id)).toEqual([]);
  });

  it("answers 404 to an agent who may not see the contact (another agent's); its agent and the admin see it", async () => {
    const { org, agentA, cookies } = await agency();
    const contact = await contactOf(org.id, { agentId: agentA.id });
    expect((await get(contact.id, cookies.agentB)).status).toBe(404);
    const refused = await post(contact.id, { action: "consent", text: TEXT }, cookies.agentB);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error).toMatchObject({ code: "not_found", message: "Contact not found" });
    expect((await post(contact.id, { action: "withdraw" }, cookies.agentB)).status).toBe(404);
    expect(await events(contact.id)).toEqual([]);

    expect((await get(contact.id, cookies.agentA)).status).toBe(200);
    expect((await get(contact.id, cookies.admin)).status).toBe(200);
  });

  it("answers 422 with the field error for a missing or short text, and for a contact without a 10-digit phone", async () => {
    const { org, cookies } = await agency();
    const contact = await contactOf(org.id);
    for (const body of [{ action: "consent" }, { action: "consent", text: "  yes  " }]) {
      const res = await post(contact.id, body, cookies.admin);
      expect(res.status).toBe(422);
      expect((await res.json()).error).toMatchObject({
        code: "validation_failed",
        fields: { text: [SMS_CONSENT_MESSAGES.text] },
      });
    }

    const noPhone = await contactOf(org.id, { phone: null });
    for (const body of [{ action: "consent", text: TEXT }, { action: "withdraw" }]) {
      const res = await post(noPhone.id, body, cookies.admin);
      expect(res.status).toBe(422);
      expect((await res.json()).error).toMatchObject({
        code: "validation_failed",
        message: SMS_CONSENT_MESSAGES.noPhone,
        fields: { phoneNumber: [SMS_CONSENT_MESSAGES.noPhone] },
      });
    }
    const view = (await (await get(noPhone.id, cookies.admin)).json()) as SmsConsentView;
    expect(view).toMatchObject({ allowed: false, reason: "no_phone", phoneNumber: null, history: [] });

    // An unknown action is a validation error too.
    expect((await post(contact.id, { action: "maybe" }, cookies.admin)).status).toBe(422);
    expect(await events(contact.id)).toEqual([]);
    expect(await events(noPhone.id)).toEqual([]);
  });

  it("consent, then GET shows it allowed with the words; withdraw, then GET shows opted_out; the ledger and audit rows are written", async () => {
    const { org, agentA, cookies } = await agency({ brandName: "Sunrise Insurance" });
    const contact = await contactOf(org.id, { agentId: agentA.id });

    const before = (await (await get(contact.id, cookies.agentA)).json()) as SmsConsentView;
    expect(before).toEqual({
      allowed: false,
      reason: "no_consent",
      since: null,
      source: null,
      consentText: null,
      phoneNumber: "(512) 555-0100",
      agencyName: "Sunrise Insurance",
      history: [],
    });

    const saved = await post(contact.id, { action: "consent", text: `  ${TEXT}  ` }, cookies.agentA);
    expect(saved.status).toBe(200);
    const savedBody = (await saved.json()) as { success: true; consent: SmsConsentView };
    expect(savedBody).toMatchObject({
      success: true,
      consent: { allowed: true, reason: "consented", source: "agent_recorded" },
    });

    const consented = (await (await get(contact.id, cookies.agentA)).json()) as SmsConsentView;
    expect(consented).toMatchObject({
      allowed: true,
      reason: "consented",
      source: "agent_recorded",
      consentText: TEXT,
      history: [{ action: "opt_in", source: "agent_recorded", consentText: TEXT }],
    });
    const [optIn] = await events(contact.id);
    expect(optIn).toMatchObject({
      organizationId: org.id,
      channel: "sms",
      action: "opt_in",
      source: "agent_recorded",
      consentText: TEXT,
      phoneNumber: PHONE,
      metadata: { actorUserId: agentA.id },
    });
    expect(consented.since).toBe(optIn!.occurredAt.toISOString());

    const withdrawn = await post(contact.id, { action: "withdraw" }, cookies.agentA);
    expect(withdrawn.status).toBe(200);
    const optedOut = (await (await get(contact.id, cookies.agentA)).json()) as SmsConsentView;
    expect(optedOut).toMatchObject({
      allowed: false,
      reason: "opted_out",
      source: "agent",
      consentText: null,
      history: [
        { action: "opt_out", source: "agent", consentText: null },
        { action: "opt_in", source: "agent_recorded", consentText: TEXT },
      ],
    });
    const rows = await events(contact.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      organizationId: org.id,
      contactId: contact.id,
      channel: "sms",
      action: "opt_out",
      source: "agent",
      consentText: null,
      phoneNumber: PHONE,
      metadata: { actorUserId: agentA.id },
    });
    expect(optedOut.since).toBe(rows[1]!.occurredAt.toISOString());

    const audits = await db.prisma.auditLog.findMany({
      where: { organizationId: org.id, entityId: contact.id },
      orderBy: { createdAt: "asc" },
    });
    expect(audits.map((row) => [row.action, row.actorUserId])).toEqual([
      ["contact.sms_consent_recorded", agentA.id],
      ["contact.sms_consent_withdrawn", agentA.id],
    ]);

    // Agreeing again to the agent re-subscribes.
    expect((await post(contact.id, { action: "consent", text: TEXT }, cookies.agentA)).status).toBe(200);
    expect((await (await get(contact.id, cookies.agentA)).json()) as SmsConsentView).toMatchObject({
      allowed: true,
      reason: "consented",
    });
  });

  it("after a STOP and a START by text, shows it restarted by text with the words agreed to before", async () => {
    const { org, cookies } = await agency();
    const contact = await contactOf(org.id);
    expect((await post(contact.id, { action: "consent", text: TEXT }, cookies.admin)).status).toBe(200);
    const [optIn] = await events(contact.id);
    const at = (minutes: number) => new Date(optIn!.occurredAt.getTime() + minutes * 60_000);
    for (const [action, minutes] of [
      ["opt_out", 1],
      ["resubscribe", 2],
    ] as const)
      await db.prisma.consentEvent.create({
        data: {
          organizationId: org.id,
          contactId: contact.id,
          channel: "sms",
          action,
          source: "sms_keyword",
          occurredAt: at(minutes),
          phoneNumber: PHONE,
        },
      });
    const view = (await (await get(contact.id, cookies.admin)).json()) as SmsConsentView;
    expect(view).toMatchObject({
      allowed: true,
      reason: "consented",
      source: "sms_keyword",
      since: at(2).toISOString(),
      consentText: TEXT,
    });
    expect(view.history.map((entry) => entry.action)).toEqual(["resubscribe", "opt_out", "opt_in"]);
    // An agency's name when it has no brand name.
    expect(view.agencyName).toBe(org.name);
  });

  it("a new number has no consent: the state follows the contact's current number", async () => {
    const { org, cookies } = await agency();
    const contact = await contactOf(org.id);
    expect((await post(contact.id, { action: "consent", text: TEXT }, cookies.admin)).status).toBe(200);
    await db.prisma.contact.update({ where: { id: contact.id }, data: { phoneNumber: "5125550199" } });
    const view = (await (await get(contact.id, cookies.admin)).json()) as SmsConsentView;
    expect(view).toMatchObject({ allowed: false, reason: "no_consent", phoneNumber: "(512) 555-0199" });
    expect(view.history).toHaveLength(1);
  });
});
