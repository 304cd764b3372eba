import { NextRequest } from "next/server";
import { GET as checkEmail } from "@/app/api/organizations/check-email/[email]/route";
import { POST as joinWaitlistRoute } from "@/app/api/waitlist/route";
import { GET as sessionRoute } from "@/app/api/auth/session/route";
import { GET as meRoute } from "@/app/api/me/route";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { POST as onboardingLoginRoute } from "@/app/api/auth/onboarding-login/route";
import { POST as setSessionRoute } from "@/app/api/auth/set-session/route";
import { POST as sendWelcomeRoute } from "@/app/api/auth/send-welcome-email/route";
import { signUpOrganization } from "@/lib/organizations/sign-up-organization";
import { EMAIL_TAKEN_MESSAGE, firstFreeSlug, slugify } from "@/lib/organizations/create-organization";
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
    headers: { ...(init.body ? { "content-type": "application/json" } : {}), ...(init.cookie ? { cookie: init.cookie } : {}), "x-forwarded-for": init.ip ?? `198.51.100.${++n % 250}` },
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

describe("signUpOrganization", () => {
  it("creates the organization and its admin (admin, agent, default agent) and emails the activation link", async () => {
    const input = signup();
    const result = await signUpOrganization({ input, now: new Date(), issueLink: issueLoginLinkLikeAuthJs });
    const org = await db.prisma.organization.findUniqueOrThrow({ where: { slug: result.organizationSlug }, include: { users: true } });
    expect(org).toMatchObject({ name: input.organizationName, demoMode: true, subscriptionTierId: null, onboardingCompleted: false });
    expect(org.users).toHaveLength(1);
    expect(org.users[0]).toMatchObject({ email: input.email, isAdmin: true, isAgent: true, firstName: "Riley" });
    expect(org.defaultAgentId).toBe(org.users[0]!.id);
    const email = await db.prisma.outboxEmail.findFirstOrThrow({ where: { to: input.email } });
    expect(email.subject).toBe("Activate your Gapwise account");
    expect(email.html).toContain(`/auth/verify/${result.organizationSlug}/`);
  });

  it("gives a second agency of the same name the next free slug", async () => {
    const a = await signUpOrganization({ input: signup({ organizationName: "Twin Agency" }), now: new Date(), issueLink: issueLoginLinkLikeAuthJs });
    const b = await signUpOrganization({ input: signup({ organizationName: "Twin Agency" }), now: new Date(), issueLink: issueLoginLinkLikeAuthJs });
    expect(a.organizationSlug).toBe("twin-agency");
    expect(b.organizationSlug).toBe("twin-agency-2");
  });

  it("refuses a taken email with 409 and writes nothing", async () => {
    const input = signup();
    await signUpOrganization({ input, now: new Date(), issueLink: issueLoginLinkLikeAuthJs });
    const orgsBefore = await db.prisma.organization.count();
    await expect(signUpOrganization({ input: { ...input, organizationName: "Other Name" }, now: new Date(), issueLink: issueLoginLinkLikeAuthJs })).rejects.toMatchObject({
      code: "conflict",
      message: EMAIL_TAKEN_MESSAGE,
    });
    expect(await db.prisma.organization.count()).toBe(orgsBefore);
  });
});

describe("GET /api/organizations/check-email/{email}", () => {
  it("says whether an address is free, and 422 for a malformed one", async () => {
    const input = signup();
    await signUpOrganization({ input, now: new Date(), issueLink: issueLoginLinkLikeAuthJs });
    const taken = await checkEmail(req(`/api/organizations/check-email/${encodeURIComponent(input.email)}`), ctx({ email: input.email }));
    expect(await taken.json()).toEqual({ available: false, message: EMAIL_TAKEN_MESSAGE });
    const free = await checkEmail(req("/api/organizations/check-email/new%40agency.test"), ctx({ email: "New@Agency.test" }));
    expect(await free.json()).toEqual({ available: true, message: "Email is available" });
    const bad = await checkEmail(req("/api/organizations/check-email/nope"), ctx({ email: "nope" }));
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.message).toBe("Please enter a valid email address");
  });
});

describe("POST /api/waitlist", () => {
  it("stores an entry, updates it for the same address, and tells the operator", async () => {
    const body = { name: "Dana Broker", email: "dana@brokers.test", phone: "5125550100", numAgents: "3", bookSize: "1200" };
    expect((await joinWaitlistRoute(req("/api/waitlist", { method: "POST", body }))).status).toBe(200);
    expect((await joinWaitlistRoute(req("/api/waitlist", { method: "POST", body: { ...body, numAgents: 5 } }))).status).toBe(200);
    const entries = await db.prisma.waitlistEntry.findMany({ where: { email: "dana@brokers.test" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ numAgents: 5, bookSize: 1200 });
    expect(await db.prisma.outboxEmail.count({ where: { to: "support@gapwise.app", subject: { contains: "Dana Broker" } } })).toBe(2);
  });

  it("answers 422 for counts below 1", async () => {
    const res = await joinWaitlistRoute(req("/api/waitlist", { method: "POST", body: { name: "X", email: "x@y.test", phone: "5125550100", numAgents: 0, bookSize: 10 } }));
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields.numAgents).toBeDefined();
  });
});

describe("session calls", () => {
  async function admin() {
    const input = signup();
    const { organizationSlug } = await signUpOrganization({ input, now: new Date(), issueLink: issueLoginLinkLikeAuthJs });
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: input.email } });
    const { cookie } = await createSession(db.prisma, user.id, { now });
    return { input, user, cookie, organizationSlug };
  }

  it("GET /api/auth/session answers valid:false without a session and the Session fields with one", async () => {
    expect(await (await sessionRoute(req("/api/auth/session"), ctx())).json()).toEqual({ valid: false, redirectUrl: "/login" });
    const { user, cookie, organizationSlug } = await admin();
    const body = await (await sessionRoute(req("/api/auth/session", { cookie }), ctx())).json();
    expect(body).toMatchObject({ valid: true, email: user.email, orgSlug: organizationSlug, firstName: "Riley", lastName: "Owner", is_admin: true, id: user.id, demo_mode: true, goLiveDate: null, redirectUrl: "/choose-plan" });
    expect(body.orgCreateDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(body)).not.toContain(cookie.split("=")[1]!); // the session token stays in the httpOnly cookie
  });

  it("GET /api/me answers 401 without a session and the account with limits and counts", async () => {
    expect((await meRoute(req("/api/me"), ctx())).status).toBe(401);
    const { user, cookie, organizationSlug } = await admin();
    const body = await (await meRoute(req("/api/me", { cookie }), ctx())).json();
    expect(body).toMatchObject({
      success: true,
      user: { id: user.id, email: user.email, is_admin: true, is_agent: true, organization_slug: organizationSlug, subscription_tier: null },
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
    expect((await setSessionRoute(req("/api/auth/set-session", { method: "POST", cookie, body: { email: user.email } }), ctx())).status).toBe(200);
    expect((await setSessionRoute(req("/api/auth/set-session", { method: "POST", cookie, body: { email: "someone@else.test" } }), ctx())).status).toBe(403);
    expect((await setSessionRoute(req("/api/auth/set-session", { method: "POST", body: { email: user.email } }), ctx())).status).toBe(401);
  });

  it("POST /api/auth/onboarding-login needs the signup browser's single-use token", async () => {
    const input = signup();
    const { onboarding } = await signUpOrganization({ input, now: new Date(), issueLink: issueLoginLinkLikeAuthJs });
    const without = await onboardingLoginRoute(req("/api/auth/onboarding-login", { method: "POST", body: { emailRaw: input.email } }), ctx());
    expect(without.status).toBe(401);
    const cookie = `gapwise-onboarding=${onboarding.token}`;
    const wrongEmail = await onboardingLoginRoute(req("/api/auth/onboarding-login", { method: "POST", cookie, body: { emailRaw: "other@agency.test" } }), ctx());
    expect(wrongEmail.status).toBe(401);
    const ok = await onboardingLoginRoute(req("/api/auth/onboarding-login", { method: "POST", cookie, body: { emailRaw: input.email } }), ctx());
    expect(ok.status).toBe(200);
    expect(ok.headers.get("set-cookie")).toMatch(/authjs\.session-token=[0-9a-f]{64}/);
    const again = await onboardingLoginRoute(req("/api/auth/onboarding-login", { method: "POST", cookie, body: { emailRaw: input.email } }), ctx());
    expect(again.status).toBe(401);
  });

  it("POST /api/auth/send-welcome-email sends once, to the caller only", async () => {
    const { user, cookie } = await admin();
    const first = await (await sendWelcomeRoute(req("/api/auth/send-welcome-email", { method: "POST", cookie, body: { email: user.email } }), ctx())).json();
    const second = await (await sendWelcomeRoute(req("/api/auth/send-welcome-email", { method: "POST", cookie, body: { email: user.email } }), ctx())).json();
    expect(first).toEqual({ success: true, type: "welcome", message: "Welcome email sent" });
    expect(second).toEqual({ success: true, type: "welcome", message: "Welcome email already sent" });
    expect(await db.prisma.outboxEmail.count({ where: { to: user.email, subject: "Welcome to Gapwise" } })).toBe(1);
    expect((await sendWelcomeRoute(req("/api/auth/send-welcome-email", { method: "POST", cookie, body: { email: "x@y.test" } }), ctx())).status).toBe(403);
  });
});
