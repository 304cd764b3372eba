import { PRICING } from "@/lib/billing/pricing";

/**
 * The plans (agency-side.md §2 Choose Plan, §9 Plans; domain-rules F), as data in one place. Prices
 * follow the pricing calculator: $100 a month including 300 contacts; pro adds seats and contact
 * add-ons; enterprise is "contact us". The billing work builds the calculator and Stripe on top.
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

export const PLANS: readonly PlanDefinition[] = [
  { id: "basic", name: "Basic", priceCents: PRICING.basePriceCents, agentLimit: 1, contactLimit: 300, sortOrder: 1, isContactUs: false, features: ["1 agent", "300 contacts included", "Automated quote emails", "Dashboard"] },
  { id: "pro", name: "Pro", priceCents: PRICING.basePriceCents, agentLimit: 5, contactLimit: 300, sortOrder: 2, isContactUs: false, features: ["Up to 5 agents", "300 contacts included", "Extra agents and contacts as add-ons", "Everything in Basic"] },
  { id: "enterprise", name: "Enterprise", priceCents: 0, agentLimit: -1, contactLimit: -1, sortOrder: 3, isContactUs: true, features: ["Unlimited agents", "Unlimited contacts", "Onboarding help"] },
];

export function planDefinition(id: string | null | undefined): PlanDefinition | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** Extra agent seats and extra contact blocks can be bought on the pro plan only (§6). */
export function planAllowsAddOns(tierId: string | null | undefined): boolean {
  return tierId === "pro";
}
