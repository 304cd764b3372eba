import { NextRequest } from "next/server";
import { GET as checkEmail } from "@/app/api/organizations/check-email/[email]/route";
import { POST as joinWaitlistRoute } from "@/app/api/waitlist/route";
import { GET as sessionRoute } from "@/app/api/auth/session/route";
import { GET as meRoute } from "@/app/api/me/route";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { POST as onboardingLoginRoute } from "@/app/api/auth/onboarding-login/route";
import { POST as setSessionRoute } from "@/app/api/auth/set-session/route";
import { POST as sendWelcomeRoute } from "@/app/api/auth/send-welcome-email/route";
import type { IssueLoginLink } from "@/lib/auth/login";
import {
  signUpOrganization,
  SIGNUP_LIMITS,
  SIGNUP_RATE_LIMITED_MESSAGE,
  SIGNUP_SENT_MESSAGE,
} from "@/lib/organizations/sign-up-organization";
import {
  CHECK_EMAIL_LIMITS,
  EMAIL_FORMAT_OK_MESSAGE,
  firstFreeSlug,
  slugify,
} from "@/lib/organizations/create-organization";
import { emailRateLimitKey } from "@/lib/rate-limit";
import { afterTheAnswer } from "@/lib/testing/after-answer";
import { issueLoginLinkLikeAuthJs } from "@/lib/testing/auth";
import { setupTestDatabase } from "@/lib/testing/db";
import { createSession } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
let n = 0;
const signup = (overrides: Partial<{ email: string; organizationName: string }> = {}) => ({
  firstName: "Riley",
  lastName: "Owner",
  organizationName: overrides.organizationName ?? "Owner & Sons Insurance, LLC",
  email: overrides.email ?? `owner${++n}.${Date.now()}@agency.test`,
  phone: "5125550188",
});
const req = (path: string, init: { method?: string; body?: unknown; cookie?: string; ip?: string } = {}) =>
  new NextRequest(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      "x-forwarded-for": init.ip ?? `198.51.100.${++n % 250}`,
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });

describe("slugs", () => {
  it.each([
    ["Owner & Sons Insurance, LLC", "owner-sons-insurance-llc"],
    ["  Ágencia São Paulo  ", "agencia-sao-paulo"],
    ["!!!", "agency"],
  ])("%s → %s", (name, slug) => expect(slugify(name)).toBe(slug));
  it("takes the first free suffix", () => {
    expect(firstFreeSlug("a", new Set())).toBe("a");
    expect(firstFreeSlug("a", new Set(["a", "a-2"]))).toBe("a-3");
  });
});

/** signUpOrganization and what it left for after the answer (next/server's after() in the route). */
async function signUpAndRun(input: ReturnType<typeof signup>, issueLink: IssueLoginLink = issueLoginLinkLikeAuthJs) {
  const later = afterTheAnswer();
  const answer = await signUpOrganization({ input, now: new Date(), issueLink, afterAnswer: later.afterAnswer });
  await later.run();
  return answer;
}
const orgOf = (email: string) =>
  db.prisma.organization.findFirst({ where: { users: { some: { email } } }, include: { users: true } });

describe("signUpOrganization", () => {
  it("answers, then creates the organization and its admin (admin, agent, default agent) and emails the activation link", async () => {
    const input = signup();
    const later = afterTheAnswer();
    const answer = await signUpOrganization({
      input,
      now: new Date(),
      issueLink: issueLoginLinkLikeAuthJs,
      afterAnswer: later.afterAnswer,
    });
    expect(answer).toEqual({ success: true, message: SIGNUP_SENT_MESSAGE });
    expect(await orgOf(input.email)).toBeNull(); // nothing before the answer
    await later.run();
    const org = (await orgOf(input.email))!;
    expect(org).toMatchObject({
      name: input.organizationName,
      demoMode: true,
      subscriptionTierId: null,
      onboardingCompleted: false,
    });
    expect(org.users).toHaveLength(1);
    expect(org.users[0]).toMatchObject({ email: input.email, isAdmin: true, isAgent: true, firstName: "Riley" });
    expect(org.defaultAgentId).toBe(org.users[0]!.id);
    const email = await db.prisma.outboxEmail.findFirstOrThrow({ where: { to: input.email } });
    expect(email.subject).toBe("Activate your Gapwise account");
    expect(email.html).toContain(`/auth/verify/${org.slug}/`);
  });

  it("gives a second agency of the same name the next free slug", async () => {
    const a = signup({ organizationName: "Twin Agency" });
    const b = signup({ organizationName: "Twin Agency" });
    await signUpAndRun(a);
    await signUpAndRun(b);
    expect((await orgOf(a.email))!.slug).toBe("twin-agency");
    expect((await orgOf(b.email))!.slug).toBe("twin-agency-2");
  });

  it("answers an address that has an account exactly as a new one, creates nothing, and sends its owner a sign-in link", async () => {
    const input = signup();
    await signUpAndRun(input);
    const orgsBefore = await db.prisma.organization.count();
    const emailsBefore = await db.prisma.outboxEmail.count({ where: { to: input.email } });
    const issued = jest.fn(issueLoginLinkLikeAuthJs);
    const known = afterTheAnswer();
    const fresh = afterTheAnswer();
    const knownAnswer = await signUpOrganization({
      input: { ...input, organizationName: "Other Name" },
      now: new Date(),
      issueLink: issued,
      afterAnswer: known.afterAnswer,
    });
    const freshAnswer = await signUpOrganization({
      input: signup(),
      now: new Date(),
      issueLink: issued,
      afterAnswer: fresh.afterAnswer,
    });
    expect(knownAnswer).toEqual(freshAnswer);
    expect([known.tasks.length, fresh.tasks.length]).toEqual([1, 1]);
    expect(issued).not.toHaveBeenCalled();
    await known.run();
    expect(await db.prisma.organization.count()).toBe(orgsBefore);
    expect(await db.prisma.organization.count({ where: { name: "Other Name" } })).toBe(0);
    expect(issued).toHaveBeenCalledWith(input.email);
    expect(await db.prisma.outboxEmail.count({ where: { to: input.email } })).toBe(emailsBefore + 1);
  });

  it("a failure after the answer is logged without the address, never thrown", async () => {
    const input = signup();
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await signUpAndRun(input, async () => {
      throw new Error("mail server down");
    });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]![0])).toContain("activation_link_failed");
    expect(String(logged.mock.calls[0]![0])).not.toContain(input.email);
    logged.mockRestore();
  });

  it(`allows ${SIGNUP_LIMITS.perEmail.limit} signups of one address per hour, then 429, counted alike for every address; no bucket holds the address`, async () => {
    const known = signup();
    await signUpAndRun(known);
    const fresh = signup();
    for (const input of [known, fresh]) {
      const used = input === known ? 1 : 0;
      for (let i = used; i < SIGNUP_LIMITS.perEmail.limit; i++)
        await signUpOrganization({
          input,
          now: new Date(),
          issueLink: issueLoginLinkLikeAuthJs,
          afterAnswer: () => undefined,
        });
      await expect(
        signUpOrganization({
          input,
          now: new Date(),
          issueLink: issueLoginLinkLikeAuthJs,
          afterAnswer: () => undefined,
        }),
      ).rejects.toMatchObject({
        code: "rate_limited",
        message: SIGNUP_RATE_LIMITED_MESSAGE,
      });
    }
    const keys = await db.query<{ key: string }>(`SELECT key FROM rate_limit_buckets WHERE key LIKE 'signup:email:%'`);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys.map((k) => k.key)).toEqual(
      expect.arrayContaining([emailRateLimitKey("signup", known.email), emailRateLimitKey("signup", fresh.email)]),
    );
    expect(keys.every((k) => /^signup:email:[0-9a-f]{64}$/.test(k.key))).toBe(true);
  });
});

describe("GET /api/organizations/check-email/{email}", () => {
  const check = (email: string, ip?: string) =>
    checkEmail(req(`/api/organizations/check-email/${encodeURIComponent(email)}`, { ip }), ctx({ email }));

  it("answers a taken and a free address the same, without looking for an account; a malformed one 422", async () => {
    const input = signup();
    await signUpAndRun(input);
    const lookups = [jest.spyOn(db.prisma.user, "findUnique"), jest.spyOn(db.prisma.user, "findFirst")];
    const taken = await check(input.email.toUpperCase());
    const free = await check(`free.${Date.now()}@agency.test`);
    expect([taken.status, free.status]).toEqual([200, 200]);
    expect(await taken.json()).toEqual({ available: true, message: EMAIL_FORMAT_OK_MESSAGE });
    expect(await free.json()).toEqual({ available: true, message: EMAIL_FORMAT_OK_MESSAGE });
    for (const lookup of lookups) {
      expect(lookup).not.toHaveBeenCalled();
      lookup.mockRestore();
    }
    const bad = await check("nope");
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.message).toBe("Please enter a valid email address");
  });

  it(`allows ${CHECK_EMAIL_LIMITS.perIp.limit} checks per IP per hour, then 429`, async () => {
    for (let i = 0; i < CHECK_EMAIL_LIMITS.perIp.limit; i++)
      expect((await check(`visitor${i}.${Date.now()}@agency.test`, "203.0.113.70")).status).toBe(200);
    const limited = await check("one-more@agency.test", "203.0.113.70");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await check("one-more@agency.test", "203.0.113.71")).status).toBe(200);
  });
});

describe("POST /api/waitlist", () => {
  it("stores an entry, updates it for the same address, and tells the operator", async () => {
    const body = {
      name: "Dana Broker",
      email: "dana@brokers.test",
      phone: "5125550100",
      numAgents: "3",
      bookSize: "1200",
    };
    expect((await joinWaitlistRoute(req("/api/waitlist", { method: "POST", body }))).status).toBe(200);
    expect(
      (await joinWaitlistRoute(req("/api/waitlist", { method: "POST", body: { ...body, numAgents: 5 } }))).status,
    ).toBe(200);
    const entries = await db.prisma.waitlistEntry.findMany({ where: { email: "dana@brokers.test" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ numAgents: 5, bookSize: 1200 });
    expect(
      await db.prisma.outboxEmail.count({ where: { to: "support@gapwise.app", subject: { contains: "Dana Broker" } } }),
    ).toBe(2);
  });

  it("answers 422 for counts below 1", async () => {
    const res = await joinWaitlistRoute(
      req("/api/waitlist", {
        method: "POST",
        body: { name: "X", email: "x@y.test", phone: "5125550100", numAgents: 0, bookSize: 10 },
      }),
    );
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields.numAgents).toBeDefined();
  });
});

describe("session calls", () => {
  async function admin() {
    const input = signup();
    await signUpAndRun(input);
    const user = await db.prisma.user.findUniqueOrThrow({
      where: { email: input.email },
      include: { organization: true },
    });
    const organizationSlug = user.organization.slug;
    const { cookie } = await createSession(db.prisma, user.id, { now });
    return { input, user, cookie, organizationSlug };
  }

  it("GET /api/auth/session answers valid:false without a session and the Session fields with one", async () => {
    expect(await (await sessionRoute(req("/api/auth/session"), ctx())).json()).toEqual({
      valid: false,
      redirectUrl: "/login",
    });
    const { user, cookie, organizationSlug } = await admin();
    const body = await (await sessionRoute(req("/api/auth/session", { cookie }), ctx())).json();
    expect(body).toMatchObject({
      valid: true,
      email: user.email,
      orgSlug: organizationSlug,
      firstName: "Riley",
      lastName: "Owner",
      is_admin: true,
      id: user.id,
      demo_mode: true,
      goLiveDate: null,
      redirectUrl: "/choose-plan",
    });
    expect(body.orgCreateDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(body)).not.toContain(cookie.split("=")[1]!); // the session token stays in the httpOnly cookie
  });

  it("GET /api/me answers 401 without a session and the account with limits and counts", async () => {
    expect((await meRoute(req("/api/me"), ctx())).status).toBe(401);
    const { user, cookie, organizationSlug } = await admin();
    const body = await (await meRoute(req("/api/me", { cookie }), ctx())).json();
    expect(body).toMatchObject({
      success: true,
      user: {
        id: user.id,
        email: user.email,
        is_admin: true,
        is_agent: true,
        organization_slug: organizationSlug,
        subscription_tier: null,
      },
      accountStatus: { status: "inactive", currentAgentCount: 1, currentContactCount: 0, organizationSlug },
      demo_mode: true,
      hasCompletedWalkthrough: false,
    });
  });

  it("POST /api/auth/logout ends the session and clears the cookie", async () => {
    const { cookie } = await admin();
    const res = await logoutRoute(req("/api/auth/logout", { method: "POST", cookie }), ctx());
    expect(res.headers.get("set-cookie")).toMatch(/authjs\.session-token=;/);
    expect((await meRoute(req("/api/me", { cookie }), ctx())).status).toBe(401);
  });

  it("POST /api/auth/set-session only confirms the caller's own address", async () => {
    const { user, cookie } = await admin();
    expect(
      (
        await setSessionRoute(
          req("/api/auth/set-session", { method: "POST", cookie, body: { email: user.email } }),
          ctx(),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await setSessionRoute(
          req("/api/auth/set-session", { method: "POST", cookie, body: { email: "someone@else.test" } }),
          ctx(),
        )
      ).status,
    ).toBe(403);
    expect(
      (await setSessionRoute(req("/api/auth/set-session", { method: "POST", body: { email: user.email } }), ctx()))
        .status,
    ).toBe(401);
  });

  it("POST /api/auth/onboarding-login never starts a session: signup gives no shortcut, so it tells nobody whether an address had an account", async () => {
    const input = signup();
    await signUpAndRun(input);
    const res = await onboardingLoginRoute(
      req("/api/auth/onboarding-login", {
        method: "POST",
        cookie: "gapwise-onboarding=anything",
        body: { emailRaw: input.email },
      }),
      ctx(),
    );
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await db.prisma.verificationToken.count({ where: { identifier: { startsWith: "onboarding:" } } })).toBe(0);
  });

  it("POST /api/auth/send-welcome-email sends once, to the caller only", async () => {
    const { user, cookie } = await admin();
    const first = await (
      await sendWelcomeRoute(
        req("/api/auth/send-welcome-email", { method: "POST", cookie, body: { email: user.email } }),
        ctx(),
      )
    ).json();
    const second = await (
      await sendWelcomeRoute(
        req("/api/auth/send-welcome-email", { method: "POST", cookie, body: { email: user.email } }),
        ctx(),
      )
    ).json();
    expect(first).toEqual({ success: true, type: "welcome", message: "Welcome email sent" });
    expect(second).toEqual({ success: true, type: "welcome", message: "Welcome email already sent" });
    expect(await db.prisma.outboxEmail.count({ where: { to: user.email, subject: "Welcome to Gapwise" } })).toBe(1);
    expect(
      (
        await sendWelcomeRoute(
          req("/api/auth/send-welcome-email", { method: "POST", cookie, body: { email: "x@y.test" } }),
          ctx(),
        )
      ).status,
    ).toBe(403);
  });
});
