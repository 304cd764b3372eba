import { NextRequest } from "next/server";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/contacts/[id]/route";
import { GET as eligibilityRoute } from "@/app/api/contacts/[id]/eligibility/route";
import { GET as followUpsRoute } from "@/app/api/contacts/[id]/follow-ups/route";
import { GET as scheduledRoute } from "@/app/api/contacts/[id]/scheduled-emails/route";
import { GET as checkEmailRoute } from "@/app/api/contacts/check-email/[email]/route";
import { POST as createRoute } from "@/app/api/contacts/create/route";
import { GET as trackingRoute } from "@/app/api/contacts/email-tracking/[id]/route";
import { tenantDb } from "@/lib/db";
import {
  getContactEligibility,
  listEmailTracking,
  listFollowUps,
  listScheduledEmails,
  loadContactPage,
} from "@/lib/contacts/contact-activity";
import { CONTACT_MESSAGES } from "@/lib/contacts/contact-schema";
import { createContact } from "@/lib/contacts/create-contact";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { getContactDetail } from "@/lib/contacts/get-contact";
import { updateContact } from "@/lib/contacts/update-contact";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact as insertContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();

const req = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
  new NextRequest(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

let seq = 0;
const email = (name = "client") => `${name}.${++seq}.${Date.now()}@example.test`;

/** An agency with an admin (the default agent) and two plain agents, each signed in. */
async function agency() {
  const org = await createOrganization(db.prisma, { now });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true, isAgent: true });
  const agentA = await createUser(db.prisma, org.id, { now });
  const agentB = await createUser(db.prisma, org.id, { now });
  await db.prisma.organization.update({ where: { id: org.id }, data: { defaultAgentId: admin.id } });
  const cookies = {
    admin: (await createSession(db.prisma, admin.id, { now })).cookie,
    agentA: (await createSession(db.prisma, agentA.id, { now })).cookie,
    agentB: (await createSession(db.prisma, agentB.id, { now })).cookie,
  };
  const viewers = {
    admin: { id: admin.id, isAdmin: true },
    agentA: { id: agentA.id, isAdmin: false },
    agentB: { id: agentB.id, isAdmin: false },
  };
  return { org, admin, agentA, agentB, cookies, viewers };
}

const base = () => ({ firstName: "Ann", lastName: "Lee", email: email() });

describe("createContact", () => {
  it("creates with the chosen agent, state and default county from the ZIP, dates and an audit row", async () => {
    const { org, agentA, viewers } = await agency();
    const contact = await createContact({
      organizationId: org.id,
      viewer: viewers.admin,
      input: {
        ...base(),
        email: "  Ann.Lee@Example.COM ",
        phoneNumber: "(512) 555-0188",
        zipCode: "42223",
        gender: "F",
        tobaccoUser: true,
        birthDate: "1958-03-14",
        effectiveDate: "2023-01-01",
        currentCarrier: "Aetna",
        planType: "Plan G",
        agentId: agentA.id,
        contactOwnerId: agentA.id,
      },
    });
    expect(contact).toMatchObject({
      email: "ann.lee@example.com",
      phoneNumber: "5125550188",
      zipCode: "42223",
      state: "KY",
      county: "Montgomery County",
      countyFips: "47125",
      gender: "F",
      tobaccoUser: true,
      birthDate: "1958-03-14",
      effectiveDate: "2023-01-01",
      currentCarrier: "Aetna",
      planType: "Plan G",
      agentId: agentA.id,
      contactOwnerId: agentA.id,
      source: "manual",
      status: "New",
    });
    expect(contact.agent).toMatchObject({ id: agentA.id });
    const audit = await db.prisma.auditLog.findFirstOrThrow({
      where: { organizationId: org.id, action: "contact.created", entityId: contact.id },
    });
    expect(audit.actorUserId).toBe(viewers.admin.id);
  });

  it("takes the chosen county of a multi-county ZIP", async () => {
    const { org, viewers } = await agency();
    const contact = await createContact({
      organizationId: org.id,
      viewer: viewers.admin,
      input: { ...base(), zipCode: "00601", countyFips: "72113" },
    });
    expect(contact).toMatchObject({ state: "PR", county: "Ponce Municipio", countyFips: "72113" });
  });

  it("gives a contact without an agent to the default agent", async () => {
    const { org, admin, viewers } = await agency();
    const contact = await createContact({ organizationId: org.id, viewer: viewers.admin, input: base() });
    expect(contact.agentId).toBe(admin.id);
  });

  it("lets an agent create only for themselves", async () => {
    const { org, agentA, agentB, viewers } = await agency();
    const own = await createContact({ organizationId: org.id, viewer: viewers.agentA, input: base() });
    expect(own.agentId).toBe(agentA.id);
    await expect(
      createContact({ organizationId: org.id, viewer: viewers.agentA, input: { ...base(), agentId: agentB.id } }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      createContact({
        organizationId: org.id,
        viewer: viewers.agentA,
        input: { ...base(), contactOwnerId: agentB.id },
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("refuses an agent of another organization", async () => {
    const { org, viewers } = await agency();
    const other = await createOrganization(db.prisma, { now });
    const stranger = await createUser(db.prisma, other.id, { now });
    await expect(
      createContact({ organizationId: org.id, viewer: viewers.admin, input: { ...base(), agentId: stranger.id } }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      message: CONTACT_MESSAGES.invalidAgent,
    });
  });

  it("refuses an email the organization already has (any agent's, any case), but not another organization's", async () => {
    const { org, viewers } = await agency();
    const address = email("dup");
    await createContact({ organizationId: org.id, viewer: viewers.agentB, input: { ...base(), email: address } });
    await expect(
      createContact({
        organizationId: org.id,
        viewer: viewers.agentA,
        input: { ...base(), email: address.toUpperCase() },
      }),
    ).rejects.toMatchObject({
      code: "conflict",
      message: "A contact with this email already exists.",
      fields: { email: ["A contact with this email already exists."] },
    });
    const other = await agency();
    await expect(
      createContact({
        organizationId: other.org.id,
        viewer: other.viewers.admin,
        input: { ...base(), email: address },
      }),
    ).resolves.toMatchObject({ email: address });
  });

  it("answers the spec's messages through POST /api/contacts/create", async () => {
    const { cookies } = await agency();
    const bad = async (body: unknown) => {
      const res = await createRoute(req("/api/contacts/create", { method: "POST", body, cookie: cookies.admin }));
      return { status: res.status, body: await res.json() };
    };
    expect(await bad({ ...base(), effectiveDate: "01/02/2024" })).toMatchObject({
      status: 422,
      body: { error: { message: "Invalid effective date format" } },
    });
    expect(await bad({ ...base(), birthDate: "1958-13-01" })).toMatchObject({
      status: 422,
      body: { error: { message: "Invalid birth date format" } },
    });
    expect(await bad({ ...base(), zipCode: "00000" })).toMatchObject({
      status: 422,
      body: { error: { message: "Invalid zip code", fields: { zipCode: ["Invalid zip code"] } } },
    });
    expect(await bad({ firstName: "", lastName: "Lee", email: "x" })).toMatchObject({
      status: 422,
      body: {
        error: { fields: { firstName: ["First name is required"], email: ["Please enter a valid email address"] } },
      },
    });
    const ok = await createRoute(
      req("/api/contacts/create", { method: "POST", body: { ...base(), zipCode: "78701" }, cookie: cookies.agentA }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, contact: { state: "TX", county: "Travis County" } });
    expect((await createRoute(req("/api/contacts/create", { method: "POST", body: base() }))).status).toBe(401);
  });
});

describe("updateContact", () => {
  it("updates the fields, follows a new ZIP, and audits the changed fields", async () => {
    const { org, viewers } = await agency();
    const created = await createContact({
      organizationId: org.id,
      viewer: viewers.admin,
      input: { ...base(), zipCode: "78701", planType: "Plan G" },
    });
    const updated = await updateContact({
      organizationId: org.id,
      viewer: viewers.admin,
      id: created.id,
      input: {
        firstName: "Anne",
        lastName: "Lee",
        email: created.email,
        zipCode: "00601",
        birthDate: "1955-05-05",
        planType: "Plan N",
        gender: "F",
        tobaccoUser: false,
      },
    });
    expect(updated).toMatchObject({
      firstName: "Anne",
      zipCode: "00601",
      state: "PR",
      county: "Adjuntas Municipio",
      birthDate: "1955-05-05",
      planType: "Plan N",
    });
    const audit = await db.prisma.auditLog.findFirstOrThrow({
      where: { organizationId: org.id, action: "contact.updated", entityId: created.id },
    });
    expect(audit.metadata).toMatchObject({
      changed: expect.arrayContaining([
        "firstName",
        "zipCode",
        "state",
        "county",
        "countyFips",
        "birthDate",
        "planType",
        "gender",
      ]),
    });
    expect((audit.metadata as { changed: string[] }).changed).not.toContain("email");
  });

  it("refreshes state and county from an unchanged ZIP only with zip_update=true", async () => {
    const { org, cookies } = await agency();
    const contact = await db.prisma.contact.create({
      data: {
        organizationId: org.id,
        firstName: "Old",
        lastName: "Data",
        email: email(),
        zipCode: "78701",
        state: "CA",
      },
    });
    const body = { firstName: "Old", lastName: "Data", email: contact.email, zipCode: "78701" };
    const plain = await putRoute(
      req(`/api/contacts/${contact.id}`, { method: "PUT", body, cookie: cookies.admin }),
      ctx({ id: contact.id }),
    );
    expect((await plain.json()).contact).toMatchObject({ state: "CA", county: null });
    const res = await putRoute(
      req(`/api/contacts/${contact.id}?zip_update=true`, { method: "PUT", body, cookie: cookies.admin }),
      ctx({ id: contact.id }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).contact).toMatchObject({ state: "TX", county: "Travis County", countyFips: "48453" });
  });

  it("refuses a duplicate email (409) and bad dates (422), and keeps the contact's own email", async () => {
    const { org, viewers } = await agency();
    const a = await createContact({ organizationId: org.id, viewer: viewers.admin, input: base() });
    const b = await createContact({ organizationId: org.id, viewer: viewers.admin, input: base() });
    await expect(
      updateContact({ organizationId: org.id, viewer: viewers.admin, id: b.id, input: { ...base(), email: a.email } }),
    ).rejects.toMatchObject({
      code: "conflict",
      message: CONTACT_MESSAGES.emailTaken,
    });
    await expect(
      updateContact({
        organizationId: org.id,
        viewer: viewers.admin,
        id: b.id,
        input: { ...base(), email: b.email, effectiveDate: "2024-1-1" },
      }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      message: "Invalid effective date format",
    });
    await expect(
      updateContact({
        organizationId: org.id,
        viewer: viewers.admin,
        id: b.id,
        input: { ...base(), email: b.email.toUpperCase() },
      }),
    ).resolves.toMatchObject({ email: b.email });
  });

  it("lets an agent edit only their own contacts, and not hand them to another agent", async () => {
    const { org, agentA, agentB, viewers } = await agency();
    const own = await createContact({ organizationId: org.id, viewer: viewers.agentA, input: base() });
    const theirs = await createContact({ organizationId: org.id, viewer: viewers.agentB, input: base() });
    await expect(
      updateContact({
        organizationId: org.id,
        viewer: viewers.agentA,
        id: theirs.id,
        input: { ...base(), email: theirs.email },
      }),
    ).rejects.toMatchObject({
      code: "not_found",
      message: "Contact not found",
    });
    await expect(
      updateContact({
        organizationId: org.id,
        viewer: viewers.agentA,
        id: own.id,
        input: { ...base(), email: own.email, agentId: agentB.id },
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      updateContact({
        organizationId: org.id,
        viewer: viewers.agentA,
        id: own.id,
        input: { ...base(), email: own.email, agentId: agentA.id, contactOwnerId: agentA.id },
      }),
    ).resolves.toMatchObject({
      agentId: agentA.id,
      contactOwnerId: agentA.id,
    });
    // An admin may reassign through the form.
    await expect(
      updateContact({
        organizationId: org.id,
        viewer: viewers.admin,
        id: own.id,
        input: { ...base(), email: own.email, agentId: agentB.id },
      }),
    ).resolves.toMatchObject({ agentId: agentB.id });
  });
});

describe("deleteContact", () => {
  it("deletes a visible contact with its related rows and audits it; others are 404", async () => {
    const { org, viewers } = await agency();
    const own = await createContact({ organizationId: org.id, viewer: viewers.agentA, input: base() });
    const theirs = await createContact({ organizationId: org.id, viewer: viewers.agentB, input: base() });
    await db.prisma.followUpRequest.create({ data: { organizationId: org.id, contactId: own.id, type: "general" } });

    await expect(
      deleteContact({ organizationId: org.id, viewer: viewers.agentA, id: theirs.id }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(deleteContact({ organizationId: org.id, viewer: viewers.agentA, id: own.id })).resolves.toEqual({
      success: true,
      deleted_ids: [own.id],
      message: "Contact deleted successfully",
    });
    expect(await db.prisma.contact.count({ where: { id: own.id } })).toBe(0);
    expect(await db.prisma.followUpRequest.count({ where: { contactId: own.id } })).toBe(0);
    expect(
      await db.prisma.auditLog.count({
        where: { organizationId: org.id, action: "contact.deleted", entityId: own.id },
      }),
    ).toBe(1);
    await expect(deleteContact({ organizationId: org.id, viewer: viewers.admin, id: own.id })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await db.prisma.contact.count({ where: { id: theirs.id } })).toBe(1);
  });
});

describe("contact activity", () => {
  const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
  const now = new Date("2025-06-10T15:00:00Z"); // 10:00 in Chicago: today is 2025-06-10

  async function withActivity() {
    const setup = await agency();
    const contact = await createContact({ organizationId: setup.org.id, viewer: setup.viewers.agentA, input: base() });
    // Saving planned its real outreach (dated from today); this test reads a history it builds by hand.
    await db.prisma.scheduledEmail.deleteMany({ where: { contactId: contact.id } });
    const row = (
      emailType: string,
      date: string,
      status: "pending" | "sent" | "failed" | "cancelled",
      extra: object = {},
    ) =>
      db.prisma.scheduledEmail.create({
        data: {
          organizationId: setup.org.id,
          contactId: contact.id,
          emailType,
          scheduledSendDate: day(date),
          scheduledSendAt: new Date(`${date}T13:30:00.000Z`),
          status,
          idempotencyKey: `${contact.id}-${emailType}-${date}`,
          ...extra,
        },
      });
    const opened = await row("quote_email", "2025-05-01", "sent", {
      sendMode: "production",
      sentAt: new Date("2025-05-01T13:30:00Z"),
    });
    await db.prisma.emailEvent.create({
      data: { organizationId: setup.org.id, contactId: contact.id, scheduledEmailId: opened.id, type: "opened" },
    });
    await row("birthday", "2025-05-20", "sent", { sentAt: new Date("2025-05-20T13:30:00Z") });
    await row("aep", "2025-06-01", "failed");
    await row("rate_increase", "2025-06-05", "cancelled");
    await row("effective_date", "2025-06-10", "pending");
    await row("post_window", "2025-09-08", "pending"); // today + 90
    await row("followup_1_cold", "2025-09-09", "pending"); // beyond 90 days
    await row("birthday", "2025-06-09", "pending"); // yesterday, not sent yet: not upcoming
    return { ...setup, contact };
  }

  it("lists tracking records, the next 90 days of scheduled emails, the newest eligibility and follow-ups", async () => {
    const { org, viewers, contact } = await withActivity();
    const options = { db: tenantDb(org.id), organizationId: org.id, viewer: viewers.agentA, contactId: contact.id };

    const tracking = await listEmailTracking(options);
    expect(tracking.map((r) => [r.email_type, r.scheduled_date, r.send_status])).toEqual([
      ["followup_1_cold", "2025-09-09", "scheduled"],
      ["post_window", "2025-09-08", "scheduled"],
      ["effective_date", "2025-06-10", "scheduled"],
      ["birthday", "2025-06-09", "scheduled"],
      ["aep", "2025-06-01", "failed"],
      ["birthday", "2025-05-20", "sent"],
      ["quote_email", "2025-05-01", "opened"],
    ]);
    expect(tracking.at(-1)).toMatchObject({ send_mode: "production", sent_at: "2025-05-01T13:30:00.000Z" });

    const scheduled = await listScheduledEmails({ ...options, now });
    expect(scheduled.map((r) => [r.email_type, r.scheduled_send_date, r.status])).toEqual([
      ["effective_date", "2025-06-10", "pending"],
      ["post_window", "2025-09-08", "pending"],
    ]);

    expect(await getContactEligibility(options)).toEqual({
      status: null,
      answers: null,
      hasConditions: null,
      completedAt: null,
    });
    const answers = {
      q1: { id: "q1", question_text: "Heart?", question_type: "main", answer: "no", follow_up_questions: [] },
    };
    await db.prisma.eligibilityAnswer.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        answers: { old: true },
        hasConditions: true,
        status: "decline",
        createdAt: new Date("2025-01-01T00:00:00Z"),
      },
    });
    await db.prisma.eligibilityAnswer.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        answers,
        hasConditions: false,
        status: "accept",
        createdAt: new Date("2025-06-01T00:00:00Z"),
      },
    });
    expect(await getContactEligibility(options)).toEqual({
      status: "accept",
      answers,
      hasConditions: false,
      completedAt: "2025-06-01T00:00:00.000Z",
    });

    expect(await listFollowUps(options)).toEqual([]);
    await db.prisma.followUpRequest.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        type: "accept",
        createdAt: new Date("2025-06-01T00:00:00Z"),
      },
    });
    await db.prisma.followUpRequest.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        type: "callback",
        message: "Call after 5",
        createdAt: new Date("2025-06-02T00:00:00Z"),
      },
    });
    expect((await listFollowUps(options)).map((f) => [f.type, f.date, f.message])).toEqual([
      ["callback", "2025-06-02T00:00:00.000Z", "Call after 5"],
      ["accept", "2025-06-01T00:00:00.000Z", null],
    ]);

    const page = await loadContactPage({ organizationId: org.id, viewer: viewers.agentA, id: contact.id, now });
    expect(page).toMatchObject({
      contact: { id: contact.id },
      scheduledEmails: { length: 2 },
      followUps: { length: 2 },
      eligibility: { status: "accept" },
    });
  });

  it("hides another agent's contact from an agent (404) but not from an admin", async () => {
    const { org, viewers, contact } = await withActivity();
    const options = { db: tenantDb(org.id), organizationId: org.id, contactId: contact.id };
    for (const call of [listEmailTracking, getContactEligibility, listFollowUps]) {
      await expect(call({ ...options, viewer: viewers.agentB })).rejects.toMatchObject({
        code: "not_found",
        message: "Contact not found",
      });
      await expect(call({ ...options, viewer: viewers.admin })).resolves.toBeDefined();
    }
    await expect(listScheduledEmails({ ...options, viewer: viewers.agentB, now })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getContactDetail({ ...options, id: contact.id, viewer: viewers.agentB })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      loadContactPage({ organizationId: org.id, viewer: viewers.agentB, id: contact.id, now }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      loadContactPage({ organizationId: org.id, viewer: viewers.admin, id: "not-a-uuid", now }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("GET /api/contacts/check-email/{email}", () => {
  it("says whether the organization has the address, leaving out the contact being edited", async () => {
    const { org, cookies, viewers } = await agency();
    const taken = await createContact({ organizationId: org.id, viewer: viewers.agentB, input: base() });
    const check = async (address: string, query = "", cookie = cookies.agentA) => {
      const res = await checkEmailRoute(
        req(`/api/contacts/check-email/${encodeURIComponent(address)}${query}`, { cookie }),
        ctx({ email: address }),
      );
      return { status: res.status, body: await res.json() };
    };
    expect(await check(taken.email.toUpperCase())).toEqual({ status: 200, body: { exists: true } });
    expect(await check(email("free"))).toEqual({ status: 200, body: { exists: false } });
    expect(await check(taken.email, `?excludeId=${taken.id}`)).toEqual({ status: 200, body: { exists: false } });
    expect((await check("not-an-email")).status).toBe(422);
    const other = await agency();
    expect(await check(taken.email, "", other.cookies.admin)).toEqual({ status: 200, body: { exists: false } });
  });
});

describe("contact routes", () => {
  it("answer the caller's own contacts, and 404 to another organization's admin on every route", async () => {
    const mine = await agency();
    const contact = await insertContact(db.prisma, mine.org.id, { now, agentId: mine.agentA.id });
    const stranger = await agency();
    const id = contact.id;
    const calls = [
      () => getRoute(req(`/api/contacts/${id}`, { cookie: stranger.cookies.admin }), ctx({ id })),
      () =>
        putRoute(
          req(`/api/contacts/${id}`, {
            method: "PUT",
            body: { ...base(), email: contact.email },
            cookie: stranger.cookies.admin,
          }),
          ctx({ id }),
        ),
      () => deleteRoute(req(`/api/contacts/${id}`, { method: "DELETE", cookie: stranger.cookies.admin }), ctx({ id })),
      () =>
        scheduledRoute(req(`/api/contacts/${id}/scheduled-emails`, { cookie: stranger.cookies.admin }), ctx({ id })),
      () => eligibilityRoute(req(`/api/contacts/${id}/eligibility`, { cookie: stranger.cookies.admin }), ctx({ id })),
      () => followUpsRoute(req(`/api/contacts/${id}/follow-ups`, { cookie: stranger.cookies.admin }), ctx({ id })),
      () => trackingRoute(req(`/api/contacts/email-tracking/${id}`, { cookie: stranger.cookies.admin }), ctx({ id })),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: "Contact not found" } });
    }
    // Nothing changed.
    expect(await db.prisma.contact.findUniqueOrThrow({ where: { id } })).toMatchObject({
      firstName: contact.firstName,
      email: contact.email,
    });

    // Another agent of the same agency: 404 too; the admin and the owner agent see it.
    expect((await getRoute(req(`/api/contacts/${id}`, { cookie: mine.cookies.agentB }), ctx({ id }))).status).toBe(404);
    for (const cookie of [mine.cookies.admin, mine.cookies.agentA]) {
      const res = await getRoute(req(`/api/contacts/${id}`, { cookie }), ctx({ id }));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id, agentId: mine.agentA.id, agent: { id: mine.agentA.id } });
    }
    const ok = [
      await scheduledRoute(req(`/api/contacts/${id}/scheduled-emails`, { cookie: mine.cookies.agentA }), ctx({ id })),
      await eligibilityRoute(req(`/api/contacts/${id}/eligibility`, { cookie: mine.cookies.agentA }), ctx({ id })),
      await followUpsRoute(req(`/api/contacts/${id}/follow-ups`, { cookie: mine.cookies.agentA }), ctx({ id })),
      await trackingRoute(req(`/api/contacts/email-tracking/${id}`, { cookie: mine.cookies.agentA }), ctx({ id })),
    ];
    expect(await Promise.all(ok.map((res) => res.json()))).toEqual([
      { scheduledEmails: [] },
      { status: null, answers: null, hasConditions: null, completedAt: null },
      { followUps: [] },
      { trackingRecords: [] },
    ]);
    const deleted = await deleteRoute(
      req(`/api/contacts/${id}`, { method: "DELETE", cookie: mine.cookies.admin }),
      ctx({ id }),
    );
    expect(await deleted.json()).toEqual({ success: true, deleted_ids: [id], message: "Contact deleted successfully" });
    expect(
      (await getRoute(req(`/api/contacts/not-a-uuid`, { cookie: mine.cookies.admin }), ctx({ id: "not-a-uuid" })))
        .status,
    ).toBe(404);
  });
});
