import { NextRequest } from "next/server";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { clientIp, withCron, withOrg, withPublic } from "@/lib/api/handler";
import { getContactOrThrow } from "@/lib/contacts/get-contact";
import { resetEnvForTests } from "@/lib/env";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();

function request(
  path: string,
  init: { method?: string; cookie?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return new NextRequest(`http://localhost${path}`, { method: init.method ?? "GET", headers, body: init.body });
}
const params = (value: Record<string, string>) => ({ params: Promise.resolve(value) });

const getContact = withOrg(
  ({ db, organizationId, params }) => getContactOrThrow({ db, organizationId, id: params.id }),
  {
    params: z.object({ id: z.uuid() }),
  },
);

async function signedInAgent(options: { isAdmin?: boolean } = {}) {
  const org = await createOrganization(db.prisma, { now });
  const user = await createUser(db.prisma, org.id, { now, isAdmin: options.isAdmin ?? false });
  const { cookie } = await createSession(db.prisma, user.id, { now });
  return { org, user, cookie };
}

describe("withOrg", () => {
  it("answers a signed-in caller with their own organization's record", async () => {
    const { org, cookie } = await signedInAgent();
    const contact = await createContact(db.prisma, org.id, { now, firstName: "Own" });
    const res = await getContact(request(`/api/contacts/${contact.id}`, { cookie }), params({ id: contact.id }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: contact.id, firstName: "Own" });
  });

  it("answers 404 for another organization's id, in the one error shape", async () => {
    const { cookie } = await signedInAgent();
    const other = await createOrganization(db.prisma, { now });
    const theirs = await createContact(db.prisma, other.id, { now });
    const res = await getContact(request(`/api/contacts/${theirs.id}`, { cookie }), params({ id: theirs.id }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Contact not found" } });
  });

  it("answers 404 for a malformed id", async () => {
    const { cookie } = await signedInAgent();
    const res = await getContact(request("/api/contacts/not-a-uuid", { cookie }), params({ id: "not-a-uuid" }));
    expect(res.status).toBe(404);
  });

  it("answers 401 without a session, with an expired session, and for a deactivated user", async () => {
    expect((await getContact(request("/api/contacts/x"), params({ id: "x" }))).status).toBe(401);
    const org = await createOrganization(db.prisma, { now });
    const user = await createUser(db.prisma, org.id, { now });
    const expired = await createSession(db.prisma, user.id, {
      now: new Date(now.getTime() - 86_400_000),
      expires: new Date(now.getTime() - 1000),
    });
    expect((await getContact(request("/api/contacts/x", { cookie: expired.cookie }), params({ id: "x" }))).status).toBe(
      401,
    );
    const inactive = await createUser(db.prisma, org.id, { now, isActive: false });
    const session = await createSession(db.prisma, inactive.id, { now });
    const res = await getContact(request("/api/contacts/x", { cookie: session.cookie }), params({ id: "x" }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "unauthorized", message: "Session expired. Please log in again." },
    });
  });

  it("answers 403 when the role is not allowed", async () => {
    const adminOnly = withOrg(async () => ({ ok: true }), { roles: ["admin"] });
    const agent = await signedInAgent();
    expect((await adminOnly(request("/api/settings", { cookie: agent.cookie }))).status).toBe(403);
    const admin = await signedInAgent({ isAdmin: true });
    expect((await adminOnly(request("/api/settings", { cookie: admin.cookie }))).status).toBe(200);
  });

  it("answers 422 with field errors for a bad body and 400 for a body that is not JSON", async () => {
    const create = withOrg(async ({ body }) => ({ received: body }), {
      body: z.object({
        firstName: z.string().min(1, "First name is required"),
        email: z.email("Please enter a valid email address"),
      }),
    });
    const { cookie } = await signedInAgent();
    const bad = await create(
      request("/api/contacts/create", {
        method: "POST",
        cookie,
        body: JSON.stringify({ firstName: "", email: "nope" }),
      }),
    );
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      error: {
        code: "validation_failed",
        message: "Some fields are invalid.",
        fields: { firstName: ["First name is required"], email: ["Please enter a valid email address"] },
      },
    });
    const notJson = await create(request("/api/contacts/create", { method: "POST", cookie, body: "{oops" }));
    expect(notJson.status).toBe(400);
    const ok = await create(
      request("/api/contacts/create", {
        method: "POST",
        cookie,
        body: JSON.stringify({ firstName: "Ann", email: "ann@example.com" }),
      }),
    );
    expect(await ok.json()).toEqual({ received: { firstName: "Ann", email: "ann@example.com" } });
  });

  it("answers 422 for a lone surrogate anywhere in the body or query, whatever the schema (it is not text)", async () => {
    const save = withOrg(async ({ body }) => ({ received: body }), {
      body: z.object({ settings: z.object({ brandName: z.string() }), tags: z.array(z.string()) }),
      query: z.object({ q: z.string().optional() }),
    });
    const { cookie } = await signedInAgent();
    // JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse turns back into one.
    const res = await save(
      request("/api/settings/org", {
        method: "PUT",
        cookie,
        body: JSON.stringify({ settings: { brandName: "Lee \uD800" }, tags: ["ok", "\uDC00"] }),
      }),
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: "validation_failed",
        message: "Contains characters that are not valid text.",
        fields: {
          "settings.brandName": ["Contains characters that are not valid text."],
          "tags.1": ["Contains characters that are not valid text."],
        },
      },
    });
    const paired = await save(
      request("/api/settings/org", {
        method: "PUT",
        cookie,
        body: JSON.stringify({ settings: { brandName: "Lee \u{1F600}" }, tags: [] }),
      }),
    );
    expect(paired.status).toBe(200);
  });

  it("answers 400 in the error shape, not a 500, when the route's params cannot be decoded", async () => {
    const { cookie } = await signedInAgent();
    const undecodable = Promise.reject(new URIError("URI malformed"));
    undecodable.catch(() => undefined);
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const res = await getContact(request("/api/contacts/%ff%fe", { cookie }), { params: undecodable });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: "bad_request", message: "The request path is not valid URL encoding." },
    });
    // A 500 on such a path is logged with the path as it came (the log line itself never throws).
    const failing = withOrg(async () => {
      throw new Error("boom");
    });
    expect((await failing(request("/api/contacts/%ff%fe", { cookie }))).status).toBe(500);
    expect(JSON.parse(String(spy.mock.calls.at(-1)?.[0]))).toMatchObject({ path: "/api/contacts/%ff%fe" });
    spy.mockRestore();
  });

  it("answers 413 for a body over the limit", async () => {
    const upload = withOrg(async () => ({ ok: true }), {
      body: z.object({ rows: z.array(z.string()) }),
      maxBodyBytes: 100,
    });
    const { cookie } = await signedInAgent();
    const res = await upload(
      request("/api/contacts/bulk-import", {
        method: "POST",
        cookie,
        body: JSON.stringify({ rows: Array(50).fill("x") }),
      }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: "payload_too_large", message: "The request is too large." } });
    const worded = withOrg(async () => ({ ok: true }), {
      body: z.object({ rows: z.array(z.string()) }),
      maxBodyBytes: 100,
      tooLargeMessage: "That part is too big.",
    });
    const res2 = await worded(
      request("/api/contacts/bulk-import", {
        method: "POST",
        cookie,
        body: JSON.stringify({ rows: Array(50).fill("x") }),
      }),
    );
    expect(await res2.json()).toEqual({ error: { code: "payload_too_large", message: "That part is too big." } });
  });

  it("answers 500 for an unknown error without leaking its message", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const broken = withOrg(async () => {
      throw new Error("connection to db-secret-host.internal failed for jane@example.com");
    });
    const { cookie } = await signedInAgent();
    const res = await broken(request("/api/anything", { cookie }));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "internal", message: "Something went wrong. Please try again." },
    });
    expect(text).not.toContain("db-secret-host");
    const logged = spy.mock.calls.map((c) => String(c[0])).join("\n");
    expect(logged).not.toContain("jane@example.com");
    expect(logged).not.toContain("db-secret-host");
    spy.mockRestore();
  });
});

describe("withPublic", () => {
  it("rate-limits per client IP with 429 and Retry-After, and the count survives in the database", async () => {
    const form = withPublic(async () => ({ success: true }), {
      rateLimit: { name: `test-form-${Date.now()}`, limit: 2, windowSeconds: 60 },
    });
    const from = (ip: string) => request("/api/contact-us", { method: "POST", headers: { "x-forwarded-for": ip } });
    expect((await form(from("203.0.113.9"))).status).toBe(200);
    expect((await form(from("203.0.113.9"))).status).toBe(200);
    const limited = await form(from("203.0.113.9"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await form(from("198.51.100.7"))).status).toBe(200);
  });

  // What scripts/serve.mjs hands the app: whatever X-Forwarded-For the client sent, then the socket's address.
  const fromSocket = (socket: string, clientWrote?: string) =>
    request("/api/contact-us", {
      method: "POST",
      headers: { "x-forwarded-for": clientWrote ? `${clientWrote}, ${socket}` : socket },
    });
  const randomAddress = () =>
    `${1 + Math.floor(Math.random() * 223)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

  it("keeps a client that writes its own X-Forwarded-For in its bucket: 60 fresh fake addresses, limited after the limit", async () => {
    const limit = 10;
    const form = withPublic(async () => ({ success: true }), {
      rateLimit: { name: `test-spoof-${Date.now()}`, limit, windowSeconds: 60 },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++)
      statuses.push((await form(fromSocket("203.0.113.77", `${randomAddress()}, ${randomAddress()}`))).status);
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
  });

  it("gives two direct clients (two socket addresses) a bucket each", async () => {
    const form = withPublic(async () => ({ success: true }), {
      rateLimit: { name: `test-direct-${Date.now()}`, limit: 1, windowSeconds: 60 },
    });
    expect((await form(fromSocket("198.51.100.1"))).status).toBe(200);
    expect((await form(fromSocket("198.51.100.1"))).status).toBe(429);
    expect((await form(fromSocket("198.51.100.2"))).status).toBe(200);
    // IPv6: the /64 is one subscriber, a neighbouring /64 another
    expect((await form(fromSocket("2001:db8:1:1::a"))).status).toBe(200);
    expect((await form(fromSocket("2001:db8:1:1::b"))).status).toBe(429);
    expect((await form(fromSocket("2001:db8:1:2::a"))).status).toBe(200);
  });

  describe("behind trusted proxies (TRUSTED_PROXIES)", () => {
    afterEach(() => {
      delete process.env.TRUSTED_PROXIES;
      delete process.env.TRUSTED_PROXY_HEADER;
      resetEnvForTests();
    });

    it("counts the client address the proxy forwarded, one bucket per client behind the same proxy", async () => {
      process.env.TRUSTED_PROXIES = "10.0.0.0/8";
      resetEnvForTests();
      const form = withPublic(async () => ({ success: true }), {
        rateLimit: { name: `test-proxied-${Date.now()}`, limit: 1, windowSeconds: 60 },
      });
      // client → load balancer 10.0.0.5 (appends the client) → our server (appends the load balancer)
      const viaProxy = (client: string, clientWrote?: string) =>
        fromSocket("10.0.0.5", clientWrote ? `${clientWrote}, ${client}` : client);
      expect((await form(viaProxy("203.0.113.10"))).status).toBe(200);
      expect((await form(viaProxy("203.0.113.10", randomAddress()))).status).toBe(429);
      expect((await form(viaProxy("203.0.113.11"))).status).toBe(200);
      expect(clientIp(viaProxy("203.0.113.12", "6.6.6.6"))).toBe("203.0.113.12");
    });

    it("reads the host's header when TRUSTED_PROXY_HEADER names it", () => {
      process.env.TRUSTED_PROXY_HEADER = "X-Vercel-Forwarded-For";
      resetEnvForTests();
      expect(
        clientIp(
          request("/x", { headers: { "x-vercel-forwarded-for": "203.0.113.20", "x-forwarded-for": "203.0.113.20" } }),
        ),
      ).toBe("203.0.113.20");
    });
  });

  it("puts requests without a usable address in one bucket, and never believes X-Real-IP on its own", () => {
    expect(clientIp(request("/x", { headers: { "x-forwarded-for": "<script>" } }))).toBe("unknown");
    expect(clientIp(request("/x", { headers: { "x-real-ip": "2001:db8::1" } }))).toBe("unknown");
  });

  it("maps an AppError to its status", async () => {
    const gone = withPublic(async () => {
      throw new AppError("not_found", "Quote not found or expired. Please try again or contact support.");
    });
    const res = await gone(request("/api/quotes/decode/x"));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: "not_found", message: "Quote not found or expired. Please try again or contact support." },
    });
  });
});

describe("CSRF rules of the wrappers (docs/security.md)", () => {
  const cross = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

  it("refuse a cross-site write before the session, the rate limit or the handler", async () => {
    const handler = jest.fn(async () => ({ ok: true }));
    const signedIn = withOrg(handler);
    const { cookie } = await signedInAgent();
    expect((await signedIn(request("/api/contacts", { method: "DELETE", cookie, headers: cross }))).status).toBe(403);
    // Without a session too: the answer is 403, not 401, and says nothing about the session.
    expect((await signedIn(request("/api/contacts", { method: "DELETE", headers: cross }))).status).toBe(403);
    const rateLimit = { name: `test-csrf-${Date.now()}`, limit: 1, windowSeconds: 60 };
    const form = withPublic(handler, { rateLimit });
    expect(
      (
        await form(
          request("/api/waitlist", { method: "POST", headers: { ...cross, "x-forwarded-for": "203.0.113.50" } }),
        )
      ).status,
    ).toBe(403);
    expect(await db.prisma.rateLimitBucket.count({ where: { key: { startsWith: rateLimit.name } } })).toBe(0);
    expect(handler).not.toHaveBeenCalled();
    // Reads stay open to links from anywhere.
    expect((await signedIn(request("/api/contacts", { cookie, headers: cross }))).status).toBe(200);
  });

  it("let the signed webhooks through whatever they send: their signature is the check", async () => {
    const webhook = withPublic(async () => ({ received: true }), { signedWebhook: true });
    expect(
      (
        await webhook(
          request("/api/webhooks/x", { method: "POST", headers: { ...cross, "content-type": "text/plain" } }),
        )
      ).status,
    ).toBe(200);
  });

  it("take another body type only where the route says so", async () => {
    const oneClick = withPublic(async () => ({ ok: true }), { acceptBodyTypes: ["application/x-www-form-urlencoded"] });
    const form = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } };
    expect((await oneClick(request("/api/unsubscribe", form))).status).toBe(200);
    const res = await withPublic(async () => ({ ok: true }))(request("/api/waitlist", form));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: {
        code: "unsupported_media_type",
        message: "The request body must be JSON (Content-Type: application/json).",
      },
    });
  });
});

describe("headers of every API answer", () => {
  it("say no-store and nosniff, on answers and errors alike, and keep a route's own Cache-Control", async () => {
    const { cookie } = await signedInAgent();
    const answers = [
      await withOrg(async () => ({ ok: true }))(request("/api/me", { cookie })),
      await withOrg(async () => ({ ok: true }))(request("/api/me")),
      await withPublic(async () => ({ ok: true }))(request("/api/health")),
      await withCron(async () => ({ ok: true }))(request("/api/cron/x")),
    ];
    for (const res of answers)
      expect([res.status, res.headers.get("cache-control"), res.headers.get("x-content-type-options")]).toEqual([
        res.status,
        "no-store",
        "nosniff",
      ]);
    const cached = await withPublic(
      async () => new Response("logo", { headers: { "cache-control": "public, max-age=3600" } }),
    )(request("/api/org/x/logo"));
    expect(cached.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("add HSTS when the app is served over https", async () => {
    const ok = withPublic(async () => ({ ok: true }));
    expect((await ok(request("/api/health"))).headers.get("strict-transport-security")).toBeNull();
    process.env.APP_URL = "https://app.gapwise.example";
    resetEnvForTests();
    try {
      expect((await ok(request("/api/health"))).headers.get("strict-transport-security")).toBe("max-age=31536000");
    } finally {
      delete process.env.APP_URL;
      resetEnvForTests();
    }
  });
});

describe("withCron", () => {
  afterEach(() => {
    delete process.env.CRON_SECRET;
    resetEnvForTests();
  });

  it("does not exist without CRON_SECRET and needs the bearer secret with it", async () => {
    const sweep = withCron(async () => ({ swept: 0 }));
    expect((await sweep(request("/api/cron/sweep"))).status).toBe(404);
    process.env.CRON_SECRET = "s3cret-for-tests";
    resetEnvForTests();
    expect((await sweep(request("/api/cron/sweep", { headers: { authorization: "Bearer wrong" } }))).status).toBe(401);
    const ok = await sweep(request("/api/cron/sweep", { headers: { authorization: "Bearer s3cret-for-tests" } }));
    expect(await ok.json()).toEqual({ swept: 0 });
  });
});
