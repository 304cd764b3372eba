import { NextRequest } from "next/server";
import { GET as decodeRoute } from "@/app/api/quotes/decode/[id]/route";
import * as generateModule from "@/app/api/quotes/generate/[contactId]/route";
import { createQuoteLink, findQuoteLink, QUOTE_LINK_DAYS, QUOTE_NOT_FOUND_MESSAGE } from "@/lib/quotes/quote-links";
import { recordQuoteView } from "@/lib/tracking/quote-views";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
let n = 0;
const req = (path: string, cookie?: string, method = "GET") =>
  new NextRequest(`http://localhost${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), "x-forwarded-for": `203.0.113.${++n % 250}` },
  });
const generateRoute = generateModule.POST;
/** The app's own call: a POST without a body. */
const generateReq = (path: string, cookie?: string) => req(path, cookie, "POST");
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

/** The admin sets the agency up a minute before the agent joins (the first active user is the admin). */
async function agency(at = now) {
  const setUp = new Date(at.getTime() - 60_000);
  const org = await createOrganization(db.prisma, { now: setUp });
  const admin = await createUser(db.prisma, org.id, { now: setUp, isAdmin: true });
  const agent = await createUser(db.prisma, org.id, { now: at });
  return {
    org,
    admin,
    agent,
    adminCookie: (await createSession(db.prisma, admin.id, { now: at })).cookie,
    agentCookie: (await createSession(db.prisma, agent.id, { now: at })).cookie,
  };
}

describe("createQuoteLink / findQuoteLink", () => {
  it("stores an unguessable token for 90 days and finds the link with its contact and organization", async () => {
    const now = new Date("2026-05-10T15:00:00Z");
    const { org } = await agency(now);
    const contact = await createContact(db.prisma, org.id, { now });
    const a = await createQuoteLink({ organizationId: org.id, contactId: contact.id, planType: "N", now });
    const b = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now });
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.url).toBe(`http://localhost:3000/compare?id=${a.token}`);
    const row = await db.prisma.quoteLink.findUniqueOrThrow({ where: { token: a.token } });
    expect(row).toMatchObject({ organizationId: org.id, contactId: contact.id, planType: "N", viewCount: 0 });
    expect(row.expiresAt!.getTime() - now.getTime()).toBe(QUOTE_LINK_DAYS * 86_400_000);

    const found = await findQuoteLink(a.token, now);
    expect(found).toMatchObject({ link: { id: row.id }, contact: { id: contact.id }, organization: { id: org.id } });
  });

  it("finds nothing for an unknown, malformed or expired token, or once the contact is deleted", async () => {
    const now = new Date("2026-05-10T15:00:00Z");
    const { org } = await agency(now);
    const contact = await createContact(db.prisma, org.id, { now });
    const { token } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now });
    expect(await findQuoteLink("A".repeat(43), now)).toBeNull();
    expect(await findQuoteLink("not-a-token", now)).toBeNull();
    expect(await findQuoteLink(token, new Date(now.getTime() + (QUOTE_LINK_DAYS + 1) * 86_400_000))).toBeNull();
    await db.prisma.contact.delete({ where: { id: contact.id } });
    expect(await findQuoteLink(token, now)).toBeNull();
  });

  it("refuses another organization's contact", async () => {
    const { org } = await agency();
    const other = await createOrganization(db.prisma, { now });
    const foreign = await createContact(db.prisma, other.id, { now });
    await expect(
      createQuoteLink({ organizationId: org.id, contactId: foreign.id, now: new Date() }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("records a view: count, last viewed and a tracking click", async () => {
    const { org } = await agency();
    const contact = await createContact(db.prisma, org.id, { now });
    const { token } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now });
    await recordQuoteView({ found: (await findQuoteLink(token, now))!, now, path: "/compare" });
    await recordQuoteView({ found: (await findQuoteLink(token, now))!, now, path: "/compare" });
    const link = await db.prisma.quoteLink.findUniqueOrThrow({ where: { token } });
    expect(link.viewCount).toBe(2);
    expect(link.lastViewedAt).toEqual(now);
    const clicks = await db.prisma.trackingClick.findMany({ where: { quoteLinkId: link.id } });
    expect(clicks).toHaveLength(2);
    expect(clicks[0]).toMatchObject({
      organizationId: org.id,
      contactId: contact.id,
      clickedAt: now,
      trackingId: `quote-${org.id}-${contact.id}-${link.createdAt.getTime()}`,
    });
  });
});

describe("POST /api/quotes/generate/{contactId}", () => {
  it("is not a GET: a link is a write, and a cross-site navigation must not make one", () => {
    expect(Object.keys(generateModule).filter((name) => /^(GET|HEAD)$/.test(name))).toEqual([]);
  });

  it("answers a quote id and the compare URL", async () => {
    const { org, adminCookie } = await agency();
    const contact = await createContact(db.prisma, org.id, { now });
    const res = await generateRoute(
      generateReq(`/api/quotes/generate/${contact.id}`, adminCookie),
      ctx({ contactId: contact.id }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.redirectUrl).toBe(`http://localhost:3000/compare?id=${body.quoteId}`);
    expect(
      await db.prisma.quoteLink.count({
        where: { token: body.quoteId, contactId: contact.id, organizationId: org.id },
      }),
    ).toBe(1);
  });

  it("answers 404 for another organization's contact and for another agent's contact; 401 without a session", async () => {
    const { org, admin, agent, agentCookie, adminCookie } = await agency();
    const foreign = await createContact(db.prisma, (await createOrganization(db.prisma, { now })).id, { now });
    const mine = await createContact(db.prisma, org.id, { now, agentId: agent.id });
    const theirs = await createContact(db.prisma, org.id, { now, agentId: admin.id });
    expect(
      (
        await generateRoute(
          generateReq(`/api/quotes/generate/${foreign.id}`, adminCookie),
          ctx({ contactId: foreign.id }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await generateRoute(
          generateReq(`/api/quotes/generate/${theirs.id}`, agentCookie),
          ctx({ contactId: theirs.id }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await generateRoute(generateReq(`/api/quotes/generate/${mine.id}`, agentCookie), ctx({ contactId: mine.id })))
        .status,
    ).toBe(200);
    expect(
      (await generateRoute(generateReq(`/api/quotes/generate/${mine.id}`), ctx({ contactId: mine.id }))).status,
    ).toBe(401);
    expect(await db.prisma.quoteLink.count({ where: { contactId: { in: [foreign.id, theirs.id] } } })).toBe(0);
  });
});

describe("GET /api/quotes/decode/{id}", () => {
  it("answers the decoded quote: contact, agent (assigned → default → first active) and branding", async () => {
    const { org, admin, agent } = await agency();
    await db.prisma.organization.update({
      where: { id: org.id },
      data: {
        brandName: "Lee Insurance",
        phone: "5125550100",
        carrierContracts: ["Humana"],
        defaultAgentId: admin.id,
        signature: "The Lee team",
        orgSignature: true,
      },
    });
    const contact = await createContact(db.prisma, org.id, { now, agentId: agent.id, firstName: "Ada" });
    await db.prisma.contact.update({
      where: { id: contact.id },
      data: {
        birthDate: new Date("1956-03-15T00:00:00Z"),
        zipCode: "78701",
        gender: "F",
        tobaccoUser: true,
        currentCarrier: "Aetna",
        planType: "G",
      },
    });
    const { token } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now: new Date() });

    const res = await decodeRoute(req(`/api/quotes/decode/${token}`), ctx({ id: token }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      contact: {
        id: contact.id,
        firstName: "Ada",
        email: contact.email,
        gender: "F",
        tobacco: true,
        state: "TX",
        zipCode: "78701",
        currentCarrier: "Aetna",
        planType: "G",
        dateOfBirth: "1956-03-15",
      },
      agent: { email: agent.email, firstName: "Test" },
      orgId: org.id,
      orgSlug: org.slug,
      orgName: "Lee Insurance",
      orgLogo: null,
      orgPhone: "5125550100",
      orgSignature: true,
      orgSignatureText: "The Lee team",
      carrierContracts: ["Humana"],
      forceOrgSenderDetails: true,
      hideMedicareAdvantage: false,
    });
    expect(body.contact.age).toBeGreaterThanOrEqual(70);

    // Unassigned: the default agent; no default agent: the first active user.
    await db.prisma.contact.update({ where: { id: contact.id }, data: { agentId: null } });
    expect((await (await decodeRoute(req(`/api/quotes/decode/${token}`), ctx({ id: token }))).json()).agent.email).toBe(
      admin.email,
    );
    await db.prisma.organization.update({ where: { id: org.id }, data: { defaultAgentId: null } });
    expect((await (await decodeRoute(req(`/api/quotes/decode/${token}`), ctx({ id: token }))).json()).agent.email).toBe(
      admin.email,
    );
  });

  it("answers 404 with the spec's message for an unknown, malformed or expired link", async () => {
    const { org } = await agency();
    const contact = await createContact(db.prisma, org.id, { now });
    const { token } = await createQuoteLink({
      organizationId: org.id,
      contactId: contact.id,
      now: new Date(Date.now() - (QUOTE_LINK_DAYS + 1) * 86_400_000),
    });
    for (const id of [token, "B".repeat(43), "nope"]) {
      const res = await decodeRoute(req(`/api/quotes/decode/${id}`), ctx({ id }));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: QUOTE_NOT_FOUND_MESSAGE } });
    }
  });

  it("treats orgId as a cross-check: the link's own organization (id or slug) passes, another one answers 404", async () => {
    const { org } = await agency();
    const contact = await createContact(db.prisma, org.id, { now });
    const { token } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now: new Date() });
    const other = await createOrganization(db.prisma, { now });
    expect((await decodeRoute(req(`/api/quotes/decode/${token}?orgId=${org.id}`), ctx({ id: token }))).status).toBe(
      200,
    );
    expect(
      (await decodeRoute(req(`/api/quotes/decode/${token}?orgId=${org.slug}&tid=em-x`), ctx({ id: token }))).status,
    ).toBe(200);
    expect((await decodeRoute(req(`/api/quotes/decode/${token}?orgId=${other.id}`), ctx({ id: token }))).status).toBe(
      404,
    );
  });
});
