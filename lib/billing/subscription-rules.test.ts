import {
  downgradeProblem,
  overLimitMessage,
  planLimitNotice,
  PAYMENT_STATUS_MESSAGES,
  paymentStatusFor,
  SUBSCRIPTION_MESSAGES,
  subscriptionChangeProblem,
} from "@/lib/billing/subscription-rules";

const current = { tierId: "pro", extraAgents: 1, extraContacts: 0 };

describe("subscriptionChangeProblem (§5 Subscription)", () => {
  it.each([
    [{ tierId: "", extraAgents: 0, extraContacts: 0 }, "Please select a plan"],
    [{ tierId: "pro", extraAgents: 1, extraContacts: 0 }, "No changes made to your subscription."],
    // Extra contacts buy nothing (contacts are not capped): any non-zero amount is refused, on every plan.
    [{ tierId: "pro", extraAgents: 1, extraContacts: 5_000 }, SUBSCRIPTION_MESSAGES.extraContactsNotSold],
    [{ tierId: "basic", extraAgents: 0, extraContacts: 5_000 }, SUBSCRIPTION_MESSAGES.extraContactsNotSold],
    [{ tierId: "pro", extraAgents: -1, extraContacts: 0 }, SUBSCRIPTION_MESSAGES.extraAgentsInvalid],
    [{ tierId: "basic", extraAgents: 1, extraContacts: 0 }, SUBSCRIPTION_MESSAGES.addOnsProOnly],
    [{ tierId: "pro", extraAgents: 2, extraContacts: 0 }, null],
    [{ tierId: "basic", extraAgents: 0, extraContacts: 0 }, null],
  ])("%o → %s", (next, problem) => {
    expect(subscriptionChangeProblem(current, next)).toBe(problem);
  });
  it("the messages are the spec's", () => {
    expect(SUBSCRIPTION_MESSAGES.selectPlan).toBe("Please select a plan");
    expect(SUBSCRIPTION_MESSAGES.noChanges).toBe("No changes made to your subscription.");
    expect(SUBSCRIPTION_MESSAGES.extraContactsNotSold).toBe(
      "Extra contacts are not sold: no plan limits contacts, and each contact above 300 is billed at $0.33 a month. Send extraContacts 0 or leave it out.",
    );
  });
});

describe("limits", () => {
  it("a plan below what the organization has is refused, with the counts", () => {
    expect(
      downgradeProblem({
        agentLimit: 1,
        contactLimit: 300,
        extraAgents: 0,
        extraContacts: 0,
        agentCount: 3,
        contactCount: 10,
      }),
    ).toBe("Your organization has 3 agents, but your plan only allows for 1. Remove agents or choose a larger plan.");
    expect(
      downgradeProblem({
        agentLimit: 5,
        contactLimit: 300,
        extraAgents: 0,
        extraContacts: 0,
        agentCount: 3,
        contactCount: 1_200,
      }),
    ).toBe(
      "Your organization has 1,200 contacts, but your plan only allows for 300. Remove contacts or choose a larger plan.",
    );
    // Basic and Pro carry no contact limit: moving to Basic with 1,200 contacts is fine (agents permitting).
    expect(
      downgradeProblem({
        agentLimit: 1,
        contactLimit: -1,
        extraAgents: 0,
        extraContacts: 0,
        agentCount: 1,
        contactCount: 1_200,
      }),
    ).toBeNull();
    expect(
      downgradeProblem({
        agentLimit: -1,
        contactLimit: -1,
        extraAgents: 0,
        extraContacts: 0,
        agentCount: 300,
        contactCount: 90_000,
      }),
    ).toBeNull();
  });
  it("overLimitMessage names one and many", () => {
    expect(overLimitMessage("agents", 1, 0)).toBe(
      "Your organization has 1 agent, but your plan only allows for 0. Upgrade your plan to add more.",
    );
  });
});

describe("planLimitNotice (the banner with the upgrade link)", () => {
  const plan = { agentLimit: 1, contactLimit: 300, extraAgents: 0, extraContacts: 0 };
  it.each([
    [{ agentCount: 1, contactCount: 299 }, null],
    [
      { agentCount: 2, contactCount: 10 },
      {
        kind: "agents",
        message: "Your organization has 2 agents, but your plan only allows for 1. Upgrade your plan to add more.",
      },
    ],
    [
      { agentCount: 1, contactCount: 301 },
      {
        kind: "contacts",
        message:
          "Your organization has 301 contacts, but your plan only allows for 300. Upgrade your plan to add more.",
      },
    ],
    [
      { agentCount: 1, contactCount: 300 },
      {
        kind: "contacts",
        message: "Your organization has 300 contacts, the most your plan allows. Upgrade your plan to add more.",
      },
    ],
    [{ agentCount: 1, contactCount: 300, extraContacts: 5_000 }, null],
    // The plans themselves: Basic (1 agent, no contact limit) with 301 contacts or more has nothing to say.
    [{ agentCount: 1, contactCount: 301, contactLimit: -1 }, null],
    [{ agentCount: 1, contactCount: 40_000, contactLimit: -1 }, null],
    [{ agentCount: 9, contactCount: 90_000, agentLimit: -1, contactLimit: -1 }, null],
  ] as const)("%o → %o", (counts, notice) => {
    expect(planLimitNotice({ ...plan, ...counts })).toEqual(notice);
  });
});

describe("payment status", () => {
  it.each([
    ["active", "paid", "Payments active"],
    ["trialing", "paid", "Payments active"],
    ["past_due", "needs_update", "Payment needs to be updated. Click to update payment information."],
    ["unpaid", "needs_update", "Payment needs to be updated. Click to update payment information."],
    ["canceled", "no_subscription", "Payment status unknown"],
    ["something_new", "unknown", "Payment status unknown"],
  ] as const)("%s → %s (%s)", (stripeStatus, status, text) => {
    expect(paymentStatusFor(stripeStatus)).toBe(status);
    expect(PAYMENT_STATUS_MESSAGES[paymentStatusFor(stripeStatus)]).toBe(text);
  });
});
