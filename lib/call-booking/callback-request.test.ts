import { NextRequest } from "next/server";
import { POST as callbackRoute } from "@/app/api/contact-us/callback-request/route";
import { GET as infoRoute } from "@/app/api/schedule/info/[id]/route";
import { createQuoteLink } from "@/lib/quotes/quote-links";
import {
  CALLBACK_CLIENT_LIMIT,
  CALLBACKS_PER_CONTACT_DETAIL_PER_DAY,
  CALLBACKS_PER_ORGANIZATION_PER_HOUR,
  callbackIdempotencyKey,
  CONTACT_STATUS_REQUESTED_FOLLOW_UP,
  subjectName,
  DUPLICATE_WINDOW_MS,
  FOLLOW_UP_EVENT,
  requestCallback,
} from "@/lib/call-booking/callback-request";
import { callbackRequestSchema, type CallbackRequestInput } from "@/lib/call-booking/callback-request-schema";
import { getScheduleInfo } from "@/lib/call-booking/schedule-info";
import { solvedChallengeHeader } from "@/lib/testing/challenge";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter % 250}`;
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
const infoReq = (id: string, query = "", ip = nextIp()) =>
  new NextRequest(`http://localhost/api/schedule/info/${encodeURIComponent(id)}${query}`, {
    headers: { "x-forwarded-for": ip },
  });
/** As the schedule page sends it: with a freshly solved challenge (unless `challenge` says otherwise). */
const postReq = (body: unknown, ip = nextIp(), challenge: Record<string, string> = solvedChallengeHeader("callback")) =>
  new NextRequest("http://localhost/api/contact-us/callback-request", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip, ...challenge },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const parse = (input: CallbackRequestInput) => callbackRequestSchema.parse(input);

async function agencyWithQuote(orgData: Record<string, unknown> = {}, agentData: Record<string, unknown> = {}) {
  const org = await createOrganization(db.prisma, { now });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: {
      brandName: "Lone Star Medigap",
      phone: "5125550100",
      redirectUrl: "www.example.com/book",
      primaryColor: "#0F766E",
      ...orgData,
    },
  });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
  const agent = await createUser(db.prisma, org.id, { now });
  await db.prisma.user.update({
    where: { id: agent.id },
    data: {
      firstName: "Alex",
      lastName: "Rivera",
      phone: "5125550101",
      bookingLink: "calendly.com/alex",
      calendarEnabled: true,
      ...agentData,
    },
  });
  const contact = await createContact(db.prisma, org.id, {
    now,
    firstName: "Pat",
    lastName: "Jones",
    agentId: agent.id,
  });
  await db.prisma.contact.update({ where: { id: contact.id }, data: { phoneNumber: "5125550199", planType: "G" } });
  const { token, link } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, planType: "N", now });
  return { org, admin, agent, contact, token, link, now };
}

const typed = {
  contactName: "Patricia Jones",
  contactEmail: "pat.jones@example.net",
  contactPhone: "(512) 555-0142",
  message: "Mornings are best",
};

describe("getScheduleInfo / GET /api/schedule/info/{id}", () => {
  it("by quote token: contact, agent and public organization fields; sender mode", async () => {
    const { org, agent, contact, token, now } = await agencyWithQuote(
      { forceOrgSenderDetails: false },
      { useOrgSenderDetails: false },
    );
    const info = await getScheduleInfo({ id: token, now });
    expect(info).toEqual({
      contact: { email: contact.email, firstName: "Pat", lastName: "Jones", phoneNumber: "5125550199" },
      agent: {
        id: agent.id,
        firstName: "Alex",
        lastName: "Rivera",
        phone: "5125550101",
        bookingLink: "calendly.com/alex",
        useOrgSenderDetails: false,
      },
      organization: {
        id: org.id,
        name: "Lone Star Medigap",
        logo: null,
        slug: org.slug,
        phone: "5125550100",
        primaryColor: "#0F766E",
        contactPreferences: { calendarEnabled: true, phoneEnabled: true, callbackEnabled: true },
        redirectUrl: "www.example.com/book",
        hideMedicareAdvantage: false,
      },
      useOrg: false,
      force_org_sender_details: false,
      planType: "N",
    });

    const res = await infoRoute(infoReq(token), ctx({ id: token }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.organization.slug).toBe(org.slug);
    // Only public fields leave: no settings, no agent email, no contact id.
    expect(JSON.stringify(body)).not.toMatch(/stripe|carrierContracts|demoMode|agent-.*@example\.test/);
    expect(body.contact).not.toHaveProperty("id");
  });

  it("by organization id or slug (generic link): no contact, no agent, the organization speaks", async () => {
    const { org } = await agencyWithQuote({ forceOrgSenderDetails: false });
    for (const id of [org.id, org.slug]) {
      const info = await getScheduleInfo({ id, now: new Date() });
      expect(info).toMatchObject({
        contact: null,
        agent: null,
        useOrg: true,
        planType: null,
        organization: { id: org.id, slug: org.slug, name: "Lone Star Medigap" },
      });
    }
  });

  it("404 for an unknown or expired token, an unknown organization, or a cross-check naming another organization", async () => {
    const { token, now } = await agencyWithQuote();
    const other = await createOrganization(db.prisma, { now });
    await expect(getScheduleInfo({ id: "A".repeat(43), now })).rejects.toMatchObject({
      code: "not_found",
      message: "Quote not found or expired. Please try again or contact support.",
    });
    await expect(getScheduleInfo({ id: token, now: new Date(now.getTime() + 91 * 86_400_000) })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getScheduleInfo({ id: "no-such-agency", now })).rejects.toMatchObject({ code: "not_found" });
    await expect(getScheduleInfo({ id: token, orgId: other.id, now })).rejects.toMatchObject({ code: "not_found" });
    await expect(getScheduleInfo({ id: token, orgId: other.slug, now })).rejects.toMatchObject({ code: "not_found" });

    const res = await infoRoute(infoReq(token, `?orgId=${other.id}`), ctx({ id: token }));
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
    expect((await infoRoute(infoReq("../etc"), ctx({ id: "../etc" }))).status).toBe(404);
  });
});

describe("requestCallback / POST /api/contact-us/callback-request", () => {
  it("stores the request as typed, marks the contact, logs an event, and emails the agent with a link to the contact", async () => {
    const { org, agent, contact, token, link } = await agencyWithQuote(
      { forceOrgSenderDetails: false },
      { useOrgSenderDetails: false },
    );
    const res = await callbackRoute(postReq({ quoteId: token, status: "accept", ...typed, planType: "G" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      message: "Alex Rivera will call you back soon.",
      agentName: "Alex Rivera",
    });

    const requests = await db.prisma.followUpRequest.findMany({ where: { organizationId: org.id } });
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request).toMatchObject({
      contactId: contact.id,
      quoteLinkId: link.id,
      type: "accept",
      contactName: "Patricia Jones",
      contactEmail: "pat.jones@example.net",
      contactPhone: "5125550142",
      planType: "G",
      message: "Mornings are best",
      handledAt: null,
    });
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).status).toBe(
      CONTACT_STATUS_REQUESTED_FOLLOW_UP,
    );
    const events = await db.prisma.contactEvent.findMany({
      where: { contactId: contact.id, eventType: FOLLOW_UP_EVENT },
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.metadata).toMatchObject({ followUpRequestId: request.id, type: "accept" });
    expect(JSON.stringify(events[0]!.metadata)).not.toMatch(/Patricia|5125550142|example\.net/);

    const email = await db.prisma.outboxEmail.findUniqueOrThrow({
      where: { idempotencyKey: callbackIdempotencyKey(request.id) },
    });
    expect(email).toMatchObject({
      to: agent.email,
      originalTo: agent.email,
      subject: "Callback request from Patricia Jones",
      replyTo: "pat.jones@example.net",
      testMode: false,
    });
    expect(email.html).toContain(`href="http://localhost:3000/contact/${contact.id}"`);
    expect(email.text).toContain("(512) 555-0142");
    expect(email.text).toContain("Mornings are best");
    expect(email.text).toContain("Passed the health questions");
    expect(email.text).toMatch(/Plan\s+G\s/);
  });

  it.each([
    ["decline", "decline"],
    [undefined, "general"],
    ["other", "general"],
  ])("status %p is stored as %s", async (status, type) => {
    const { org, token } = await agencyWithQuote();
    await requestCallback({ body: parse({ quoteId: token, status, ...typed }), now: new Date() });
    const request = await db.prisma.followUpRequest.findFirstOrThrow({ where: { organizationId: org.id } });
    expect(request.type).toBe(type);
    expect(request.planType).toBe("N"); // none typed: the quote's plan
  });

  it("answers with the organization's name when it speaks for itself", async () => {
    const { token } = await agencyWithQuote({ forceOrgSenderDetails: true });
    const answer = await requestCallback({ body: parse({ quoteId: token, ...typed }), now: new Date() });
    expect(answer).toEqual({
      success: true,
      message: "Lone Star Medigap will call you back soon.",
      agentName: "Lone Star Medigap",
    });
  });

  it("is idempotent on retry: one request, one event, one email; a later or different request is new", async () => {
    const { org, token } = await agencyWithQuote();
    const now = new Date();
    const body = parse({ quoteId: token, status: "accept", ...typed });
    await Promise.all([requestCallback({ body, now }), requestCallback({ body, now })]);
    await requestCallback({ body, now: new Date(now.getTime() + 60_000) });
    expect(await db.prisma.followUpRequest.count({ where: { organizationId: org.id } })).toBe(1);
    expect(await db.prisma.contactEvent.count({ where: { organizationId: org.id, eventType: FOLLOW_UP_EVENT } })).toBe(
      1,
    );
    const request = await db.prisma.followUpRequest.findFirstOrThrow({ where: { organizationId: org.id } });
    expect(await db.prisma.outboxEmail.count({ where: { idempotencyKey: callbackIdempotencyKey(request.id) } })).toBe(
      1,
    );

    await requestCallback({
      body: parse({ quoteId: token, status: "accept", ...typed, message: "Actually, evenings" }),
      now: new Date(now.getTime() + 120_000),
    });
    await requestCallback({ body, now: new Date(now.getTime() + DUPLICATE_WINDOW_MS + 1000) });
    expect(await db.prisma.followUpRequest.count({ where: { organizationId: org.id } })).toBe(3);
    expect(await db.prisma.outboxEmail.count({ where: { tags: { path: ["organization_id"], equals: org.id } } })).toBe(
      3,
    );
  });

  it("a retry after a failed email sends that email again under the same key", async () => {
    const { org, token } = await agencyWithQuote();
    const now = new Date();
    const body = parse({ quoteId: token, ...typed });
    await requestCallback({ body, now });
    const request = await db.prisma.followUpRequest.findFirstOrThrow({ where: { organizationId: org.id } });
    const key = callbackIdempotencyKey(request.id);
    await db.prisma.outboxEmail.update({ where: { idempotencyKey: key }, data: { status: "failed" } });
    await requestCallback({ body, now: new Date(now.getTime() + 5_000) });
    expect(await db.prisma.followUpRequest.count({ where: { organizationId: org.id } })).toBe(1);
    expect(await db.prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: key } })).toMatchObject({
      status: "stored",
      attemptCount: 2,
    });
  });

  it("never touches a contact named in the body: only the quote token identifies one", async () => {
    const { org, token, contact } = await agencyWithQuote();
    const bystander = await createContact(db.prisma, org.id, { now });
    const res = await callbackRoute(postReq({ quoteId: token, contactId: bystander.id, ...typed }));
    expect(res.status).toBe(200);
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: bystander.id } })).status).toBe("New");
    expect((await db.prisma.followUpRequest.findFirstOrThrow({ where: { organizationId: org.id } })).contactId).toBe(
      contact.id,
    );
  });

  it("keeps a typed name to one short line in the email subject", async () => {
    const { org, admin } = await agencyWithQuote();
    await db.prisma.organization.update({ where: { id: org.id }, data: { defaultAgentId: admin.id } });
    const res = await callbackRoute(
      postReq({
        orgId: org.slug,
        ...typed,
        contactName: "Pat\r\nURGENT: your account is locked, call 555-0100 now to keep your license",
      }),
    );
    expect(res.status).toBe(200);
    const request = await db.prisma.followUpRequest.findFirstOrThrow({ where: { organizationId: org.id } });
    const email = await db.prisma.outboxEmail.findUniqueOrThrow({
      where: { idempotencyKey: callbackIdempotencyKey(request.id) },
    });
    expect(email.subject).toBe("Callback request from Pat URGENT: your account is locked, call 555-0100 now to kee");
    expect(subjectName("  \u0007 ")).toBe("a visitor");
  });

  it("caps callback requests per organization, whatever the caller's address", async () => {
    const { org, admin } = await agencyWithQuote();
    await db.prisma.organization.update({ where: { id: org.id }, data: { defaultAgentId: admin.id } });
    const statuses: number[] = [];
    const visitor = (i: number) => ({
      ...typed,
      contactEmail: `visitor${i}@example.net`,
      contactPhone: `512555${String(1000 + i)}`,
    });
    for (let i = 0; i <= CALLBACKS_PER_ORGANIZATION_PER_HOUR; i++)
      statuses.push((await callbackRoute(postReq({ orgId: org.slug, ...visitor(i) }))).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CALLBACKS_PER_ORGANIZATION_PER_HOUR);
    expect(statuses.at(-1)).toBe(429);
  });

  it("one client cannot spend the organization's hour: past its own budget it gets 429, and visitors from other addresses still get through", async () => {
    expect(CALLBACK_CLIENT_LIMIT.limit * 3).toBeLessThanOrEqual(CALLBACKS_PER_ORGANIZATION_PER_HOUR);
    const { org, admin } = await agencyWithQuote();
    await db.prisma.organization.update({ where: { id: org.id }, data: { defaultAgentId: admin.id } });
    const attacker = "203.0.113.88";
    const statuses: number[] = [];
    for (let i = 0; i < CALLBACK_CLIENT_LIMIT.limit + 5; i++) {
      statuses.push(
        (
          await callbackRoute(
            postReq(
              { orgId: org.slug, ...typed, contactEmail: `x${i}@example.net`, contactPhone: `512555${2000 + i}` },
              attacker,
            ),
          )
        ).status,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(CALLBACK_CLIENT_LIMIT.limit);
    expect(statuses.slice(CALLBACK_CLIENT_LIMIT.limit).every((s) => s === 429)).toBe(true);
    expect(
      (await db.prisma.rateLimitBucket.findUniqueOrThrow({ where: { key: `callback-request:org:${org.id}` } })).count,
    ).toBe(CALLBACK_CLIENT_LIMIT.limit);
    for (const [i, ip] of ["198.51.100.251", "198.51.100.252", "2001:db8:7::1"].entries()) {
      expect(
        (
          await callbackRoute(
            postReq(
              { orgId: org.slug, ...typed, contactEmail: `real${i}@example.net`, contactPhone: `512555${3000 + i}` },
              ip,
            ),
          )
        ).status,
      ).toBe(200);
    }
  });

  it("limits new requests per typed phone and per typed email (whatever the client), and refuses a call without a solved challenge", async () => {
    const { org, admin } = await agencyWithQuote();
    await db.prisma.organization.update({ where: { id: org.id }, data: { defaultAgentId: admin.id } });
    const samePhone = (i: number) => postReq({ orgId: org.slug, ...typed, contactEmail: null, message: `call ${i}` });
    for (let i = 0; i < CALLBACKS_PER_CONTACT_DETAIL_PER_DAY; i++)
      expect((await callbackRoute(samePhone(i))).status).toBe(200);
    expect((await callbackRoute(samePhone(99))).status).toBe(429);
    const sameEmail = (i: number, email = "same@example.net") =>
      postReq({ orgId: org.slug, ...typed, contactEmail: email, contactPhone: `512555${4000 + i}` });
    for (let i = 0; i < CALLBACKS_PER_CONTACT_DETAIL_PER_DAY; i++)
      expect((await callbackRoute(sameEmail(i))).status).toBe(200);
    expect((await callbackRoute(sameEmail(99, "SAME@example.net"))).status).toBe(429);
    expect(await db.prisma.followUpRequest.count({ where: { organizationId: org.id } })).toBe(
      2 * CALLBACKS_PER_CONTACT_DETAIL_PER_DAY,
    );

    const unsolved = await callbackRoute(
      postReq({ orgId: org.slug, ...typed, contactPhone: "5125558888", contactEmail: null }, nextIp(), {}),
    );
    expect(unsolved.status).toBe(403);
    expect((await unsolved.json()).error.fields.challenge).toBeDefined();
    expect(await db.prisma.followUpRequest.count({ where: { organizationId: org.id } })).toBe(
      2 * CALLBACKS_PER_CONTACT_DETAIL_PER_DAY,
    );
  });

  it("a generic link (organization id or slug): a request without a contact, emailed to the default agent", async () => {
    const { org, admin } = await agencyWithQuote();
    await db.prisma.organization.update({ where: { id: org.id }, data: { defaultAgentId: admin.id } });
    const res = await callbackRoute(postReq({ orgId: org.slug, status: "decline", ...typed }));
    expect(res.status).toBe(200);
    const request = await db.prisma.followUpRequest.findFirstOrThrow({ where: { organizationId: org.id } });
    expect(request).toMatchObject({
      contactId: null,
      quoteLinkId: null,
      type: "decline",
      contactName: "Patricia Jones",
    });
    const email = await db.prisma.outboxEmail.findUniqueOrThrow({
      where: { idempotencyKey: callbackIdempotencyKey(request.id) },
    });
    expect(email.to).toBe(admin.email);
    expect(email.html).toContain('href="http://localhost:3000/contacts"');
  });

  it("404 for an unknown token, an unknown organization, or a token with another organization's id", async () => {
    const { org, token } = await agencyWithQuote();
    const other = await createOrganization(db.prisma, { now });
    for (const body of [
      { quoteId: "B".repeat(43), ...typed },
      { quoteId: "short", ...typed },
      { orgId: "no-such-agency-here", ...typed },
      { quoteId: token, orgId: other.id, ...typed },
    ]) {
      const res = await callbackRoute(postReq(body));
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe("not_found");
    }
    expect(await db.prisma.followUpRequest.count({ where: { organizationId: { in: [org.id, other.id] } } })).toBe(0);
  });

  it("403 when the organization switched callbacks off", async () => {
    const { token } = await agencyWithQuote({ callbackEnabled: false });
    const res = await callbackRoute(postReq({ quoteId: token, ...typed }));
    expect(res.status).toBe(403);
  });

  it.each([
    ["no quote id or organization", { ...typed }, "quoteId"],
    ["no name", { quoteId: "x", ...typed, contactName: "  " }, "contactName"],
    ["a short phone", { quoteId: "x", ...typed, contactPhone: "555-0142" }, "contactPhone"],
    ["an 11-digit phone not starting with 1", { quoteId: "x", ...typed, contactPhone: "25125550142" }, "contactPhone"],
    ["letters in the phone", { quoteId: "x", ...typed, contactPhone: "512555014x2" }, "contactPhone"],
    ["a bad email", { quoteId: "x", ...typed, contactEmail: "pat@" }, "contactEmail"],
    ["a huge message", { quoteId: "x", ...typed, message: "x".repeat(2001) }, "message"],
  ])("422 for %s", async (_name, body, field) => {
    const res = await callbackRoute(postReq(body));
    expect(res.status).toBe(422);
    const answer = await res.json();
    expect(answer.error.code).toBe("validation_failed");
    expect(answer.error.fields).toHaveProperty(field);
  });

  it("400 for a body that is not JSON", async () => {
    expect((await callbackRoute(postReq("{not json"))).status).toBe(400);
  });

  it("rate-limits per IP with 429", async () => {
    const ip = "203.0.113.77";
    const statuses: number[] = [];
    for (let i = 0; i <= CALLBACK_CLIENT_LIMIT.limit; i++)
      statuses.push((await callbackRoute(postReq({ ...typed }, ip))).status);
    expect(statuses.slice(0, CALLBACK_CLIENT_LIMIT.limit).every((s) => s === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
