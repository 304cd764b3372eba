import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import * as verifyModule from "@/app/api/auth/verify/[orgSlug]/[token]/route";
import { POST as createContactRoute } from "@/app/api/contacts/create/route";
import { POST as unsubscribeRoute } from "@/app/api/unsubscribe/route";
import { POST as waitlistRoute } from "@/app/api/waitlist/route";
import { hashVerificationToken } from "@/lib/auth/magic-link";
import { createUnsubscribeToken } from "@/lib/consent/unsubscribe-token";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

// The CSRF promises of docs/security.md, kept through real routes: a public form (the waitlist), a
// signed-in write (a new contact), the sign-in link (once a GET) and the one-click unsubscribe.
const db = setupTestDatabase();
// The routes read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
const APP = "http://localhost:3000"; // APP_URL in tests
const EVIL = "https://evil.example";
let n = 0;

/** What a browser sends: the page's origin and fetch metadata, the session cookie when it has one. */
function call(
  path: string,
  {
    method = "POST",
    body,
    contentType,
    origin,
    site,
    cookie,
  }: { method?: string; body?: string; contentType?: string; origin?: string; site?: string; cookie?: string },
) {
  const headers: Record<string, string> = { "x-forwarded-for": `198.51.100.${++n % 250}` };
  if (contentType) headers["content-type"] = contentType;
  if (origin) headers.origin = origin;
  if (site) headers["sec-fetch-site"] = site;
  if (cookie) headers.cookie = cookie;
  return new NextRequest(`${APP}${path}`, { method, headers, body });
}
const noParams = { params: Promise.resolve({}) };

/** A text/plain form whose field name and value add up to JSON: what another page can post without a preflight. */
const formShapedLikeJson = (value: object) => JSON.stringify(value);

describe("a state-changing call from another origin", () => {
  const entry = () => ({
    name: "Mallory",
    email: `mallory.${++n}@example.test`,
    phone: "5125550100",
    numAgents: 1,
    bookSize: 100,
  });

  it("is refused by a public form route (403, the one error shape) and writes nothing", async () => {
    const value = entry();
    for (const origin of [EVIL, "http://blog.localhost:3000"]) {
      const res = await waitlistRoute(
        call("/api/waitlist", {
          body: formShapedLikeJson(value),
          contentType: "text/plain",
          origin,
          site: "cross-site",
        }),
        noParams,
      );
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: { code: "forbidden", message: "Cross-site requests are not allowed." },
      });
    }
    expect(await db.prisma.waitlistEntry.count({ where: { email: value.email } })).toBe(0);
  });

  it("is refused by a signed-in route even with the session cookie riding along, and writes nothing", async () => {
    const org = await createOrganization(db.prisma, { now });
    const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
    await db.prisma.organization.update({ where: { id: org.id }, data: { defaultAgentId: admin.id } });
    const { cookie } = await createSession(db.prisma, admin.id, { now });
    const contact = { firstName: "Forged", lastName: "Contact", email: `forged.${++n}@example.test` };
    const forged = await createContactRoute(
      call("/api/contacts/create", {
        body: formShapedLikeJson(contact),
        contentType: "text/plain",
        origin: EVIL,
        site: "cross-site",
        cookie,
      }),
      noParams,
    );
    expect(forged.status).toBe(403);
    // Without an Origin (an older browser) the fetch metadata says the same.
    const noOrigin = await createContactRoute(
      call("/api/contacts/create", {
        body: formShapedLikeJson(contact),
        contentType: "text/plain",
        site: "same-site",
        cookie,
      }),
      noParams,
    );
    expect(noOrigin.status).toBe(403);
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(0);

    // The app's own page: same origin, JSON.
    const own = await createContactRoute(
      call("/api/contacts/create", {
        body: JSON.stringify(contact),
        contentType: "application/json",
        origin: APP,
        site: "same-origin",
        cookie,
      }),
      noParams,
    );
    expect(own.status).toBe(200);
    expect(await db.prisma.contact.count({ where: { organizationId: org.id, email: contact.email } })).toBe(1);
  });
});

describe("a state-changing call from the app's own origin", () => {
  it("works with a JSON body, and is refused (415) when the body is a form or plain text", async () => {
    const value = {
      name: "Ann Lee",
      email: `ann.${++n}@example.test`,
      phone: "5125550101",
      numAgents: 2,
      bookSize: 300,
    };
    for (const contentType of [
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const res = await waitlistRoute(
        call("/api/waitlist", { body: JSON.stringify(value), contentType, origin: APP, site: "same-origin" }),
        noParams,
      );
      expect([contentType, res.status, (await res.json()).error.code]).toEqual([
        contentType,
        415,
        "unsupported_media_type",
      ]);
    }
    // A body without any content type is not JSON either.
    expect(
      (await waitlistRoute(call("/api/waitlist", { body: JSON.stringify(value), origin: APP }), noParams)).status,
    ).toBe(415);
    expect(await db.prisma.waitlistEntry.count({ where: { email: value.email } })).toBe(0);

    const ok = await waitlistRoute(
      call("/api/waitlist", {
        body: JSON.stringify(value),
        contentType: "application/json",
        origin: APP,
        site: "same-origin",
      }),
      noParams,
    );
    expect(ok.status).toBe(200);
    expect(await db.prisma.waitlistEntry.count({ where: { email: value.email } })).toBe(1);
  });
});

describe("POST /api/auth/verify/{orgSlug}/{token}", () => {
  async function loginLink() {
    const org = await createOrganization(db.prisma, { now });
    const user = await createUser(db.prisma, org.id, { now, isAdmin: true });
    const token = randomBytes(32).toString("hex");
    await db.prisma.verificationToken.create({
      data: {
        identifier: user.email,
        token: hashVerificationToken(token),
        expires: new Date(Date.now() + 15 * 60_000),
      },
    });
    return {
      path: `/api/auth/verify/${org.slug}/${token}`,
      ctx: { params: Promise.resolve({ orgSlug: org.slug, token }) },
      token,
    };
  }

  it("is not a GET: another site's link must not sign the visitor in to someone else's account", () => {
    expect(Object.keys(verifyModule).filter((name) => /^(GET|HEAD)$/.test(name))).toEqual([]);
  });

  it("signs in from the verify page and refuses another site", async () => {
    const theirs = await loginLink();
    const refused = await verifyModule.POST(call(theirs.path, { origin: EVIL, site: "cross-site" }), theirs.ctx);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(await db.prisma.verificationToken.count({ where: { token: hashVerificationToken(theirs.token) } })).toBe(1);

    const own = await verifyModule.POST(call(theirs.path, { origin: APP, site: "same-origin" }), theirs.ctx);
    expect(own.status).toBe(200);
    expect(own.headers.get("set-cookie")).toContain("authjs.session-token=");
  });
});

describe("POST /api/unsubscribe (RFC 8058 one-click)", () => {
  it("takes the mail provider's form post (a server: no Origin), and refuses the same form from another site", async () => {
    const org = await createOrganization(db.prisma, { now });
    const contact = await createContact(db.prisma, org.id, { now });
    const path = `/api/unsubscribe?t=${createUnsubscribeToken({ organizationId: org.id, contactId: contact.id })}`;
    const form = { body: "List-Unsubscribe=One-Click", contentType: "application/x-www-form-urlencoded" };
    expect((await unsubscribeRoute(call(path, { ...form, origin: EVIL, site: "cross-site" }), noParams)).status).toBe(
      403,
    );
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).unsubscribedAt).toBeNull();
    expect((await unsubscribeRoute(call(path, form), noParams)).status).toBe(200);
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).unsubscribedAt).not.toBeNull();
  });
});
