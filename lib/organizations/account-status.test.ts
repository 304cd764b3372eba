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
