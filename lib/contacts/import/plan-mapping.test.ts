import { mapPlanType, planTypeLabel, planTypeName } from "@/lib/contacts/import/plan-mapping";

describe("mapPlanType", () => {
  it.each([
    ["G", "Plan G"],
    ["g", "Plan G"],
    ["Plan G", "Plan G"],
    ["plan g", "Plan G"],
    ["PLAN-G", "Plan G"],
    ["Plan G Select", "Plan G"],
    ["Medigap Plan G", "Plan G"],
    ["Medicare Supplement Plan N", "Plan N"],
    ["F", "Plan F"],
    ["F+", "Plan F"],
    ["A", "Plan A"],
    ["B", "Plan B"],
    ["C", "Plan C"],
    ["D", "Plan D"],
    ["K", "Plan K"],
    ["L", "Plan L"],
    ["PlanN", "Plan N"],
    ["HDG", "High Deductible Plan G"],
    ["HD-G", "High Deductible Plan G"],
    ["HD G", "High Deductible Plan G"],
    ["G-HD", "High Deductible Plan G"],
    ["High Deductible G", "High Deductible Plan G"],
    ["High-Deductible Plan G", "High Deductible Plan G"],
    ["G High Deductible", "High Deductible Plan G"],
    ["HDF", "High Deductible Plan F"],
    ["High Deductible Plan F", "High Deductible Plan F"],
    ["hi-ded F", "High Deductible Plan F"],
    ["Other", "Other"],
    ["Part D", "Other"],
    ["Medicare Advantage", "Other"],
    ["PPO", "Other"],
    ["Plan M", "Other"],
    ["HD N", "Other"],
    ["G or N", "Other"],
    ["12345", "Other"],
    ["😀", "Other"],
  ])("%j → %s", (raw, plan) => {
    expect(mapPlanType(raw)).toBe(plan);
  });

  it.each(["", "   ", null, undefined])("%j → null", (raw) => {
    expect(mapPlanType(raw)).toBeNull();
  });
});

describe("planTypeName / planTypeLabel", () => {
  it("names a plan once, however it was written", () => {
    expect(planTypeName("G")).toBe("Plan G");
    expect(planTypeName("Plan G")).toBe("Plan G");
    expect(planTypeName("HDG")).toBe("High Deductible Plan G");
    expect(planTypeName("High Deductible Plan G")).toBe("High Deductible Plan G");
    expect(planTypeName("Other")).toBeNull();
    expect(planTypeName("")).toBeNull();
  });

  it("lists Other as Other plan and keeps text it cannot read", () => {
    expect(planTypeLabel("Other")).toBe("Other plan");
    expect(planTypeLabel("K")).toBe("Plan K");
    expect(planTypeLabel("Medicare Advantage PPO")).toBe("Medicare Advantage PPO");
  });
});
