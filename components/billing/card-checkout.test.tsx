import { act, render, screen, waitFor } from "@testing-library/react";
import { CardCheckout } from "@/components/billing/card-checkout";

type EmbeddedOptions = { fetchClientSecret: () => Promise<string>; onComplete: () => void };
let embedded: EmbeddedOptions | null = null;
const mount = jest.fn();
const stripeAvailable = { value: true };
jest.mock("@stripe/stripe-js", () => ({
  loadStripe: jest.fn(async () =>
    !stripeAvailable.value
      ? null
      : {
          createEmbeddedCheckoutPage: async (options: EmbeddedOptions) => {
            embedded = options;
            return { mount, destroy: jest.fn(), unmount: jest.fn() };
          },
        },
  ),
}));

const reply = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body });
let statuses: string[];
let answers: Record<string, { status: number; body: unknown }>;
const posted: Record<string, unknown> = {};

beforeEach(() => {
  stripeAvailable.value = true;
  embedded = null;
  statuses = ["open", "complete"];
  answers = {
    "/api/stripe/subscription-status": {
      status: 200,
      body: {
        data: {
          status: "none",
          planName: "Pro",
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          hasSubscription: false,
          customerId: null,
          subscriptionId: null,
        },
      },
    },
    "/api/subscription/pricing": {
      status: 200,
      body: { billingEnabled: true, publishableKey: "pk_test_x", priceId: "price_base", meteredPriceId: "price_meter" },
    },
    "/api/create-checkout-session": { status: 200, body: { clientSecret: "cs_test_1_secret_abc" } },
    "/api/checkout-session": {
      status: 200,
      body: { customer: "cus_1", subscription: "sub_1", subscription_item: "si_m" },
    },
    "/api/stripe/payment-complete": {
      status: 200,
      body: { success: true, redirectUrl: "/dashboard?payment_success=true" },
    },
  };
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const path = url.split("?")[0]!;
    if (init?.body) posted[path] = JSON.parse(String(init.body));
    if (path === "/api/session-status") return reply(200, { status: statuses.shift() ?? "open" });
    const answer = answers[path];
    return answer ? reply(answer.status, answer.body) : reply(404, {});
  }) as unknown as typeof fetch;
});

const noWait = async () => {};
const payer = { firstName: "Owner", lastName: "Person", email: "owner@agency.test" };
const props = { payer, wait: noWait };

async function payThroughForm() {
  await waitFor(() => expect(embedded).not.toBeNull());
  await act(async () => {
    await embedded!.fetchClientSecret();
    embedded!.onComplete();
  });
}

describe("CardCheckout", () => {
  it("mounts the embedded form with our prices, then polls, reads the session and records the payment", async () => {
    const onPaid = jest.fn();
    render(<CardCheckout {...props} onPaid={onPaid} />);
    expect(screen.getByText("Loading payment information...")).toBeTruthy();
    await payThroughForm();
    expect(mount).toHaveBeenCalled();
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith("/dashboard?payment_success=true"));
    expect(posted["/api/create-checkout-session"]).toEqual({
      priceId: "price_base",
      meteredPriceId: "price_meter",
      customerEmail: "owner@agency.test",
      customerName: "Owner Person",
    });
    expect(posted["/api/stripe/payment-complete"]).toEqual({
      email: "owner@agency.test",
      firstName: "Owner",
      lastName: "Person",
      stripeCustomerId: "cus_1",
      stripeSubscriptionId: "sub_1",
      stripeUsageItemId: "si_m",
    });
    expect(screen.getByText("Finalizing your account setup...")).toBeTruthy();
  });

  it("'Timeout waiting for payment confirmation' when the session stays open after the first look and 5 retries, with the advice and Refresh Page", async () => {
    statuses = ["open", "open", "open", "open", "open", "open", "complete"];
    render(<CardCheckout {...props} onPaid={jest.fn()} />);
    await payThroughForm();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Error");
    expect(alert.textContent).toContain("Timeout waiting for payment confirmation");
    expect(alert.textContent).toContain("404 setup_intent");
    expect(screen.getByRole("button", { name: "Refresh Page" })).toBeTruthy();
    expect(
      (global.fetch as jest.Mock).mock.calls.filter(([url]) => String(url).startsWith("/api/session-status")),
    ).toHaveLength(6);
    for (const advice of [
      "password-manager and ad-blocker",
      "private (incognito) window",
      "mainstream browser",
      "Opera",
    ])
      expect(alert.textContent).toContain(advice);
  });

  it("'Payment processing error: {status}' when the status call fails", async () => {
    const base = global.fetch as jest.Mock;
    global.fetch = jest.fn(async (url: string, init?: RequestInit) =>
      String(url).startsWith("/api/session-status") ? reply(502, {}) : base(url, init),
    ) as unknown as typeof fetch;
    render(<CardCheckout {...props} onPaid={jest.fn()} />);
    await payThroughForm();
    expect((await screen.findByRole("alert")).textContent).toContain("Payment processing error: 502");
  });

  it("an active subscription (paid while the browser was away) is shown and resumed, never sold twice", async () => {
    answers["/api/stripe/subscription-status"] = {
      status: 200,
      body: {
        data: {
          status: "active",
          planName: "Pro",
          currentPeriodEnd: "2026-12-22",
          cancelAtPeriodEnd: true,
          hasSubscription: true,
          customerId: "cus_9",
          subscriptionId: "sub_9",
        },
      },
    };
    const onPaid = jest.fn();
    render(<CardCheckout {...props} onPaid={onPaid} />);
    expect(await screen.findByText("Your subscription is active")).toBeTruthy();
    expect(screen.getByText("Plan: Pro")).toBeTruthy();
    expect(screen.getByText("Current period ends Dec 22, 2026")).toBeTruthy();
    expect(screen.getByText("Your subscription is set to cancel at the end of the current period.")).toBeTruthy();
    expect(embedded).toBeNull();
    expect((global.fetch as jest.Mock).mock.calls.some(([url]) => url === "/api/create-checkout-session")).toBe(false);
    act(() => screen.getByRole("button", { name: "Continue" }).click());
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith("/dashboard?payment_success=true"));
    expect(posted["/api/stripe/payment-complete"]).toMatchObject({
      stripeCustomerId: "cus_9",
      stripeSubscriptionId: "sub_9",
    });
  });

  it("'Failed to load current subscription' when the status check fails", async () => {
    answers["/api/stripe/subscription-status"] = { status: 500, body: {} };
    render(<CardCheckout {...props} onPaid={jest.fn()} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load current subscription");
    expect(embedded).toBeNull();
  });

  it("a period end that is not a date only is a data error shown as text", async () => {
    answers["/api/stripe/subscription-status"] = {
      status: 200,
      body: {
        data: {
          status: "active",
          planName: "Pro",
          currentPeriodEnd: "2026-12-22T00:00:00Z",
          cancelAtPeriodEnd: false,
          hasSubscription: true,
          customerId: "cus_9",
          subscriptionId: "sub_9",
        },
      },
    };
    render(<CardCheckout {...props} onPaid={jest.fn()} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Expected a date only, not a date and time");
  });

  it("'Payment session expired' for another status", async () => {
    statuses = ["expired"];
    render(<CardCheckout {...props} onPaid={jest.fn()} />);
    await payThroughForm();
    expect((await screen.findByRole("alert")).textContent).toContain("Payment session expired");
  });

  it("'Payment processing failed. Please try again.' when recording the payment fails", async () => {
    answers["/api/stripe/payment-complete"] = { status: 500, body: {} };
    render(<CardCheckout {...props} onPaid={jest.fn()} />);
    await payThroughForm();
    expect((await screen.findByRole("alert")).textContent).toContain("Payment processing failed. Please try again.");
  });

  it("'Error loading Stripe product IDs' when the price ids do not load", async () => {
    answers["/api/subscription/pricing"] = {
      status: 200,
      body: { billingEnabled: false, publishableKey: null, priceId: null },
    };
    render(<CardCheckout {...props} onPaid={jest.fn()} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Error loading Stripe product IDs");
  });

  it("'Failed to load payment form' when Stripe.js does not load (ad blockers)", async () => {
    stripeAvailable.value = false;
    render(<CardCheckout {...props} onPaid={jest.fn()} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load payment form");
  });

  it("pays as the payer the page hands down, without asking the server who is signed in", async () => {
    const onPaid = jest.fn();
    render(
      <CardCheckout
        payer={{ firstName: "Sam", lastName: "Admin", email: "sam@agency.test" }}
        wait={noWait}
        onPaid={onPaid}
      />,
    );
    await payThroughForm();
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(posted["/api/create-checkout-session"]).toMatchObject({
      customerEmail: "sam@agency.test",
      customerName: "Sam Admin",
    });
    const urls = (global.fetch as jest.Mock).mock.calls.map(([url]) => String(url).split("?")[0]);
    expect(urls).not.toContain("/api/me");
  });

  it("'Error: Missing required attributes' without a name or email", async () => {
    render(<CardCheckout {...props} payer={{ ...payer, email: "" }} onPaid={jest.fn()} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Error: Missing required attributes");
  });

  it("'Failed to create payment session' when the server cannot create one", async () => {
    answers["/api/create-checkout-session"] = { status: 503, body: {} };
    render(<CardCheckout {...props} onPaid={jest.fn()} />);
    await waitFor(() => expect(embedded).not.toBeNull());
    await expect(embedded!.fetchClientSecret()).rejects.toThrow("Failed to create payment session");
  });
});
