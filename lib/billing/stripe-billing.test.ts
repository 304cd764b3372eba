import { NextRequest } from "next/server";
import { POST as createCheckoutRoute } from "@/app/api/create-checkout-session/route";
import { GET as sessionStatusRoute } from "@/app/api/session-status/route";
import { GET as checkoutSessionRoute } from "@/app/api/checkout-session/route";
import { POST as paymentCompleteRoute } from "@/app/api/stripe/payment-complete/route";
import { POST as legacyCheckoutRoute } from "@/app/api/stripe/create-checkout-session/route";
import { GET as redirectRoute } from "@/app/api/stripe/redirect-to-checkout/route";
import { GET as paymentStatusRoute } from "@/app/api/stripe/payment-status/route";
import { GET as subscriptionStatusRoute } from "@/app/api/stripe/subscription-status/route";
import { POST as webhookRoute } from "@/app/api/webhooks/stripe/route";
import { GET as invoicesRoute } from "@/app/api/billing/invoices/route";
import { GET as downloadRoute } from "@/app/api/billing/invoices/[id]/download/route";
import { GET as paymentMethodRoute } from "@/app/api/billing/payment-method/route";
import { POST as portalRoute } from "@/app/api/billing/portal/route";
import { PUT as updateSubscriptionRoute } from "@/app/api/organizations/[orgId]/subscription/route";
import { POST as choosePlanRoute } from "@/app/api/choose-plan/route";
import { GET as pricingRoute } from "@/app/api/subscription/pricing/route";
import { PLANS } from "@/lib/billing/plans";
import { SUBSCRIPTION_MESSAGES } from "@/lib/billing/subscription-rules";
import { reportAllContactUsage, reportContactUsage } from "@/lib/billing/usage";
import { goLiveNow } from "@/lib/trial/go-live-now";
import { resetEnvForTests } from "@/lib/env";
import { setupTestDatabase } from "@/lib/testing/db";
import { startFakeStripeServer, type FakeStripeServer } from "@/lib/testing/fake-stripe-server";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

/**
 * Billing with Stripe on: the real stripe SDK against lib/testing/fake-stripe-server.ts, webhooks
 * signed with Stripe's own test-header helper.
 */
const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
let stripe: FakeStripeServer;

beforeAll(async () => {
  for (const { id, ...data } of PLANS)
    await db.prisma.subscriptionTier.upsert({ where: { id }, create: { id, ...data }, update: data });
  stripe = await startFakeStripeServer();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PRICE_ID: "price_base",
    STRIPE_METERED_PRICE_ID: "price_meter_contacts",
    STRIPE_EXTRA_AGENT_PRICE_ID: "price_extra_agent",
    STRIPE_API_BASE: stripe.baseUrl,
  });
  resetEnvForTests();
});

afterAll(async () => {
  for (const key of [
    "STRIPE_SECRET_KEY",
    "STRIPE_PUBLISHABLE_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_PRICE_ID",
    "STRIPE_METERED_PRICE_ID",
    "STRIPE_EXTRA_AGENT_PRICE_ID",
    "STRIPE_API_BASE",
  ])
    delete process.env[key];
  resetEnvForTests();
  await stripe?.close();
});

function req(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string>; raw?: string } = {},
) {
  return new NextRequest(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
    body: init.raw ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
}
const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const orgRow = (id: string) => db.prisma.organization.findUniqueOrThrow({ where: { id } });

async function agency(plan = "pro") {
  const org = await createOrganization(db.prisma, { now });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true, isAgent: true });
  const { cookie } = await createSession(db.prisma, admin.id, { now });
  const chosen = await choosePlanRoute(
    req("/api/choose-plan", { method: "POST", cookie, body: { plan, orgSlug: org.slug } }),
    ctx(),
  );
  expect(chosen.status).toBe(200);
  return { org, admin, cookie };
}

async function deliver(event: ReturnType<FakeStripeServer["event"]>, secret?: string) {
  const { payload, signature } = stripe.signedWebhook(event, secret);
  return webhookRoute(
    req("/api/webhooks/stripe", {
      method: "POST",
      raw: payload,
      headers: { "stripe-signature": signature, "content-type": "application/json" },
    }),
    ctx(),
  );
}

/** The embedded checkout up to a completed session (the card form is the fake's completeCheckout). */
async function checkout(cookie: string) {
  const created = await createCheckoutRoute(
    req("/api/create-checkout-session", {
      method: "POST",
      cookie,
      body: {
        priceId: "price_base",
        meteredPriceId: "price_meter_contacts",
        customerEmail: "owner@agency.test",
        customerName: "Owner Person",
      },
    }),
    ctx(),
  );
  expect(created.status).toBe(200);
  const { clientSecret } = await created.json();
  const sessionId = clientSecret.split("_secret_")[0];
  return { clientSecret, sessionId };
}

async function agentOf(orgId: string) {
  const agent = await createUser(db.prisma, orgId, { now, isAgent: true });
  return (await createSession(db.prisma, agent.id, { now })).cookie;
}

describe("choose plan with Stripe on", () => {
  it("records the plan but not an active subscription: payment comes in the payment step", async () => {
    const { org } = await agency("basic");
    expect(await orgRow(org.id)).toMatchObject({
      subscriptionTierId: "basic",
      billingDisabled: false,
      subscriptionStatus: "none",
      paymentCompleted: false,
    });
  });

  it("once paid, choosing again is refused (409): seats would change without Stripe charging for them", async () => {
    const { org, cookie } = await agency("pro");
    const { sessionId } = await checkout(cookie);
    stripe.completeCheckout(sessionId);
    await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));
    const res = await choosePlanRoute(
      req("/api/choose-plan", { method: "POST", cookie, body: { plan: "pro", orgSlug: org.slug, extraAgents: 4 } }),
      ctx(),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(
      "Your organization already has a paid subscription. Change it on the Change Plan page.",
    );
    expect((await orgRow(org.id)).extraAgents).toBe(0);
  });
});

describe("GET /api/subscription/pricing with Stripe on", () => {
  it("gives the browser the publishable key and price ids, never a secret", async () => {
    const res = await pricingRoute(req("/api/subscription/pricing"), ctx());
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      billingEnabled: true,
      publishableKey: "pk_test_fake",
      priceId: "price_base",
      meteredPriceId: "price_meter_contacts",
    });
    expect(text).not.toContain(stripe.secretKey);
    expect(text).not.toContain(stripe.webhookSecret);
  });
});

describe("roles and other organizations", () => {
  it("payments are admin only: an agent gets 403 from checkout, payment-complete, the legacy checkout and the portal", async () => {
    const { org } = await agency();
    const cookie = await agentOf(org.id);
    const answers = await Promise.all([
      createCheckoutRoute(
        req("/api/create-checkout-session", {
          method: "POST",
          cookie,
          body: { priceId: "price_base", customerEmail: "a@b.test", customerName: "A B" },
        }),
        ctx(),
      ),
      paymentCompleteRoute(
        req("/api/stripe/payment-complete", {
          method: "POST",
          cookie,
          body: { stripeCustomerId: "cus_x", stripeSubscriptionId: "sub_x" },
        }),
        ctx(),
      ),
      legacyCheckoutRoute(
        req("/api/stripe/create-checkout-session", {
          method: "POST",
          cookie,
          body: { orgSlug: org.slug, tierId: "pro" },
        }),
        ctx(),
      ),
      portalRoute(req("/api/billing/portal", { method: "POST", cookie }), ctx()),
      updateSubscriptionRoute(
        req(`/api/organizations/${org.slug}/subscription`, { method: "PUT", cookie, body: { tierId: "basic" } }),
        ctx({ orgId: org.slug }),
      ),
    ]);
    expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(
      stripe.requests.some((r) => r.path === "/v1/checkout/sessions" && r.body.client_reference_id === org.id),
    ).toBe(false);
  });

  it("another organization's slug (legacy checkout) and checkout session (redirect) are 404", async () => {
    const mine = await agency();
    const theirs = await agency();
    const slugOfOther = await legacyCheckoutRoute(
      req("/api/stripe/create-checkout-session", {
        method: "POST",
        cookie: mine.cookie,
        body: { orgSlug: theirs.org.slug, tierId: "pro" },
      }),
      ctx(),
    );
    expect(slugOfOther.status).toBe(404);
    const legacy = await legacyCheckoutRoute(
      req("/api/stripe/create-checkout-session", {
        method: "POST",
        cookie: theirs.cookie,
        body: { orgSlug: theirs.org.slug, tierId: "pro" },
      }),
      ctx(),
    );
    const { sessionId } = await legacy.json();
    expect(
      (
        await redirectRoute(
          req(`/api/stripe/redirect-to-checkout?session_id=${sessionId}`, { cookie: mine.cookie }),
          ctx(),
        )
      ).status,
    ).toBe(404);
  });

  it("the legacy checkout without a plan says 'Please select a plan'", async () => {
    const { org, cookie } = await agency();
    const res = await legacyCheckoutRoute(
      req("/api/stripe/create-checkout-session", { method: "POST", cookie, body: { orgSlug: org.slug } }),
      ctx(),
    );
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toBe("Please select a plan");
  });
});

describe("embedded checkout → polling → payment complete", () => {
  it("creates an embedded subscription session with the base and metered prices, then records the completed payment", async () => {
    const { org, cookie } = await agency();
    const { clientSecret, sessionId } = await checkout(cookie);
    const sent = stripe.requests.find(
      (r) => r.method === "POST" && r.path === "/v1/checkout/sessions" && r.body.client_reference_id === org.id,
    )!;
    expect(sent.body).toMatchObject({
      ui_mode: "embedded_page",
      mode: "subscription",
      redirect_on_completion: "never",
      allow_promotion_codes: "true",
      automatic_tax: { enabled: "true" },
      customer_email: "owner@agency.test",
      line_items: [{ price: "price_base", quantity: "1" }, { price: "price_meter_contacts" }],
      metadata: { organizationId: org.id, tierId: "pro" },
    });

    const poll = async () =>
      (await sessionStatusRoute(req(`/api/session-status?session_id=${sessionId}`, { cookie }), ctx())).json();
    expect(await poll()).toMatchObject({ status: "open" });
    expect((await orgRow(org.id)).paymentCompleted).toBe(false);

    await createContact(db.prisma, org.id, { now });
    const { customer, subscription } = stripe.completeCheckout(sessionId);
    expect(await poll()).toMatchObject({ status: "complete" });
    const afterPoll = await orgRow(org.id);
    expect(afterPoll).toMatchObject({
      paymentCompleted: true,
      stripeCustomerId: customer.id,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: "active",
      paymentStatus: "paid",
    });

    const details = await (
      await checkoutSessionRoute(
        req(`/api/checkout-session?clientSecret=${encodeURIComponent(clientSecret)}`, { cookie }),
        ctx(),
      )
    ).json();
    const meteredItem = (subscription.items as { data: { id: string; price: { id: string } }[] }).data.find(
      (i) => i.price.id === "price_meter_contacts",
    )!;
    expect(details).toEqual({
      customer: customer.id,
      subscription: subscription.id,
      subscription_item: meteredItem.id,
    });

    const done = await paymentCompleteRoute(
      req("/api/stripe/payment-complete", {
        method: "POST",
        cookie,
        body: {
          email: "owner@agency.test",
          firstName: "Owner",
          lastName: "Person",
          stripeCustomerId: customer.id,
          stripeSubscriptionId: subscription.id,
          stripeUsageItemId: meteredItem.id,
        },
      }),
      ctx(),
    );
    expect(done.status).toBe(200);
    expect(await orgRow(org.id)).toMatchObject({
      paymentCompleted: true,
      onboardingCompleted: true,
      stripeUsageItemId: meteredItem.id,
      subscriptionStatus: "active",
    });
    // In the trial nothing is metered: usage charges start when the agency goes live.
    expect(
      stripe
        .meterEvents()
        .some((e) => (e.payload as { stripe_customer_id: string }).stripe_customer_id === customer.id),
    ).toBe(false);

    const status = await (await paymentStatusRoute(req("/api/stripe/payment-status", { cookie }), ctx())).json();
    expect(status).toEqual({ success: true, status: "paid", message: "Payments active", paymentCompleted: true });
    const sub = await (await subscriptionStatusRoute(req("/api/stripe/subscription-status", { cookie }), ctx())).json();
    expect(sub.data).toMatchObject({
      status: "active",
      planName: "Pro",
      cancelAtPeriodEnd: false,
      hasSubscription: true,
    });
  });

  it("Pro extra seats chosen with the plan are charged: the embedded checkout adds the seat item", async () => {
    const org = await createOrganization(db.prisma, { now });
    const admin = await createUser(db.prisma, org.id, { now, isAdmin: true, isAgent: true });
    const { cookie } = await createSession(db.prisma, admin.id, { now });
    expect(
      (
        await choosePlanRoute(
          req("/api/choose-plan", { method: "POST", cookie, body: { plan: "pro", orgSlug: org.slug, extraAgents: 2 } }),
          ctx(),
        )
      ).status,
    ).toBe(200);
    await checkout(cookie);
    const sent = stripe.requests.find(
      (r) => r.method === "POST" && r.path === "/v1/checkout/sessions" && r.body.client_reference_id === org.id,
    )!;
    expect(sent.body.line_items).toEqual([
      { price: "price_base", quantity: "1" },
      { price: "price_meter_contacts" },
      { price: "price_extra_agent", quantity: "2" },
    ]);
    expect(sent.body.metadata).toMatchObject({ extraAgents: "2" });
    // Contacts are billed by the meter, not bought in blocks: the checkout carries no extra-contacts amount.
    expect(sent.body.metadata).not.toHaveProperty("extraContacts");
  });

  it("a checkout completed while the browser was away (no polling, no webhook yet) is found by subscription-status, so the payment step resumes it", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    const { customer, subscription } = stripe.completeCheckout(sessionId);
    expect((await orgRow(org.id)).stripeSubscriptionId).toBeNull();
    const res = await subscriptionStatusRoute(req("/api/stripe/subscription-status", { cookie }), ctx());
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({
      status: "active",
      planName: "Pro",
      hasSubscription: true,
      customerId: customer.id,
      subscriptionId: subscription.id,
      cancelAtPeriodEnd: false,
    });
    // §5: dates in answers are ISO 8601 dates only.
    expect(data.currentPeriodEnd).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await orgRow(org.id)).toMatchObject({ paymentCompleted: true, stripeSubscriptionId: subscription.id });
    const done = await paymentCompleteRoute(
      req("/api/stripe/payment-complete", {
        method: "POST",
        cookie,
        body: { stripeCustomerId: data.customerId, stripeSubscriptionId: data.subscriptionId },
      }),
      ctx(),
    );
    expect(done.status).toBe(200);
    expect((await orgRow(org.id)).onboardingCompleted).toBe(true);
  });

  it("'Error: Missing required attributes' without price, email or name; a price that is not ours is refused", async () => {
    const { cookie } = await agency();
    const missing = await createCheckoutRoute(
      req("/api/create-checkout-session", {
        method: "POST",
        cookie,
        body: { priceId: "price_base", customerEmail: "a@b.test" },
      }),
      ctx(),
    );
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toBe("Error: Missing required attributes");
    const foreign = await createCheckoutRoute(
      req("/api/create-checkout-session", {
        method: "POST",
        cookie,
        body: { priceId: "price_cheap", customerEmail: "a@b.test", customerName: "A B" },
      }),
      ctx(),
    );
    expect((await foreign.json()).error.message).toBe("Failed to create payment session");
  });

  it("another organization's session, client secret or subscription is 404", async () => {
    const mine = await agency();
    const theirs = await agency();
    const { clientSecret, sessionId } = await checkout(theirs.cookie);
    const { customer, subscription } = stripe.completeCheckout(sessionId);
    expect(
      (await sessionStatusRoute(req(`/api/session-status?session_id=${sessionId}`, { cookie: mine.cookie }), ctx()))
        .status,
    ).toBe(404);
    expect(
      (
        await checkoutSessionRoute(
          req(`/api/checkout-session?clientSecret=${clientSecret}`, { cookie: mine.cookie }),
          ctx(),
        )
      ).status,
    ).toBe(404);
    const stolen = await paymentCompleteRoute(
      req("/api/stripe/payment-complete", {
        method: "POST",
        cookie: mine.cookie,
        body: { stripeCustomerId: customer.id, stripeSubscriptionId: subscription.id },
      }),
      ctx(),
    );
    expect(stolen.status).toBe(404);
    expect((await orgRow(mine.org.id)).paymentCompleted).toBe(false);
  });

  it("the legacy redirect flow creates a hosted session and redirects to it", async () => {
    const { org, cookie } = await agency();
    const res = await legacyCheckoutRoute(
      req("/api/stripe/create-checkout-session", {
        method: "POST",
        cookie,
        body: { orgSlug: org.slug, tierId: "pro", extraAgents: 2, extraContacts: 0 },
      }),
      ctx(),
    );
    expect(res.status).toBe(200);
    const { sessionId } = await res.json();
    const sent = stripe.requests
      .filter((r) => r.path === "/v1/checkout/sessions" && r.body.client_reference_id === org.id)
      .at(-1)!;
    expect(sent.body.line_items).toEqual([
      { price: "price_base", quantity: "1" },
      { price: "price_meter_contacts" },
      { price: "price_extra_agent", quantity: "2" },
    ]);
    const redirect = await redirectRoute(
      req(`/api/stripe/redirect-to-checkout?session_id=${sessionId}`, { cookie }),
      ctx(),
    );
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("location")).toContain(`/checkout/${sessionId}`);
    const bad = await legacyCheckoutRoute(
      req("/api/stripe/create-checkout-session", {
        method: "POST",
        cookie,
        body: { orgSlug: org.slug, tierId: "pro", extraContacts: 5_000 },
      }),
      ctx(),
    );
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.message).toBe(SUBSCRIPTION_MESSAGES.extraContactsNotSold);
  });
});

describe("webhooks", () => {
  it("a bad or missing signature is 400 and changes nothing", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    stripe.completeCheckout(sessionId);
    const event = stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!);
    expect((await deliver(event, "whsec_wrong")).status).toBe(400);
    const unsigned = await webhookRoute(
      req("/api/webhooks/stripe", { method: "POST", raw: JSON.stringify(event) }),
      ctx(),
    );
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json()).error.message).toBe("Invalid Stripe signature.");
    expect((await orgRow(org.id)).paymentCompleted).toBe(false);
    expect(await db.prisma.stripeEvent.findUnique({ where: { id: event.id } })).toBeNull();
  });

  it("an oversized body is refused (413) before any signature work", async () => {
    const event = stripe.event("customer.subscription.updated", {
      id: "sub_big",
      object: "subscription",
      customer: "cus_big",
      metadata: { padding: "x".repeat(1024 * 1024) },
      status: "active",
      items: { object: "list", data: [] },
    });
    const res = await deliver(event);
    expect(res.status).toBe(413);
    expect(await db.prisma.stripeEvent.findUnique({ where: { id: event.id } })).toBeNull();
  });

  it("checkout → webhook → active subscription, even when the browser never came back", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    const { subscription } = stripe.completeCheckout(sessionId);
    const res = await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, outcome: "processed" });
    expect(await orgRow(org.id)).toMatchObject({
      subscriptionStatus: "active",
      paymentStatus: "paid",
      paymentCompleted: true,
      onboardingCompleted: true,
      stripeSubscriptionId: subscription.id,
    });
  });

  it("payment failure → 'needs update' with a failure count → recovery; replays change nothing", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    const { subscription } = stripe.completeCheckout(sessionId);
    await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));

    const failed = stripe.failInvoice(subscription.id);
    const failedEvent = stripe.event("invoice.payment_failed", failed);
    expect(await (await deliver(failedEvent)).json()).toMatchObject({ outcome: "processed" });
    expect(await orgRow(org.id)).toMatchObject({
      paymentStatus: "needs_update",
      paymentFailureCount: 1,
      subscriptionStatus: "past_due",
    });
    const status = await (await paymentStatusRoute(req("/api/stripe/payment-status", { cookie }), ctx())).json();
    expect(status.message).toBe("Payment needs to be updated. Click to update payment information.");
    // The billing page lists the attempted, unpaid invoice as failed (§3 Invoice status).
    const listed = await (await invoicesRoute(req("/api/billing/invoices", { cookie }), ctx())).json();
    expect(listed.data.find((i: { id: string }) => i.id === failed.id)).toMatchObject({ status: "failed" });

    // The same event again (Stripe retries): still one failure.
    expect(await (await deliver(failedEvent)).json()).toMatchObject({ outcome: "duplicate" });
    expect((await orgRow(org.id)).paymentFailureCount).toBe(1);

    const paid = stripe.payInvoice(failed.id);
    expect(await (await deliver(stripe.event("invoice.paid", paid))).json()).toMatchObject({ outcome: "processed" });
    expect(await orgRow(org.id)).toMatchObject({
      paymentStatus: "paid",
      paymentFailureCount: 0,
      subscriptionStatus: "active",
    });
    expect(
      (await (await paymentStatusRoute(req("/api/stripe/payment-status", { cookie }), ctx())).json()).message,
    ).toBe("Payments active");
  });

  it("out-of-order events do not regress: a late 'past_due' update or a late failure after recovery changes nothing", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    const { subscription } = stripe.completeCheckout(sessionId);
    await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));

    const failed = stripe.failInvoice(subscription.id);
    const failedEvent = stripe.event("invoice.payment_failed", failed, { created: 1_000 });
    const pastDueEvent = stripe.event("customer.subscription.updated", stripe.objects.get(subscription.id)!, {
      created: 1_000,
    });
    const paid = stripe.payInvoice(failed.id);
    const paidEvent = stripe.event("invoice.paid", paid, { created: 2_000 });
    const activeEvent = stripe.event("customer.subscription.updated", stripe.objects.get(subscription.id)!, {
      created: 2_000,
    });

    // Newest first, then the stale ones.
    await deliver(activeEvent);
    await deliver(paidEvent);
    const before = await orgRow(org.id);
    expect(before).toMatchObject({ subscriptionStatus: "active", paymentStatus: "paid", paymentFailureCount: 0 });
    expect(await (await deliver(pastDueEvent)).json()).toMatchObject({ outcome: "processed" });
    expect(await (await deliver(failedEvent)).json()).toMatchObject({ outcome: "ignored" });
    const after = await orgRow(org.id);
    expect(after).toMatchObject({ subscriptionStatus: "active", paymentStatus: "paid", paymentFailureCount: 0 });
    expect(after.lastPaymentAt).toEqual(before.lastPaymentAt);
  });

  it("cancellation: customer.subscription.deleted marks the subscription canceled", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    const { subscription } = stripe.completeCheckout(sessionId);
    await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));
    stripe.setSubscription(subscription.id, { status: "canceled" });
    await deliver(stripe.event("customer.subscription.deleted", stripe.objects.get(subscription.id)!));
    expect(await orgRow(org.id)).toMatchObject({ subscriptionStatus: "canceled", paymentStatus: "no_subscription" });
  });

  it("an event for no organization is acknowledged and ignored", async () => {
    const res = await deliver(
      stripe.event("customer.subscription.updated", {
        id: "sub_nobody",
        object: "subscription",
        customer: "cus_nobody",
        metadata: {},
        status: "active",
        items: { object: "list", data: [] },
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "ignored" });
  });
});

describe("usage reporting", () => {
  it("reports the contact count once per day and reason, with the same identifier on Stripe's side", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    const { customer } = stripe.completeCheckout(sessionId);
    await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));
    const now = new Date("2026-11-23T06:00:00Z");
    await db.prisma.organization.update({ where: { id: org.id }, data: { demoMode: false, wentLiveAt: now } });
    for (let i = 0; i < 3; i++) await createContact(db.prisma, org.id, { now });
    const first = await reportContactUsage({ organizationId: org.id, now, reason: "daily" });
    expect(first).toEqual({ status: "reported", contactCount: 3, identifier: `contacts-${org.id}-daily-2026-11-23` });
    expect(
      await reportContactUsage({ organizationId: org.id, now: new Date("2026-11-23T18:00:00Z"), reason: "daily" }),
    ).toEqual({ status: "skipped", reason: "already_reported" });
    expect((await reportContactUsage({ organizationId: org.id, now, reason: "go_live" })).status).toBe("reported");
    const mine = stripe
      .meterEvents()
      .filter(
        (e) =>
          (e.payload as { stripe_customer_id: string }).stripe_customer_id === customer.id &&
          (e.identifier as string).includes("2026-11-23"),
      );
    expect(mine.map((e) => (e.payload as { value: string }).value)).toEqual(["3", "3"]);
    const rows = await db.prisma.billingUsageReport.findMany({
      where: { organizationId: org.id, idempotencyKey: { contains: "2026-11-23" } },
    });
    expect(rows.map((r) => r.contactCount)).toEqual([3, 3]);
  });

  it("reports nothing during the trial, daily or at checkout; going live starts the charges", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    const { customer } = stripe.completeCheckout(sessionId);
    await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));
    const now = new Date("2026-11-27T06:00:00Z");
    await createContact(db.prisma, org.id, { now });
    expect(await orgRow(org.id)).toMatchObject({ demoMode: true });
    expect(await reportContactUsage({ organizationId: org.id, now, reason: "daily" })).toEqual({
      status: "skipped",
      reason: "trial",
    });
    await reportAllContactUsage({ now });
    expect(
      stripe
        .meterEvents()
        .some((e) => (e.payload as { stripe_customer_id: string }).stripe_customer_id === customer.id),
    ).toBe(false);
  });

  it("going live reports the contact count at once", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    const { customer } = stripe.completeCheckout(sessionId);
    await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));
    const now = new Date("2026-11-26T15:00:00Z");
    for (let i = 0; i < 2; i++) await createContact(db.prisma, org.id, { now });
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { demoMode: true, wentLiveAt: null, postalAddress: "1 Main St, Austin, TX" },
    });
    const admin = await db.prisma.user.findFirstOrThrow({ where: { organizationId: org.id, isAdmin: true } });
    await goLiveNow({ organizationId: org.id, actor: { id: admin.id, isAdmin: true }, now });
    const live = stripe
      .meterEvents()
      .filter(
        (e) =>
          (e.payload as { stripe_customer_id: string }).stripe_customer_id === customer.id &&
          e.identifier === `contacts-${org.id}-go_live-2026-11-26`,
      );
    expect(live.map((e) => (e.payload as { value: string }).value)).toEqual(["2"]);
  });

  it("a report Stripe already has (crash after sending) counts as reported, not twice", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    stripe.completeCheckout(sessionId);
    await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));
    const now = new Date("2026-11-24T06:00:00Z");
    await db.prisma.organization.update({ where: { id: org.id }, data: { demoMode: false, wentLiveAt: now } });
    await reportContactUsage({ organizationId: org.id, now, reason: "daily" });
    // Simulate a crash before the row was marked: the row has an error, Stripe has the event.
    await db.prisma.billingUsageReport.updateMany({
      where: { organizationId: org.id, billingCycleKey: "2026-11", reportedAt: now },
      data: { error: "timeout" },
    });
    expect((await reportContactUsage({ organizationId: org.id, now, reason: "daily" })).status).toBe("reported");
  });

  it("the daily run skips billing-disabled organizations", async () => {
    const off = await createOrganization(db.prisma, { now });
    await db.prisma.organization.update({
      where: { id: off.id },
      data: { billingDisabled: true, stripeCustomerId: "cus_demo_never", paymentCompleted: true },
    });
    const totals = await reportAllContactUsage({ now: new Date("2026-11-25T06:00:00Z") });
    expect(totals.failed).toBe(0);
    expect(
      stripe
        .meterEvents()
        .some((e) => (e.payload as { stripe_customer_id: string }).stripe_customer_id === "cus_demo_never"),
    ).toBe(false);
  });
});

describe("billing page calls", () => {
  it("invoices, download URL, payment method and portal for the organization's customer; another's invoice is 404", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    const { customer, invoice } = stripe.completeCheckout(sessionId);
    await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));
    stripe.addInvoice(customer.id, {
      amount: 24_825,
      status: "open",
      created: Math.floor(Date.parse("2026-10-01T00:00:00Z") / 1000),
      number: "OLD-1",
    });

    const invoices = await (await invoicesRoute(req("/api/billing/invoices", { cookie }), ctx())).json();
    expect(invoices.data).toHaveLength(2);
    expect(invoices.data[0]).toMatchObject({
      id: invoice.id,
      status: "paid",
      amount: 100,
      currency: "usd",
      plan: "Pro",
    });
    expect(invoices.data[1]).toMatchObject({ number: "OLD-1", date: "2026-10-01", status: "pending", amount: 248.25 });

    const download = await (
      await downloadRoute(req(`/api/billing/invoices/${invoice.id}/download`, { cookie }), ctx({ id: invoice.id }))
    ).json();
    expect(download).toEqual({ data: { url: `https://invoice.stripe.test/${invoice.id}.pdf` } });

    const method = await (await paymentMethodRoute(req("/api/billing/payment-method", { cookie }), ctx())).json();
    expect(method.data).toMatchObject({ type: "card", brand: "visa", last4: "4242", expiryMonth: 12 });

    const portal = await (await portalRoute(req("/api/billing/portal", { method: "POST", cookie }), ctx())).json();
    expect(portal.data.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);

    const other = await agency();
    expect(
      (
        await downloadRoute(
          req(`/api/billing/invoices/${invoice.id}/download`, { cookie: other.cookie }),
          ctx({ id: invoice.id }),
        )
      ).status,
    ).toBe(404);
    expect(org.id).toBeTruthy();
  });

  it("Stripe failing answers the spec's messages", async () => {
    const { cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    stripe.completeCheckout(sessionId);
    await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));
    process.env.STRIPE_SECRET_KEY = "sk_test_revoked";
    resetEnvForTests();
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const invoices = await invoicesRoute(req("/api/billing/invoices", { cookie }), ctx());
      expect(invoices.status).toBe(503);
      expect((await invoices.json()).error.message).toBe("Failed to load invoices");
      expect(
        (await (await paymentMethodRoute(req("/api/billing/payment-method", { cookie }), ctx())).json()).error.message,
      ).toBe("Failed to load payment method information.");
      // The failure is logged (request id, error name) but never with a key.
      expect(logged).toHaveBeenCalled();
      const text = logged.mock.calls
        .map((args) =>
          args
            .map((a) => (typeof a === "string" ? a : JSON.stringify(a, Object.getOwnPropertyNames(a ?? {}))))
            .join(" "),
        )
        .join("\n");
      expect(text).not.toContain("sk_test_");
      expect(text).not.toContain(stripe.webhookSecret);
    } finally {
      logged.mockRestore();
      process.env.STRIPE_SECRET_KEY = stripe.secretKey;
      resetEnvForTests();
    }
  });

  it("'Failed to update plan. Please try again.' when Stripe refuses the change; the plan stays as it was", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    stripe.completeCheckout(sessionId);
    await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));
    process.env.STRIPE_SECRET_KEY = "sk_test_revoked";
    resetEnvForTests();
    try {
      const res = await updateSubscriptionRoute(
        req(`/api/organizations/${org.slug}/subscription`, {
          method: "PUT",
          cookie,
          body: { tierId: "pro", extraAgents: 2, extraContacts: 0 },
        }),
        ctx({ orgId: org.slug }),
      );
      expect(res.status).toBe(503);
      expect((await res.json()).error.message).toBe("Failed to update plan. Please try again.");
      expect((await orgRow(org.id)).extraAgents).toBe(0);
    } finally {
      process.env.STRIPE_SECRET_KEY = stripe.secretKey;
      resetEnvForTests();
    }
  });

  it("changing plan with a live subscription updates the extra-seat item on Stripe", async () => {
    const { org, cookie } = await agency();
    const { sessionId } = await checkout(cookie);
    const { subscription } = stripe.completeCheckout(sessionId);
    await deliver(stripe.event("checkout.session.completed", stripe.objects.get(sessionId)!));
    const res = await updateSubscriptionRoute(
      req(`/api/organizations/${org.slug}/subscription`, {
        method: "PUT",
        cookie,
        body: { tierId: "pro", extraAgents: 3, extraContacts: 0 },
      }),
      ctx({ orgId: org.slug }),
    );
    expect(res.status).toBe(200);
    const items = (
      stripe.objects.get(subscription.id)!.items as { data: { price: { id: string }; quantity?: number }[] }
    ).data;
    expect(items.find((i) => i.price.id === "price_extra_agent")?.quantity).toBe(3);
    expect((await orgRow(org.id)).extraAgents).toBe(3);
  });
});
