import { PLANS } from "@/lib/billing/plans";
import { accountStatus, type AccountStatusInput } from "@/lib/organizations/account-status";

const base: AccountStatusInput = {
  subscriptionTierId: "pro",
  subscriptionStatus: "active",
  billingDisabled: false,
  agentLimit: 5,
  contactLimit: 1000,
  extraAgents: 0,
  extraContacts: 0,
  currentAgentCount: 5,
  currentContactCount: 1000,
};

describe("accountStatus", () => {
  it.each([
    [{}, "good_standing"],
    [{ subscriptionStatus: "past_due" }, "inactive"],
    [{ subscriptionStatus: "none", billingDisabled: true }, "good_standing"],
    [{ subscriptionTierId: null, subscriptionStatus: "none", billingDisabled: true }, "inactive"],
    [{ currentAgentCount: 6 }, "agent_limit_exceeded"],
    [{ currentAgentCount: 6, extraAgents: 1 }, "good_standing"],
    [{ currentContactCount: 1001 }, "contact_limit_exceeded"],
    [{ currentContactCount: 6000, extraContacts: 5000 }, "good_standing"],
    [{ currentContactCount: 999_999, contactLimit: -1 }, "good_standing"],
    [{ currentAgentCount: 6, currentContactCount: 2000 }, "agent_limit_exceeded"],
  ] as const)("%o → %s", (changes, status) => {
    expect(accountStatus({ ...base, ...changes }).status).toBe(status);
  });
});

it("Basic with its 301st contact is in good standing: the plans cap agents, not contacts", () => {
  const basic = PLANS.find((plan) => plan.id === "basic")!;
  expect(basic.contactLimit).toBe(-1);
  const status = accountStatus({
    ...base,
    subscriptionTierId: "basic",
    agentLimit: basic.agentLimit,
    contactLimit: basic.contactLimit,
    currentAgentCount: 1,
    currentContactCount: 301,
  });
  expect(status).toMatchObject({ status: "good_standing", message: "Your account is in good standing." });
});

describe("accountStatus messages (domain-rules F banner texts)", () => {
  it("names the counts and the limit, and the subscription's status", () => {
    expect(accountStatus({ ...base, currentAgentCount: 7, extraAgents: 1 }).message).toBe(
      "Your organization has 7 agents, but your plan only allows for 6. Upgrade your plan to add more.",
    );
    expect(accountStatus({ ...base, currentContactCount: 1_001 }).message).toBe(
      "Your organization has 1,001 contacts, but your plan only allows for 1,000. Upgrade your plan to add more.",
    );
    expect(accountStatus({ ...base, subscriptionStatus: "past_due" }).message).toBe(
      "Your subscription is past due. Please update your payment method.",
    );
    expect(accountStatus({ ...base, subscriptionStatus: "none" }).message).toBe("Your subscription is not active.");
    expect(accountStatus(base).message).toBe("Your account is in good standing.");
  });
});
