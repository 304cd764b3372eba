import { NextRequest } from "next/server";
import { GET as clickGet } from "@/app/api/t/click/[id]/route";
import { GET as openGet } from "@/app/api/t/open/[id]/route";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization } from "@/lib/testing/factories";
import { allowedRedirectTarget, clickTrackingUrl, openPixelUrl, scheduledEmailIdFrom, TRACKING_GIF } from "@/lib/tracking/email-tracking";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
const APP = "http://localhost:3000";
let ip = 0;
const headers = () => ({ "x-forwarded-for": `10.8.0.${++ip}`, "user-agent": "Mail/1.0" });

const open = (idParam: string) => openGet(new NextRequest(`http://localhost/api/t/open/${idParam}`, { headers: headers() }), { params: Promise.resolve({ id: idParam }) });
const click = (id: string, u?: string) =>
  clickGet(new NextRequest(`http://localhost/api/t/click/${id}${u === undefined ? "" : `?u=${encodeURIComponent(u)}`}`, { headers: headers() }), { params: Promise.resolve({ id }) });

async function sentEmail(status: "sent" | "pending" = "sent") {
  const org = await createOrganization(db.prisma, { now });
  const contact = await createContact(db.prisma, org.id, { now });
  const trackingId = `quote-${org.id}-${contact.id}-${now.getTime()}`;
  const email = await db.prisma.scheduledEmail.create({
    data: { organizationId: org.id, contactId: contact.id, emailType: "birthday", scheduledSendDate: now, scheduledSendAt: now, status, idempotencyKey: `k-${contact.id}`, trackingId, sentAt: status === "sent" ? now : null },
  });
  return { org, contact, email, trackingId };
}

describe("allowedRedirectTarget (no open redirect)", () => {
  it.each([
    ["/compare?id=abc&tid=t", `${APP}/compare?id=abc&tid=t`],
    [`${APP}/compare?id=abc`, `${APP}/compare?id=abc`],
    [`${APP}/compare/abc`, `${APP}/compare/abc`],
    [`${APP}/schedule?id=abc`, `${APP}/schedule?id=abc`],
    [`${APP}/eligibility?id=abc`, `${APP}/eligibility?id=abc`],
  ])("allows %s", (raw, expected) => expect(allowedRedirectTarget(raw, APP)).toBe(expected));

  it.each([
    "https://evil.example/compare",
    "//evil.example/compare",
    "/\\evil.example/compare",
    "http://localhost:3001/compare",
    "https://localhost:3000/compare",
    `${APP}.evil.example/compare`,
    `http://user:pw@localhost:3000/compare`,
    `${APP}/dashboard`,
    `${APP}/comparex`,
    `${APP}/compare/../contacts`,
    `${APP}/api/unsubscribe`,
    "javascript:alert(1)",
    "",
    undefined,
  ])("refuses %s", (raw) => expect(allowedRedirectTarget(raw, APP)).toBeNull());

  it("builds the URLs the templates carry", () => {
    expect(openPixelUrl("11111111-1111-4111-8111-111111111111")).toBe(`${APP}/api/t/open/11111111-1111-4111-8111-111111111111.gif`);
    expect(clickTrackingUrl("11111111-1111-4111-8111-111111111111", `${APP}/compare?id=a&tid=b`)).toBe(`${APP}/api/t/click/11111111-1111-4111-8111-111111111111?u=${encodeURIComponent(`${APP}/compare?id=a&tid=b`)}`);
    expect(scheduledEmailIdFrom("11111111-1111-4111-8111-111111111111.gif")).toBe("11111111-1111-4111-8111-111111111111");
    expect(scheduledEmailIdFrom("nope.gif")).toBeNull();
    expect(allowedRedirectTarget(`/compare?x=${"x".repeat(2000)}`, APP)).toBeNull();
  });
});

describe("GET /api/t/open/{id}.gif", () => {
  it("answers a never-cached 1x1 gif and records 'opened' once per email", async () => {
    const { email } = await sentEmail();
    for (let i = 0; i < 3; i++) {
      const res = await open(`${email.id}.gif`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/gif");
      expect(res.headers.get("cache-control")).toContain("no-store");
      expect(Buffer.from(await res.arrayBuffer()).equals(TRACKING_GIF)).toBe(true);
    }
    const events = await db.prisma.emailEvent.findMany({ where: { scheduledEmailId: email.id } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "opened", organizationId: email.organizationId, contactId: email.contactId });
  });

  it("answers the gif for an unknown id, a junk id or an unsent email, writing nothing", async () => {
    const { email } = await sentEmail("pending");
    const before = await db.prisma.emailEvent.count();
    for (const id of ["22222222-2222-4222-8222-222222222222.gif", "junk.gif", `${email.id}.gif`]) {
      const res = await open(id);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/gif");
    }
    expect(await db.prisma.emailEvent.count()).toBe(before);
  });
});

describe("GET /api/t/click/{id}?u=…", () => {
  it("records the click under the email's tracking id and redirects to the compare page", async () => {
    const { email, trackingId, org, contact } = await sentEmail();
    const link = await db.prisma.quoteLink.create({ data: { organizationId: org.id, contactId: contact.id, token: "q".repeat(43) } });
    const target = `${APP}/compare?id=${link.token}&tid=${trackingId}`;
    const res = await click(email.id, target);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(target);
    await click(email.id, target);
    const clicks = await db.prisma.trackingClick.findMany({ where: { contactId: contact.id } });
    expect(clicks).toHaveLength(2);
    expect(clicks[0]).toMatchObject({ organizationId: org.id, trackingId, quoteLinkId: link.id, path: "/compare", userAgent: "Mail/1.0" });
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: email.id, type: "clicked" } })).toBe(1);
  });

  it("never redirects off the allow-list: a foreign target goes home and writes nothing", async () => {
    const { email, contact } = await sentEmail();
    for (const u of ["https://evil.example/compare", "//evil.example/x", `${APP}/dashboard`, undefined]) {
      const res = await click(email.id, u);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`${APP}/`);
    }
    expect(await db.prisma.trackingClick.count({ where: { contactId: contact.id } })).toBe(0);
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: email.id } })).toBe(0);
  });

  it("an unknown id redirects home without writing", async () => {
    const before = await db.prisma.trackingClick.count();
    const res = await click("33333333-3333-4333-8333-333333333333", `${APP}/compare?id=abc`);
    expect(res.headers.get("location")).toBe(`${APP}/`);
    expect(await db.prisma.trackingClick.count()).toBe(before);
  });

  it("does not link another organization's quote link to the click", async () => {
    const { email, trackingId, contact } = await sentEmail();
    const other = await sentEmail();
    const foreignLink = await db.prisma.quoteLink.create({ data: { organizationId: other.org.id, contactId: other.contact.id, token: "z".repeat(43) } });
    await click(email.id, `${APP}/compare?id=${foreignLink.token}&tid=${trackingId}`);
    expect((await db.prisma.trackingClick.findFirstOrThrow({ where: { contactId: contact.id } })).quoteLinkId).toBeNull();
  });
});
