import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { GET as meRoute } from "@/app/api/me/route";
import { seedPlans } from "@/lib/demo/seed-demo-agency";
import { setPrismaForTests } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { listApiRoutes, routeUrl } from "@/lib/testing/api-routes";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createUser } from "@/lib/testing/factories";
import { config, proxy } from "./proxy";

const db = setupTestDatabase();
const VALID_UNTIL = new Date("2099-01-01T00:00:00Z");
const EXPIRED_AT = new Date("2000-01-01T00:00:00Z");
const ORIGIN = "http://localhost:3000";

type Account = {
  plan?: string;
  onboardingCompleted?: boolean;
  isAdmin?: boolean;
  canManageBilling?: boolean;
  isActive?: boolean;
  expires?: Date;
};

/** A session cookie for a user of a new organization in the given stage. */
async function cookieFor({
  plan,
  onboardingCompleted = false,
  isAdmin = true,
  canManageBilling,
  isActive = true,
  expires = VALID_UNTIL,
}: Account) {
  // The proxy checks sessions against the wall clock; the records are written at that moment.
  const now = new Date();
  const org = await createOrganization(db.prisma, { now });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: { subscriptionTierId: plan ?? null, onboardingCompleted },
  });
  const user = await createUser(db.prisma, org.id, { now, isAdmin, canManageBilling, isActive });
  const sessionToken = randomBytes(32).toString("hex");
  await db.prisma.session.create({ data: { sessionToken, userId: user.id, expires } });
  return `authjs.session-token=${sessionToken}`;
}

async function open(path: string, cookie?: string) {
  const response = await proxy(new NextRequest(ORIGIN + path, { headers: cookie ? { cookie } : {} }));
  const location = response.headers.get("location");
  return {
    response,
    redirectedTo: location ? location.replace(ORIGIN, "") : null,
    passedThrough: response.headers.get("x-middleware-next") === "1",
  };
}

beforeAll(() => seedPlans());

describe("proxy: the stage table before a signed-in page renders", () => {
  it("sends a visitor without a session to /login", async () => {
    for (const path of ["/dashboard", "/contacts", "/contact/123", "/choose-plan", "/setup/settings"]) {
      const { response, redirectedTo } = await open(path);
      expect([path, response.status, redirectedTo]).toEqual([path, 307, "/login"]);
    }
  });

  it("sends a signed-in admin without a plan to /choose-plan, and lets them choose one", async () => {
    const cookie = await cookieFor({});
    expect((await open("/dashboard", cookie)).redirectedTo).toBe("/choose-plan");
    expect((await open("/setup/settings", cookie)).redirectedTo).toBe("/choose-plan");
    expect((await open("/choose-plan", cookie)).passedThrough).toBe(true);
  });

  it("sends an admin with a plan but unfinished setup to the setup wizard, and lets them through it", async () => {
    const cookie = await cookieFor({ plan: "pro" });
    expect((await open("/contacts", cookie)).redirectedTo).toBe("/setup/settings?plan=pro");
    expect((await open("/setup/settings?step=licensing", cookie)).passedThrough).toBe(true);
    expect((await open("/change-plan", cookie)).passedThrough).toBe(true);
  });

  it("lets a ready account through and says what the lookup cost (Server-Timing)", async () => {
    const cookie = await cookieFor({ plan: "basic", onboardingCompleted: true });
    const { passedThrough, response } = await open("/dashboard", cookie);
    expect(passedThrough).toBe(true);
    expect(response.headers.get("server-timing")).toMatch(/^proxy;dur=\d+(\.\d+)?$/);
  });

  it("sends an agent away from the admin screens to /contacts, and lets an admin open them", async () => {
    const agent = await cookieFor({ plan: "pro", onboardingCompleted: true, isAdmin: false });
    const admin = await cookieFor({ plan: "pro", onboardingCompleted: true, isAdmin: true });
    for (const path of [
      "/settings",
      "/add-agents",
      "/brand-settings",
      "/templanding",
      "/setup/add-agents",
      "/change-plan",
    ])
      expect([path, (await open(path, agent)).redirectedTo]).toEqual([path, "/contacts"]);
    for (const path of ["/settings", "/add-agents", "/brand-settings", "/templanding", "/change-plan"])
      expect([path, (await open(path, admin)).passedThrough]).toEqual([path, true]);
    for (const path of ["/profile", "/walkthrough"])
      expect([path, (await open(path, agent)).passedThrough]).toEqual([path, true]);
  });

  it("sends a user without the billing flag away from the billing page, and lets a holder of the flag open it", async () => {
    const agent = await cookieFor({ plan: "pro", onboardingCompleted: true, isAdmin: false });
    const flaggedAgent = await cookieFor({
      plan: "pro",
      onboardingCompleted: true,
      isAdmin: false,
      canManageBilling: true,
    });
    const unflaggedAdmin = await cookieFor({
      plan: "pro",
      onboardingCompleted: true,
      isAdmin: true,
      canManageBilling: false,
    });
    expect((await open("/stripe", agent)).redirectedTo).toBe("/contacts");
    expect((await open("/stripe", unflaggedAdmin)).redirectedTo).toBe("/contacts");
    expect((await open("/stripe", flaggedAgent)).passedThrough).toBe(true);
  });

  it("answers the plan and setup pages' own refusals with a real 307 before any page renders", async () => {
    const ready = await cookieFor({ plan: "pro", onboardingCompleted: true });
    const inSetup = await cookieFor({ plan: "pro" });
    const noPlan = await cookieFor({});
    for (const [path, cookie, target] of [
      ["/choose-plan", ready, "/change-plan"],
      ["/setup/settings", ready, "/contacts"],
      ["/setup/add-agents", ready, "/contacts"],
      ["/setup/add-agents", inSetup, "/setup/settings?step=agents"],
      ["/change-plan", noPlan, "/choose-plan"],
    ] as const) {
      const { response, redirectedTo } = await open(path, cookie);
      expect([path, response.status, redirectedTo]).toEqual([path, 307, target]);
    }
  });

  it.each([
    ["an unknown token", null],
    ["an expired session", { plan: "pro", onboardingCompleted: true, expires: EXPIRED_AT }],
    ["a deactivated user", { plan: "pro", onboardingCompleted: true, isActive: false }],
  ] as const)("sends %s to /login and expires the cookie (Secure where the name demands it)", async (_, account) => {
    const cookie = account ? await cookieFor(account) : "authjs.session-token=not-a-session";
    const { redirectedTo, response } = await open("/dashboard", cookie);
    expect(redirectedTo).toBe("/login");
    const cleared = response.cookies.getAll().map(({ name, value, path, secure, expires }) => ({
      name,
      value,
      path,
      secure,
      expired: expires !== undefined && new Date(expires).getTime() <= Date.now(),
    }));
    expect(cleared).toEqual([
      { name: "__Secure-authjs.session-token", value: "", path: "/", secure: true, expired: true },
      { name: "authjs.session-token", value: "", path: "/", secure: false, expired: true },
    ]);
  });

  it("leaves public pages alone, with or without a session (no lookup, no redirect)", async () => {
    const stale = "authjs.session-token=not-a-session";
    for (const path of ["/", "/login", "/signup", "/pricing", "/compare?demo=true", "/self-onboarding/some-agency"]) {
      for (const cookie of [undefined, stale]) {
        const { passedThrough, response } = await open(path, cookie);
        expect([
          path,
          passedThrough,
          response.headers.get("server-timing"),
          response.headers.get("set-cookie"),
        ]).toEqual([path, true, null, null]);
      }
    }
  });

  it("lets the request through to the page when the database is unreachable", async () => {
    const cookie = await cookieFor({ plan: "pro", onboardingCompleted: true });
    const unreachable = new PrismaClient({
      adapter: new PrismaPg({ connectionString: "postgres://nobody@127.0.0.1:1/none", connectionTimeoutMillis: 2_000 }),
    });
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    setPrismaForTests(unreachable);
    try {
      const { passedThrough, response } = await open("/settings", cookie);
      expect([passedThrough, response.headers.get("set-cookie")]).toEqual([true, null]);
      expect(JSON.parse(String(logged.mock.calls[0]?.[0]))).toMatchObject({
        level: "error",
        event: "proxy_stage_lookup_failed",
        path: "/settings",
      });
    } finally {
      setPrismaForTests(db.prisma);
      logged.mockRestore();
      await unreachable.$disconnect();
    }
  });
});

describe("proxy: the security headers of every page", () => {
  const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  /** The request headers the proxy hands the renderer (Next reads the nonce from the forwarded policy). */
  const forwarded = (response: Response, name: string) => response.headers.get(`x-middleware-request-${name}`);

  it("gives a signed-in page a policy with a fresh nonce, forwarded to the renderer, and no framing", async () => {
    const cookie = await cookieFor({ plan: "basic", onboardingCompleted: true });
    const first = (await open("/dashboard", cookie)).response;
    const csp = first.headers.get("content-security-policy");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(forwarded(first, "content-security-policy")).toBe(csp);
    expect(forwarded(first, "x-nonce")).toBe(nonceOf(csp));
    expect([
      first.headers.get("x-frame-options"),
      first.headers.get("x-content-type-options"),
      first.headers.get("referrer-policy"),
    ]).toEqual(["DENY", "nosniff", "strict-origin-when-cross-origin"]);
    const second = (await open("/dashboard", cookie)).response;
    expect(nonceOf(second.headers.get("content-security-policy"))).not.toBe(nonceOf(csp));
  });

  it("gives a consumer page (a token in its URL) no-referrer, a redirect and a 404 their headers too", async () => {
    for (const path of [
      "/compare?id=abc",
      "/unsubscribe?t=abc",
      "/auth/verify/agency/0123abcd",
      "/self-onboarding/agency",
    ]) {
      const { response } = await open(path);
      expect([path, response.headers.get("referrer-policy"), response.headers.get("x-content-type-options")]).toEqual([
        path,
        "no-referrer",
        "nosniff",
      ]);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
    const redirect = (await open("/dashboard")).response;
    expect([redirect.status, redirect.headers.get("x-frame-options")]).toEqual([307, "DENY"]);
    const missing = (await open("/dev/outbox")).response;
    expect(missing.status).toBe(404);
    expect(nonceOf(forwarded(missing, "content-security-policy"))).toBe(
      nonceOf(missing.headers.get("content-security-policy")),
    );
  });

  it("sends HSTS and upgrades requests when the app is served over https", async () => {
    process.env.APP_URL = "https://app.gapwise.example";
    resetEnvForTests();
    try {
      const { response } = await open("/login");
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    } finally {
      delete process.env.APP_URL;
      resetEnvForTests();
    }
    expect((await open("/login")).response.headers.get("strict-transport-security")).toBeNull();
  });

  it("leaves API routes to the wrapper, whose answers with personal data are no-store and nosniff", async () => {
    expect(unstable_doesMiddlewareMatch({ config, url: ORIGIN + "/api/me" })).toBe(false);
    const cookie = await cookieFor({ plan: "basic", onboardingCompleted: true });
    const res = await meRoute(new NextRequest(ORIGIN + "/api/me", { headers: { cookie } }));
    expect([
      res.status,
      res.headers.get("cache-control"),
      res.headers.get("x-content-type-options"),
      res.headers.get("content-security-policy"),
    ]).toEqual([200, "no-store", "nosniff", null]);
  });
});

describe("proxy: the development pages", () => {
  const KEY = "outbox-key-for-the-proxy-test-0123";
  afterEach(() => {
    delete process.env.OUTBOX_ACCESS_KEY;
    resetEnvForTests();
  });
  const isNotFound = (response: Response) =>
    response.status === 404 && (response.headers.get("x-middleware-rewrite") ?? "").endsWith("/_not-found");

  it("answer a real 404 (not a streamed page) to whoever may not use them", async () => {
    process.env.OUTBOX_ACCESS_KEY = KEY;
    resetEnvForTests();
    for (const path of ["/dev/outbox", "/dev/outbox?id=1", "/dev"])
      expect([path, isNotFound((await open(path)).response)]).toEqual([path, true]);
    const keyHolder = await proxy(new NextRequest(ORIGIN + "/dev/outbox", { headers: { "x-outbox-key": KEY } }));
    expect(keyHolder.headers.get("x-middleware-next")).toBe("1");
  });

  it("open /dev/access only where a key is configured", async () => {
    expect(isNotFound((await open("/dev/access")).response)).toBe(true);
    process.env.OUTBOX_ACCESS_KEY = KEY;
    resetEnvForTests();
    expect((await open("/dev/access")).passedThrough).toBe(true);
  });
});

describe("proxy matcher", () => {
  const matches = (path: string) => unstable_doesMiddlewareMatch({ config, url: ORIGIN + path });
  it("runs on pages, signed-in or public", () => {
    for (const path of [
      "/",
      "/dashboard",
      "/contact/0b0f6a1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
      "/setup/settings",
      "/pricing",
      "/apiary",
    ])
      expect([path, matches(path)]).toEqual([path, true]);
  });
  it("never runs on API routes without a % in their path (they answer 401/403 themselves), build output or public files", () => {
    for (const path of [
      "/api",
      "/api/me",
      "/api/auth/session",
      "/_next/static/chunks/app.js",
      "/_next/image?url=x",
      "/favicon.ico",
      "/example.csv",
      "/marketing/hero.png",
    ]) {
      expect([path, matches(path)]).toEqual([path, false]);
    }
  });
});

describe("proxy: paths that are not valid percent-encoding", () => {
  const dynamicRoutes = listApiRoutes().filter((route) => route.dynamic);

  it("finds the dynamic API routes on disk", () => {
    expect(dynamicRoutes.length).toBeGreaterThanOrEqual(24);
  });

  // Next's router throws while decoding such a segment and answers a plain-text 500 before any route
  // handler runs; the proxy is matched for them and answers in the one error shape.
  it.each(dynamicRoutes.map((route) => [route.pattern]))(
    "%s with a segment of %%ff%%fe: 400 in the error shape",
    async (pattern) => {
      const url = routeUrl(pattern, "%ff%fe");
      expect(unstable_doesMiddlewareMatch({ config, url })).toBe(true);
      const { response } = await open(url);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: "bad_request", message: "The request path is not valid URL encoding." },
      });
    },
  );

  it("lets well-encoded API paths through untouched, and leaves API paths without a % to the routes", async () => {
    expect((await open("/api/org/caf%C3%A9-agency/details")).passedThrough).toBe(true);
    expect(unstable_doesMiddlewareMatch({ config, url: "/api/contacts/abc" })).toBe(false);
  });

  it("answers a page path that does not decode with the 404 page, signed in or not", async () => {
    const cookie = await cookieFor({ plan: "pro", onboardingCompleted: true });
    for (const path of ["/contact/%ff%fe", "/self-onboarding/%E0%A4%A", "/%ff"]) {
      for (const who of [undefined, cookie]) {
        const { response } = await open(path, who);
        expect([path, response.status, response.headers.get("x-middleware-rewrite")]).toEqual([
          path,
          404,
          `${ORIGIN}/_not-found`,
        ]);
      }
    }
  });
});
