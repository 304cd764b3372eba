import { PLANS, PLAN_PRICE_UNITS, planAudience, samePriceNote } from "@/lib/billing/plans";

describe("plan cards say how the plans differ", () => {
  it("names who each plan is for", () => {
    const [basic, pro, enterprise] = PLANS;
    expect(planAudience(basic!)).toBe("For one agent working alone");
    expect(planAudience(pro!)).toBe("For a team: up to 5 agents, more at $20/month each");
    expect(planAudience(enterprise!)).toBe("For larger agencies: any number of agents");
  });

  it("says Basic and Pro cost the same and differ only in agents, with the price's units", () => {
    expect(samePriceNote(PLANS)).toBe(
      "Basic and Pro cost the same $100 a month; they differ only in agents: Basic is for 1 agent, Pro for up to 5 agents.",
    );
    expect(PLAN_PRICE_UNITS).toBe("includes 300 contacts, then $0.33 per contact/month");
    expect(PLAN_PRICE_UNITS).not.toMatch(/block/i);
  });

  it("says nothing when the prices differ", () => {
    expect(samePriceNote([{ ...PLANS[0]! }, { ...PLANS[1]!, priceCents: 15_000 }, PLANS[2]!])).toBeNull();
  });
});
