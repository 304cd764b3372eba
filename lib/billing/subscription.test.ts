import { NextRequest } from "next/server";
import { POST as choosePlanRoute } from "@/app/api/choose-plan/route";
import { GET as mySubscriptionRoute } from "@/app/api/organizations/my-subscription/route";
import {
  GET as orgSubscriptionRoute,
  PUT as updateSubscriptionRoute,
} from "@/app/api/organizations/[orgId]/subscription/route";
import { GET as tiersRoute } from "@/app/api/organizations/subscription-tiers/route";
import { GET as calculateTierRoute } from "@/app/api/subscription/calculate-tier/[n]/route";
import { GET as pricingRoute } from "@/app/api/subscription/pricing/route";
import { GET as invoicesRoute } from "@/app/api/billing/invoices/route";
import { GET as paymentMethodRoute } from "@/app/api/billing/payment-method/route";
import { GET as planRoute } from "@/app/api/billing/plan/route";
import { GET as paymentStatusRoute } from "@/app/api/stripe/payment-status/route";
import { POST as createCheckoutRoute } from "@/app/api/create-checkout-session/route";
import { POST as webhookRoute } from "@/app/api/webhooks/stripe/route";
import { PLANS } from "@/lib/billing/plans";
import { loadPlanChangedSummary } from "@/lib/billing/subscription";
import { SUBSCRIPTION_MESSAGES } from "@/lib/billing/subscription-rules";
import { mePayload, getCurrentAccount } from "@/lib/auth/current-account";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

// Billing off (no STRIPE_* variables): the embedded default.
const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();

beforeAll(async () => {
  for (const { id, ...data } of PLANS)
    await db.prisma.subscriptionTier.upsert({ where: { id }, create: { id, ...data }, update: data });
});

async function agency({ plan = null as string | null, onboardingCompleted = false } = {}) {
  const org = await createOrganization(db.prisma, { now });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true, isAgent: true });
  if (plan)
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { subscriptionTierId: plan, billingDisabled: true, subscriptionStatus: "active", onboardingCompleted },
    });
  const { cookie, sessionToken } = await createSession(db.prisma, admin.id, { now });
  return { org, admin, cookie, sessionToken };
}

function req(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  return new NextRequest(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
}
const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const orgRow = (id: string) => db.prisma.organization.findUniqueOrThrow({ where: { id } });

describe("POST /api/choose-plan with billing off", () => {
  it("records the plan and its limits, marks billing disabled and active, and sends a new agency to setup", async () => {
    const { org, cookie } = await agency();
    const res = await choosePlanRoute(
      req("/api/choose-plan", { method: "POST", cookie, body: { plan: "basic", orgSlug: org.slug } }),
      ctx(),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, redirectUrl: "/setup/settings?plan=basic" });
    expect(await orgRow(org.id)).toMatchObject({
      subscriptionTierId: "basic",
      agentLimit: 1,
      contactLimit: -1,
      billingDisabled: true,
      subscriptionStatus: "active",
      stripeCustomerId: null,
    });
  });

  it("'Please select a plan' without a plan or with an unknown one; enterprise is contact us; add-ons are pro only", async () => {
    const { org, cookie } = await agency();
    const post = (body: unknown) => choosePlanRoute(req("/api/choose-plan", { method: "POST", cookie, body }), ctx());
    const empty = await post({ plan: "", orgSlug: org.slug });
    expect(empty.status).toBe(422);
    const emptyBody = await empty.json();
    expect(emptyBody.error.message).toBe("Please select a plan");
    expect(emptyBody.error.fields.plan).toEqual(["Please select a plan"]);
    expect((await (await post({ orgSlug: org.slug })).json()).error.message).toBe("Please select a plan");
    expect((await (await post({ plan: "gold", orgSlug: org.slug })).json()).error.message).toBe("Please select a plan");
    expect((await (await post({ plan: "enterprise", orgSlug: org.slug })).json()).error.message).toMatch(
      /^Please contact us at .+ for the Enterprise plan\.$/,
    );
    expect((await (await post({ plan: "basic", orgSlug: org.slug, extraAgents: 2 })).json()).error.message).toBe(
      SUBSCRIPTION_MESSAGES.addOnsProOnly,
    );
    // extraContacts is the spec's field but buys nothing: a non-zero amount is 422, not silently kept.
    const blocks = await post({ plan: "pro", orgSlug: org.slug, extraContacts: 5_000 });
    expect(blocks.status).toBe(422);
    expect((await blocks.json()).error.message).toBe(SUBSCRIPTION_MESSAGES.extraContactsNotSold);
    const pro = await post({ plan: "pro", orgSlug: org.slug, extraAgents: 2, extraContacts: 0 });
    expect(pro.status).toBe(200);
    expect(await orgRow(org.id)).toMatchObject({
      subscriptionTierId: "pro",
      agentLimit: 5,
      contactLimit: -1,
      extraAgents: 2,
      extraContacts: 0,
    });
  });

  it("is admin only: an agent gets 403 and the plan is not recorded", async () => {
    const { org } = await agency();
    const agent = await createUser(db.prisma, org.id, { now, isAgent: true });
    const { cookie } = await createSession(db.prisma, agent.id, { now });
    const res = await choosePlanRoute(
      req("/api/choose-plan", { method: "POST", cookie, body: { plan: "basic", orgSlug: org.slug } }),
      ctx(),
    );
    expect(res.status).toBe(403);
    expect((await orgRow(org.id)).subscriptionTierId).toBeNull();
  });

  it("a plan smaller than the agency already is is refused with the counts (409)", async () => {
    const { org, cookie } = await agency();
    await createUser(db.prisma, org.id, { now, isAgent: true });
    const res = await choosePlanRoute(
      req("/api/choose-plan", { method: "POST", cookie, body: { plan: "basic", orgSlug: org.slug } }),
      ctx(),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(
      "Your organization has 2 agents, but your plan only allows for 1. Remove agents or choose a larger plan.",
    );
    expect((await orgRow(org.id)).subscriptionTierId).toBeNull();
  });

  it("another organization's slug answers 404 and changes nothing", async () => {
    const mine = await agency();
    const other = await agency();
    const res = await choosePlanRoute(
      req("/api/choose-plan", {
        method: "POST",
        cookie: mine.cookie,
        body: { plan: "basic", orgSlug: other.org.slug },
      }),
      ctx(),
    );
    expect(res.status).toBe(404);
    expect((await orgRow(other.org.id)).subscriptionTierId).toBeNull();
  });
});

describe("tiers and the organization's subscription", () => {
  it("GET /api/organizations/subscription-tiers lists the plans with price, limits and features", async () => {
    const { cookie } = await agency();
    const body = await (await tiersRoute(req("/api/organizations/subscription-tiers", { cookie }), ctx())).json();
    expect(body.tiers.map((t: { id: string }) => t.id)).toEqual(["basic", "pro", "enterprise"]);
    expect(body.tiers[0]).toMatchObject({
      id: "basic",
      name: "Basic",
      tierName: "Basic",
      price: 100,
      agentLimit: 1,
      contactLimit: -1,
    });
    expect(body.tiers[1]).toMatchObject({ id: "pro", agentLimit: 5, contactLimit: -1 });
    expect(body.tiers[2]).toMatchObject({ contactLimit: -1, isContactUs: true });
    expect((await tiersRoute(req("/api/organizations/subscription-tiers"), ctx())).status).toBe(401);
  });

  it("my-subscription and {id}/subscription answer the caller's own organization; another id is 404", async () => {
    const { org, cookie } = await agency({ plan: "pro" });
    const other = await agency({ plan: "basic" });
    const mine = await (await mySubscriptionRoute(req("/api/organizations/my-subscription", { cookie }), ctx())).json();
    expect(mine).toMatchObject({
      tierId: "pro",
      tierName: "Pro",
      isActive: true,
      paymentStatus: "billing_disabled",
      cancelAtPeriodEnd: false,
    });
    const byId = await orgSubscriptionRoute(
      req(`/api/organizations/${org.id}/subscription`, { cookie }),
      ctx({ orgId: org.id }),
    );
    expect(await byId.json()).toEqual(mine);
    expect(
      (
        await orgSubscriptionRoute(
          req(`/api/organizations/${other.org.id}/subscription`, { cookie }),
          ctx({ orgId: other.org.id }),
        )
      ).status,
    ).toBe(404);
  });
});

describe("PUT /api/organizations/{slug}/subscription", () => {
  const put = (cookie: string, slug: string, body: unknown) =>
    updateSubscriptionRoute(
      req(`/api/organizations/${slug}/subscription`, { method: "PUT", cookie, body }),
      ctx({ orgId: slug }),
    );

  it("changes the plan and add-ons; the same again is 'No changes made to your subscription.'", async () => {
    const { org, cookie } = await agency({ plan: "basic", onboardingCompleted: true });
    const res = await put(cookie, org.slug, { tierId: "pro", extraAgents: 1 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      redirectUrl: "/templanding",
      subscription: { tierId: "pro", agentLimit: 5, contactLimit: -1, extraAgents: 1, extraContacts: 0 },
    });
    // what /templanding then shows: the plan as stored, with the agency's own counts
    expect(await loadPlanChangedSummary(org.id)).toEqual({
      tierName: "Pro",
      agentLimit: 5,
      contactLimit: -1,
      extraAgents: 1,
      extraContacts: 0,
      billingDisabled: true,
      agentCount: 1,
      contactCount: 0,
    });
    const again = await put(cookie, org.slug, { tierId: "pro", extraAgents: 1, extraContacts: 0 });
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toBe("No changes made to your subscription.");
  });

  it("without a plan: 'Please select a plan' as the answer's message", async () => {
    const { org, cookie } = await agency({ plan: "basic" });
    for (const body of [{ tierId: "" }, {}, { tierId: "gold" }]) {
      const res = await put(cookie, org.slug, body);
      expect(res.status).toBe(422);
      expect((await res.json()).error.message).toBe("Please select a plan");
    }
  });

  it("refuses extra contacts (422: not sold), add-ons off the pro plan, and a plan with too few agent seats", async () => {
    const { org, admin, cookie } = await agency({ plan: "pro" });
    const blocks = await put(cookie, org.slug, { tierId: "pro", extraContacts: 5_000 });
    expect(blocks.status).toBe(422);
    expect((await blocks.json()).error.message).toBe(SUBSCRIPTION_MESSAGES.extraContactsNotSold);
    expect((await (await put(cookie, org.slug, { tierId: "basic", extraAgents: 1 })).json()).error.message).toBe(
      SUBSCRIPTION_MESSAGES.addOnsProOnly,
    );
    await createUser(db.prisma, org.id, { now, isAgent: true });
    const down = await put(cookie, org.slug, { tierId: "basic" });
    expect(down.status).toBe(409);
    expect((await down.json()).error.message).toBe(
      "Your organization has 2 agents, but your plan only allows for 1. Remove agents or choose a larger plan.",
    );
    expect((await orgRow(org.id)).subscriptionTierId).toBe("pro");
    expect(admin.isAdmin).toBe(true);
  });

  it("is admin only, and another organization's slug is 404", async () => {
    const { org } = await agency({ plan: "basic" });
    const agent = await createUser(db.prisma, org.id, { now, isAgent: true });
    const { cookie: agentCookie } = await createSession(db.prisma, agent.id, { now });
    expect((await put(agentCookie, org.slug, { tierId: "pro" })).status).toBe(403);
    const other = await agency({ plan: "basic" });
    expect((await put(other.cookie, org.slug, { tierId: "pro" })).status).toBe(404);
    expect((await orgRow(org.id)).subscriptionTierId).toBe("basic");
  });
});

describe("public pricing calls", () => {
  it("GET /api/subscription/calculate-tier/{n} answers the custom tier's pricing: a price, no contact limit, no add-on", async () => {
    const res = await calculateTierRoute(req("/api/subscription/calculate-tier/1000"), ctx({ n: "1000" }));
    expect(await res.json()).toEqual({
      success: true,
      pricing: expect.objectContaining({
        contacts: 1_000,
        contactLimit: -1,
        extraContacts: 0,
        additionalContacts: 700,
        monthlyTotalCents: 33_100,
      }),
    });
    const at301 = await (
      await calculateTierRoute(req("/api/subscription/calculate-tier/301"), ctx({ n: "301" }))
    ).json();
    expect(at301.pricing).toMatchObject({
      contacts: 301,
      contactLimit: -1,
      additionalContacts: 1,
      monthlyTotalCents: 10_033,
    });
    expect((await calculateTierRoute(req("/api/subscription/calculate-tier/abc"), ctx({ n: "abc" }))).status).toBe(404);
  });

  it("GET /api/subscription/pricing says billing is off and exposes no keys", async () => {
    const body = await (await pricingRoute(req("/api/subscription/pricing"), ctx())).json();
    expect(body).toMatchObject({ billingEnabled: false, publishableKey: null, priceId: null });
  });
});

describe("billing off never reaches Stripe", () => {
  it("billing calls answer empty data, payment status says billing is disabled, checkout is refused", async () => {
    const { cookie } = await agency({ plan: "basic" });
    expect(await (await invoicesRoute(req("/api/billing/invoices", { cookie }), ctx())).json()).toEqual({ data: [] });
    expect(await (await paymentMethodRoute(req("/api/billing/payment-method", { cookie }), ctx())).json()).toEqual({
      data: null,
    });
    const plan = await (await planRoute(req("/api/billing/plan", { cookie }), ctx())).json();
    expect(plan.data).toMatchObject({
      name: "Basic",
      contactCount: 0,
      totalClients: 0,
      contactsIncluded: 300,
      basePrice: 100,
      pricePerAdditionalContact: 0.33,
      platformFee: 100,
      contactTierThreshold: 300,
      billingDisabled: true,
    });
    expect(plan.data.priceDescription).toBe("$100/month including 300 contacts, then $0.33 per contact per month");
    expect(await (await paymentStatusRoute(req("/api/stripe/payment-status", { cookie }), ctx())).json()).toMatchObject(
      { success: true, status: "billing_disabled", message: "Billing is disabled in this mode" },
    );
    const checkout = await createCheckoutRoute(
      req("/api/create-checkout-session", {
        method: "POST",
        cookie,
        body: { priceId: "price_x", customerEmail: "a@b.test", customerName: "A B" },
      }),
      ctx(),
    );
    expect(checkout.status).toBe(400);
    expect((await checkout.json()).error.message).toBe("Billing is disabled in this mode");
    const webhook = await webhookRoute(
      req("/api/webhooks/stripe", { method: "POST", body: { id: "evt_1", type: "invoice.paid" } }),
      ctx(),
    );
    expect(webhook.status).toBe(404);
  });
});

describe("/api/me accountStatus reflects the limits", () => {
  it("good standing within the plan, contact_limit_exceeded above it", async () => {
    const { org, sessionToken } = await agency({ plan: "basic" });
    const me = async () => mePayload((await getCurrentAccount(sessionToken))!);
    expect((await me()).accountStatus).toMatchObject({
      status: "good_standing",
      subscriptionStatus: "billing_disabled",
    });
    await db.prisma.organization.update({ where: { id: org.id }, data: { contactLimit: 1 } });
    await createContact(db.prisma, org.id, { now });
    await createContact(db.prisma, org.id, { now });
    expect((await me()).accountStatus).toMatchObject({
      status: "contact_limit_exceeded",
      currentContactCount: 2,
      contactLimit: 1,
    });
  });
});
