import { formatDollars, formatPerContact, PRICING } from "@/lib/billing/pricing";

/**
 * The plans (agency-side.md §2 Choose Plan, §9 Plans; domain-rules F), as data in one place. Prices
 * follow the pricing calculator: $100 a month including 300 contacts, then $0.33 a month per contact
 * above 300 (metered). No plan caps contacts (contactLimit -1): plans differ by agents; pro adds extra
 * agent seats; enterprise is "contact us". docs/billing.md says why.
 */
export type PlanDefinition = {
  id: "basic" | "pro" | "enterprise";
  name: string;
  priceCents: number;
  agentLimit: number; // -1: unlimited
  contactLimit: number; // -1: unlimited
  features: string[];
  sortOrder: number;
  isContactUs: boolean;
};

/** "300 contacts included, then $0.33 per contact/month": the plan cards say the same as /pricing. */
const CONTACTS_FEATURE = `${PRICING.includedContacts.toLocaleString("en-US")} contacts included, then ${formatPerContact(PRICING.perContactCentiCents)} per contact/month`;

export const PLANS: readonly PlanDefinition[] = [
  {
    id: "basic",
    name: "Basic",
    priceCents: PRICING.basePriceCents,
    agentLimit: 1,
    contactLimit: -1,
    sortOrder: 1,
    isContactUs: false,
    features: ["1 agent", CONTACTS_FEATURE, "Automated quote emails", "Dashboard"],
  },
  {
    id: "pro",
    name: "Pro",
    priceCents: PRICING.basePriceCents,
    agentLimit: 5,
    contactLimit: -1,
    sortOrder: 2,
    isContactUs: false,
    features: [
      "Up to 5 agents",
      CONTACTS_FEATURE,
      `Extra agents ${formatDollars(PRICING.extraAgentPriceCents)}/month each`,
      "Everything in Basic",
    ],
  },
  {
    id: "enterprise",
    name: "Enterprise",
    priceCents: 0,
    agentLimit: -1,
    contactLimit: -1,
    sortOrder: 3,
    isContactUs: true,
    features: ["Unlimited agents", "Unlimited contacts", "Onboarding help"],
  },
];

export function planDefinition(id: string | null | undefined): PlanDefinition | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** Extra agent seats can be bought on the pro plan only (§6); there is no contact add-on. */
export function planAllowsAddOns(tierId: string | null | undefined): boolean {
  return tierId === "pro";
}

/** What a plan card says beside its price: who the plan is for (plans differ by agents, not contacts). */
export function planAudience(tier: { agentLimit: number; isContactUs: boolean }): string {
  if (tier.isContactUs || tier.agentLimit < 0) return "For larger agencies: any number of agents";
  if (tier.agentLimit === 1) return "For one agent working alone";
  return `For a team: up to ${tier.agentLimit} agents, more at ${formatDollars(PRICING.extraAgentPriceCents)}/month each`;
}

/** The units under every priced plan: what the monthly price includes. */
export const PLAN_PRICE_UNITS = `includes ${PRICING.includedContacts.toLocaleString("en-US")} contacts, then ${formatPerContact(PRICING.perContactCentiCents)} per contact/month`;

/**
 * When priced plans cost the same, the line above the cards says so and names the difference
 * ("Basic and Pro cost the same…"); null when their prices differ or there is one.
 */
export function samePriceNote(
  tiers: readonly { name: string; priceCents: number; agentLimit: number; isContactUs: boolean }[],
): string | null {
  const priced = tiers.filter((t) => !t.isContactUs);
  if (priced.length < 2 || new Set(priced.map((t) => t.priceCents)).size !== 1) return null;
  const names = priced.map((t) => t.name);
  const list = names.length === 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const agents = priced
    .map((t) => `${t.name} ${t.agentLimit === 1 ? "is for 1 agent" : `for up to ${t.agentLimit} agents`}`)
    .join(", ");
  return `${list} cost the same ${formatDollars(priced[0]!.priceCents)} a month; they differ only in agents: ${agents}.`;
}
