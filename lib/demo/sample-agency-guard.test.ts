import { NextRequest } from "next/server";
import { POST as choosePlanRoute } from "@/app/api/choose-plan/route";
import { POST as checkoutRoute } from "@/app/api/create-checkout-session/route";
import { POST as exitDemoModeRoute } from "@/app/api/organizations/exit-demo-mode/route";
import { PUT as subscriptionRoute } from "@/app/api/organizations/[orgId]/subscription/route";
import { PLANS } from "@/lib/billing/plans";
import { SAMPLE_AGENCY_MESSAGES, emailReachesPeople } from "@/lib/demo/sample-agency-guard";
import { resetEnvForTests } from "@/lib/env";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
const ENV_KEYS = [
  "RESEND_API_KEY",
  "EMAIL_TEST_ADDRESS",
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_ID",
] as const;

beforeAll(async () => {
  for (const { id, ...data } of PLANS)
    await db.prisma.subscriptionTier.upsert({ where: { id }, create: { id, ...data }, update: data });
});
afterEach(() => {
  for (const key of ENV_KEYS) delete process.env[key];
  resetEnvForTests();
});
function setEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string>>) {
  Object.assign(process.env, values);
  resetEnvForTests();
}

const request = (path: string, cookie: string, method: string, body?: unknown) =>
  new NextRequest(`http://localhost${path}`, {
    method,
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });

/** An agency with its admin signed in; `sample` marks it as the seeded Sample Agency. */
async function agency(sample: boolean) {
  const org = await createOrganization(db.prisma, { now, postalAddress: "Agency, 1 Main St, Austin, TX 78701" });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: { isSampleData: sample, billingDisabled: sample, subscriptionTierId: "pro", onboardingCompleted: true },
  });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
  const { cookie } = await createSession(db.prisma, admin.id, { now });
  return { org, cookie };
}

async function refusal(res: Response, message: string) {
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({ error: { code: "forbidden", message } });
}

describe("emailReachesPeople", () => {
  it("only a Resend transport without a test address delivers to the addressee", () => {
    expect(emailReachesPeople()).toBe(false); // the outbox
    setEnv({ RESEND_API_KEY: "re_test" });
    expect(emailReachesPeople()).toBe(true);
    setEnv({ EMAIL_TEST_ADDRESS: "inbox@example.test" });
    expect(emailReachesPeople()).toBe(false);
  });
});

describe("the Sample Agency's restricted view", () => {
  it("refuses every billing write in the error shape: plan choice, plan change, card checkout", async () => {
    const { org, cookie } = await agency(true);
    await refusal(
      await subscriptionRoute(
        request(`/api/organizations/${org.slug}/subscription`, cookie, "PUT", {
          tierId: "basic",
          extraAgents: 0,
          extraContacts: 0,
        }),
        ctx({ orgId: org.slug }),
      ),
      SAMPLE_AGENCY_MESSAGES.billing,
    );
    await refusal(
      await choosePlanRoute(request("/api/choose-plan", cookie, "POST", { plan: "basic", orgSlug: org.slug }), ctx()),
      SAMPLE_AGENCY_MESSAGES.billing,
    );
    setEnv({
      STRIPE_SECRET_KEY: "sk_test_unused",
      STRIPE_PUBLISHABLE_KEY: "pk_test_unused",
      STRIPE_WEBHOOK_SECRET: "whsec_unused",
      STRIPE_PRICE_ID: "price_base",
    });
    await refusal(
      await checkoutRoute(
        request("/api/create-checkout-session", cookie, "POST", {
          priceId: "price_base",
          customerEmail: "sam@sample-agency.test",
          customerName: "Sam",
        }),
        ctx(),
      ),
      SAMPLE_AGENCY_MESSAGES.billing,
    );
    const saved = await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(saved).toMatchObject({ subscriptionTierId: "pro", stripeCheckoutSessionId: null });
  });

  it("another agency changes its plan as before", async () => {
    const { org, cookie } = await agency(false);
    const res = await subscriptionRoute(
      request(`/api/organizations/${org.slug}/subscription`, cookie, "PUT", {
        tierId: "basic",
        extraAgents: 0,
        extraContacts: 0,
      }),
      ctx({ orgId: org.slug }),
    );
    expect(res.status).toBe(200);
  });

  it("refuses going live where its emails would reach people; elsewhere (outbox, a test address) it may", async () => {
    const restricted = await agency(true);
    setEnv({ RESEND_API_KEY: "re_test" });
    await refusal(
      await exitDemoModeRoute(request("/api/organizations/exit-demo-mode", restricted.cookie, "POST"), ctx()),
      SAMPLE_AGENCY_MESSAGES.goLive,
    );
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: restricted.org.id } })).demoMode).toBe(true);
    // A real agency goes live on the same deployment.
    const real = await agency(false);
    expect(
      (await exitDemoModeRoute(request("/api/organizations/exit-demo-mode", real.cookie, "POST"), ctx())).status,
    ).toBe(200);

    setEnv({ EMAIL_TEST_ADDRESS: "inbox@example.test" });
    expect(
      (await exitDemoModeRoute(request("/api/organizations/exit-demo-mode", restricted.cookie, "POST"), ctx())).status,
    ).toBe(200);
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: restricted.org.id } })).demoMode).toBe(false);
  });
});
