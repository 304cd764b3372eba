import { z } from "zod";
import { planAllowsAddOns } from "@/lib/billing/plans";
import { formatPerContact, PRICING } from "@/lib/billing/pricing";

/**
 * Pure rules of a subscription change (agency-side.md §5 "Subscription", §6 add-ons pro only) and of
 * the plan limits. The messages are the spec's where it has one.
 */

export const SUBSCRIPTION_MESSAGES = {
  selectPlan: "Please select a plan",
  noChanges: "No changes made to your subscription.",
  saveFailed: "Failed to save subscription",
  loadTiersFailed: "Failed to load subscription tiers",
  loadCurrentFailed: "Failed to load current subscription",
  updatePlanFailed: "Failed to update plan. Please try again.",
  customTierFailed: "Failed to calculate custom tier pricing",
  addOnsProOnly: "Extra agents are available on the Pro plan only.",
  /** extraContacts stays in the API (the spec's field) but buys nothing: contacts are not capped (docs/billing.md). */
  extraContactsNotSold: `Extra contacts are not sold: no plan limits contacts, and each contact above ${PRICING.includedContacts.toLocaleString("en-US")} is billed at ${formatPerContact(PRICING.perContactCentiCents)} a month. Send extraContacts 0 or leave it out.`,
  extraAgentsInvalid: "Extra agents must be a whole number of 0 or more.",
  alreadySubscribed: "Your organization already has a paid subscription. Change it on the Change Plan page.",
  contactUs: (tierName: string, supportEmail: string) =>
    `Please contact us at ${supportEmail} for the ${tierName} plan.`,
} as const;

export type SubscriptionChange = { tierId: string; extraAgents: number; extraContacts: number };
export type CurrentSubscription = { tierId: string | null; extraAgents: number; extraContacts: number };

/**
 * The problem with a requested change, or null when it may be saved. A non-zero extraContacts is
 * refused (422 at the routes) rather than ignored, so no caller believes it bought contact room.
 */
export function subscriptionChangeProblem(current: CurrentSubscription, next: SubscriptionChange): string | null {
  if (!next.tierId) return SUBSCRIPTION_MESSAGES.selectPlan;
  if (!Number.isInteger(next.extraAgents) || next.extraAgents < 0) return SUBSCRIPTION_MESSAGES.extraAgentsInvalid;
  if (next.extraContacts !== 0) return SUBSCRIPTION_MESSAGES.extraContactsNotSold;
  if (!planAllowsAddOns(next.tierId) && next.extraAgents > 0) return SUBSCRIPTION_MESSAGES.addOnsProOnly;
  if (
    current.tierId === next.tierId &&
    current.extraAgents === next.extraAgents &&
    current.extraContacts === next.extraContacts
  )
    return SUBSCRIPTION_MESSAGES.noChanges;
  return null;
}

/**
 * -1 means unlimited; add-ons raise a finite limit. The plans' contact limit is -1 (contacts are billed
 * per contact, not capped), so for contacts this only bites if an organization's row carries a finite
 * limit set by hand (an operator's abuse brake); the agent limits are the plans' real ones.
 */
export function effectiveLimit(limit: number, extra: number): number | null {
  return limit < 0 ? null : limit + Math.max(0, extra);
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The domain-rules F banner wording for an organization over a limit. */
export function overLimitMessage(kind: "agents" | "contacts", count: number, allowed: number): string {
  const [one, many] = kind === "agents" ? ["agent", "agents"] : ["contact", "contacts"];
  return `Your organization has ${plural(count, one, many)}, but your plan only allows for ${allowed.toLocaleString("en-US")}. Upgrade your plan to add more.`;
}

export type PlanLimitNotice = { kind: "agents" | "contacts"; message: string };

/**
 * The banner with the upgrade link (issue #8 item 7; the original's LimitBanner): an organization over
 * a limit (domain-rules F wording), or with every contact place taken under a finite contact limit
 * (none of the plans has one: see effectiveLimit), so the next contact would be refused. A full set of agent seats is the normal state of a one-agent
 * plan, so only going over it is shown.
 */
export function planLimitNotice({
  agentLimit,
  contactLimit,
  extraAgents,
  extraContacts,
  agentCount,
  contactCount,
}: {
  agentLimit: number;
  contactLimit: number;
  extraAgents: number;
  extraContacts: number;
  agentCount: number;
  contactCount: number;
}): PlanLimitNotice | null {
  const agents = effectiveLimit(agentLimit, extraAgents);
  if (agents !== null && agentCount > agents)
    return { kind: "agents", message: overLimitMessage("agents", agentCount, agents) };
  const contacts = effectiveLimit(contactLimit, extraContacts);
  if (contacts !== null && contactCount > contacts)
    return { kind: "contacts", message: overLimitMessage("contacts", contactCount, contacts) };
  if (contacts !== null && contacts > 0 && contactCount === contacts) {
    return {
      kind: "contacts",
      message: `Your organization has ${plural(contactCount, "contact", "contacts")}, the most your plan allows. Upgrade your plan to add more.`,
    };
  }
  return null;
}

/** Refuses a plan whose limits are below what the organization already has (a downgrade must make room first). */
export function downgradeProblem({
  agentLimit,
  contactLimit,
  extraAgents,
  extraContacts,
  agentCount,
  contactCount,
}: {
  agentLimit: number;
  contactLimit: number;
  extraAgents: number;
  extraContacts: number;
  agentCount: number;
  contactCount: number;
}): string | null {
  const agents = effectiveLimit(agentLimit, extraAgents);
  if (agents !== null && agentCount > agents)
    return overLimitMessage("agents", agentCount, agents).replace(
      "Upgrade your plan to add more.",
      "Remove agents or choose a larger plan.",
    );
  const contacts = effectiveLimit(contactLimit, extraContacts);
  if (contacts !== null && contactCount > contacts)
    return overLimitMessage("contacts", contactCount, contacts).replace(
      "Upgrade your plan to add more.",
      "Remove contacts or choose a larger plan.",
    );
  return null;
}

/** The header's payment status (paid | needs_update | no_subscription | unknown) from Stripe's subscription status. */
export function paymentStatusFor(subscriptionStatus: string): "paid" | "needs_update" | "no_subscription" | "unknown" {
  if (subscriptionStatus === "active" || subscriptionStatus === "trialing") return "paid";
  if (["past_due", "unpaid", "incomplete", "paused"].includes(subscriptionStatus)) return "needs_update";
  if (["canceled", "incomplete_expired", "none"].includes(subscriptionStatus)) return "no_subscription";
  return "unknown";
}

export const PAYMENT_STATUS_MESSAGES = {
  paid: "Payments active",
  needs_update: "Payment needs to be updated. Click to update payment information.",
  no_subscription: "Payment status unknown",
  unknown: "Payment status unknown",
} as const;

/** GET /api/subscription/calculate-tier/{n}: a whole number of contacts (the wizard's Custom tier asks with it). */
export const calculateTierParamsSchema = z.object({ n: z.coerce.number().int().min(0).max(10_000_000) });
