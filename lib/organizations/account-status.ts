/**
 * The account's standing (domain-rules E.2, the organization_status view), pure: inactive when the
 * subscription is not active, then agent and contact limits, else good standing. Limits of -1 mean
 * unlimited; add-ons raise them.
 */
import { effectiveLimit, overLimitMessage } from "@/lib/billing/subscription-rules";

export type AccountStatusInput = {
  subscriptionTierId: string | null;
  subscriptionStatus: string;
  billingDisabled: boolean;
  agentLimit: number;
  contactLimit: number;
  extraAgents: number;
  extraContacts: number;
  currentAgentCount: number;
  currentContactCount: number;
};

export type AccountStatus = "inactive" | "agent_limit_exceeded" | "contact_limit_exceeded" | "good_standing";

const over = (count: number, limit: number, extra: number) => limit >= 0 && count > limit + extra;

export function accountStatus(input: AccountStatusInput): { status: AccountStatus; message: string } {
  // With billing off (embedded mode) a chosen plan counts as active: the UI says billing is disabled.
  const active = input.billingDisabled
    ? input.subscriptionTierId !== null
    : ["active", "trialing"].includes(input.subscriptionStatus);
  if (!active) {
    // domain-rules F: "Your subscription is <status>. Please update your payment method."
    const message =
      input.subscriptionStatus === "none" || input.billingDisabled
        ? "Your subscription is not active."
        : `Your subscription is ${input.subscriptionStatus.replace(/_/g, " ")}. Please update your payment method.`;
    return { status: "inactive", message };
  }
  if (over(input.currentAgentCount, input.agentLimit, input.extraAgents)) {
    return {
      status: "agent_limit_exceeded",
      message: overLimitMessage(
        "agents",
        input.currentAgentCount,
        effectiveLimit(input.agentLimit, input.extraAgents) ?? 0,
      ),
    };
  }
  if (over(input.currentContactCount, input.contactLimit, input.extraContacts)) {
    return {
      status: "contact_limit_exceeded",
      message: overLimitMessage(
        "contacts",
        input.currentContactCount,
        effectiveLimit(input.contactLimit, input.extraContacts) ?? 0,
      ),
    };
  }
  return { status: "good_standing", message: "Your account is in good standing." };
}
