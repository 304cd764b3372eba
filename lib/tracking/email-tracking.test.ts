import { NextRequest } from "next/server";
import { GET as clickGet } from "@/app/api/t/click/[id]/route";
import { GET as openGet } from "@/app/api/t/open/[id]/route";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization } from "@/lib/testing/factories";
import {
  allowedRedirectTarget,
  clickTrackingParam,
  clickTrackingUrl,
  openPixelParam,
  openPixelUrl,
  trackingParamParts,
  trackingSignature,
  TRACKING_GIF,
  verifiedClickId,
  verifiedOpenId,
} from "@/lib/tracking/email-tracking";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
const APP = "http://localhost:3000";
let ip = 0;
const headers = () => ({ "x-forwarded-for": `10.8.0.${++ip}`, "user-agent": "Mail/1.0" });

const open = (idParam: string) =>
  openGet(new NextRequest(`http://localhost/api/t/open/${idParam}`, { headers: headers() }), {
    params: Promise.resolve({ id: idParam }),
  });
const click = (id: string, u?: string) =>
  clickGet(
    new NextRequest(`http://localhost/api/t/click/${id}${u === undefined ? "" : `?u=${encodeURIComponent(u)}`}`, {
      headers: headers(),
    }),
    { params: Promise.resolve({ id }) },
  );

async function sentEmail(status: "sent" | "pending" = "sent", sendMode: "production" | "test" = "production") {
  const org = await createOrganization(db.prisma, { now });
  const contact = await createContact(db.prisma, org.id, { now });
  const trackingId = `quote-${org.id}-${contact.id}-${now.getTime()}`;
  const email = await db.prisma.scheduledEmail.create({
    data: {
      organizationId: org.id,
      contactId: contact.id,
      emailType: "birthday",
      scheduledSendDate: now,
      scheduledSendAt: now,
      status,
      sendMode,
      idempotencyKey: `k-${contact.id}`,
      trackingId,
      sentAt: status === "sent" ? now : null,
    },
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

  it("refuses a target too long to be ours", () => {
    expect(allowedRedirectTarget(`/compare?x=${"x".repeat(2000)}`, APP)).toBeNull();
  });
});

describe("signed tracking URLs", () => {
  const ID = "11111111-1111-4111-8111-111111111111";
  const target = `${APP}/compare?id=a&tid=b`;

  it("builds the URLs the templates carry: the id and a signature over it (and the click's target)", () => {
    const openSignature = trackingSignature(["open", ID]);
    const clickSignature = trackingSignature(["click", ID, target]);
    expect(openSignature).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(openPixelUrl(ID)).toBe(`${APP}/api/t/open/${ID}.${openSignature}.gif`);
    expect(clickTrackingUrl(ID, target)).toBe(
      `${APP}/api/t/click/${ID}.${clickSignature}?u=${encodeURIComponent(target)}`,
    );
    expect(
      new Set([openSignature, clickSignature, trackingSignature(["click", ID, `${APP}/compare?id=x&tid=b`])]).size,
    ).toBe(3);
  });

  it("the key comes from AUTH_SECRET: another secret signs differently", () => {
    expect(trackingSignature(["open", ID], "x".repeat(32))).not.toBe(trackingSignature(["open", ID], "y".repeat(32)));
  });

  it("verifies only what it signed", () => {
    const open = openPixelParam(ID);
    const click = clickTrackingParam(ID, target);
    expect(verifiedOpenId(open)).toBe(ID);
    expect(verifiedOpenId(open.toUpperCase())).toBeNull();
    expect(verifiedClickId(click, target)).toBe(ID);
    const other = "22222222-2222-4222-8222-222222222222";
    const tamper = (signature: string) => signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    for (const param of [
      `${ID}.gif`,
      ID,
      `${other}.${open.split(".")[1]}.gif`,
      `${ID}.${tamper(open.split(".")[1]!)}.gif`,
      `${ID}.${click.split(".")[1]}.gif`,
      `${ID}..gif`,
      "junk.gif",
      undefined,
    ]) {
      expect(verifiedOpenId(param)).toBeNull();
    }
    for (const [param, u] of [
      [click, `${APP}/compare?id=x&tid=b`],
      [ID, target],
      [`${other}.${click.split(".")[1]}`, target],
      [open.slice(0, -4), target],
      [click, undefined],
    ] as const) {
      expect(verifiedClickId(param, u)).toBeNull();
    }
  });

  it("reads the parts of a path parameter, signed or not", () => {
    expect(trackingParamParts(`${ID}.gif`)).toEqual({ id: ID, signature: null });
    expect(trackingParamParts(`${ID.toUpperCase()}.sig.gif`)).toEqual({ id: ID, signature: "sig" });
    expect(trackingParamParts(`${ID}.a.b.gif`)).toBeNull();
    expect(trackingParamParts("nope.gif")).toBeNull();
  });
});

describe("GET /api/t/open/{id}.gif", () => {
  it("answers a never-cached 1x1 gif and records 'opened' once per email", async () => {
    const { email } = await sentEmail();
    for (let i = 0; i < 3; i++) {
      const res = await open(openPixelParam(email.id));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/gif");
      expect(res.headers.get("cache-control")).toContain("no-store");
      expect(Buffer.from(await res.arrayBuffer()).equals(TRACKING_GIF)).toBe(true);
    }
    const events = await db.prisma.emailEvent.findMany({ where: { scheduledEmailId: email.id } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "opened",
      organizationId: email.organizationId,
      contactId: email.contactId,
    });
  });

  it("answers the gif for an unknown id, a junk id or an unsent email, writing nothing", async () => {
    const { email } = await sentEmail("pending");
    const before = await db.prisma.emailEvent.count();
    for (const id of [openPixelParam("22222222-2222-4222-8222-222222222222"), "junk.gif", openPixelParam(email.id)]) {
      const res = await open(id);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/gif");
    }
    expect(await db.prisma.emailEvent.count()).toBe(before);
  });

  it("answers the gif but records nothing for a sent email's bare id (unsigned, as before signing) or a forged signature", async () => {
    const { email } = await sentEmail();
    const forged = `${email.id}.${trackingSignature(["open", email.id], "not-our-secret".repeat(3))}.gif`;
    for (const id of [
      `${email.id}.gif`,
      forged,
      `${email.id}.${clickTrackingParam(email.id, `${APP}/compare`).split(".")[1]}.gif`,
    ]) {
      const res = await open(id);
      expect([res.status, res.headers.get("content-type")]).toEqual([200, "image/gif"]);
      expect(Buffer.from(await res.arrayBuffer()).equals(TRACKING_GIF)).toBe(true);
    }
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: email.id } })).toBe(0);
  });
});

describe("GET /api/t/click/{id}.{signature}?u=…", () => {
  it("records the click under the email's tracking id and redirects to the compare page", async () => {
    const { email, trackingId, org, contact } = await sentEmail();
    const link = await db.prisma.quoteLink.create({
      data: { organizationId: org.id, contactId: contact.id, token: "q".repeat(43) },
    });
    const target = `${APP}/compare?id=${link.token}&tid=${trackingId}`;
    const res = await click(clickTrackingParam(email.id, target), target);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(target);
    await click(clickTrackingParam(email.id, target), target);
    const clicks = await db.prisma.trackingClick.findMany({ where: { contactId: contact.id } });
    expect(clicks).toHaveLength(2);
    expect(clicks[0]).toMatchObject({
      organizationId: org.id,
      trackingId,
      quoteLinkId: link.id,
      path: "/compare",
      userAgent: "Mail/1.0",
    });
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: email.id, type: "clicked" } })).toBe(1);
  });

  it("a trial's [TEST] copy (opened and clicked by the agent) is not the contact's view: nothing recorded, the link still works", async () => {
    const { email, trackingId, contact } = await sentEmail("sent", "test");
    const target = `${APP}/compare?id=${"q".repeat(43)}&tid=${trackingId}`;
    const res = await click(clickTrackingParam(email.id, target), target);
    expect([res.status, res.headers.get("location")]).toEqual([302, target]);
    await open(openPixelParam(email.id));
    expect(await db.prisma.trackingClick.count({ where: { contactId: contact.id } })).toBe(0);
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: email.id } })).toBe(0);
  });

  it("never redirects off the allow-list: a foreign target goes home and writes nothing", async () => {
    const { email, contact } = await sentEmail();
    for (const u of ["https://evil.example/compare", "//evil.example/x", `${APP}/dashboard`, undefined]) {
      const res = await click(u === undefined ? email.id : clickTrackingParam(email.id, u), u);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`${APP}/`);
    }
    expect(await db.prisma.trackingClick.count({ where: { contactId: contact.id } })).toBe(0);
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: email.id } })).toBe(0);
  });

  it("an unknown id writes nothing; the answer is the allowed target's, whether the id exists or not", async () => {
    const before = await db.prisma.trackingClick.count();
    const target = `${APP}/compare?id=abc`;
    const res = await click(clickTrackingParam("33333333-3333-4333-8333-333333333333", target), target);
    expect(res.headers.get("location")).toBe(target);
    expect((await click("junk", "https://evil.example/")).headers.get("location")).toBe(`${APP}/`);
    expect(await db.prisma.trackingClick.count()).toBe(before);
  });

  it("a sent email's bare id (unsigned, as before signing), a forged signature or one for another target records nothing and still redirects to the allowed target", async () => {
    const { email, trackingId, contact } = await sentEmail();
    const target = `${APP}/compare?id=${"q".repeat(43)}&tid=${trackingId}`;
    const otherTarget = `${APP}/schedule?tid=${trackingId}`;
    const forged = `${email.id}.${trackingSignature(["click", email.id, target], "not-our-secret".repeat(3))}`;
    for (const [param, u] of [
      [email.id, target],
      [forged, target],
      [clickTrackingParam(email.id, target), otherTarget],
      [openPixelParam(email.id).slice(0, -4), target],
    ] as const) {
      const res = await click(param, u);
      expect([res.status, res.headers.get("location")]).toEqual([302, u]);
    }
    expect(await db.prisma.trackingClick.count({ where: { contactId: contact.id } })).toBe(0);
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: email.id } })).toBe(0);
  });

  it("does not link another organization's quote link to the click", async () => {
    const { email, trackingId, contact } = await sentEmail();
    const other = await sentEmail();
    const foreignLink = await db.prisma.quoteLink.create({
      data: { organizationId: other.org.id, contactId: other.contact.id, token: "z".repeat(43) },
    });
    const target = `${APP}/compare?id=${foreignLink.token}&tid=${trackingId}`;
    await click(clickTrackingParam(email.id, target), target);
    expect(
      (await db.prisma.trackingClick.findFirstOrThrow({ where: { contactId: contact.id } })).quoteLinkId,
    ).toBeNull();
  });
});
