import { render, screen, within } from "@testing-library/react";
import {
  contactUsageText,
  PLAN_CHANGED_TEXT,
  PlanChangedView,
  usageText,
  type PlanChangedSummary,
} from "@/components/billing/plan-changed-view";

const summary = (over: Partial<PlanChangedSummary> = {}): PlanChangedSummary => ({
  tierName: "Pro",
  agentLimit: 5,
  contactLimit: -1,
  extraAgents: 1,
  extraContacts: 0,
  agentCount: 3,
  contactCount: 1_250,
  billingDisabled: true,
  ...over,
});

describe("PlanChangedView (/templanding)", () => {
  it("confirms the stored plan with its limits (add-ons included) and the agency's counts", () => {
    render(<PlanChangedView summary={summary()} canManageBilling={false} />);
    expect(screen.getByRole("heading", { level: 1, name: PLAN_CHANGED_TEXT.title })).toBeTruthy();
    const plan = screen.getByLabelText("Your plan");
    expect(
      within(plan)
        .getAllByRole("definition")
        .map((d) => d.textContent),
    ).toEqual(["Pro", "3 of 6", "1,250 (300 included, 950 billed per contact)"]);
    expect(screen.getByText(PLAN_CHANGED_TEXT.billingOff)).toBeTruthy();
  });

  it("lists next steps to the dashboard, settings and agents; billing only for users with the billing flag", () => {
    const { unmount } = render(<PlanChangedView summary={summary()} canManageBilling={false} />);
    const hrefs = () =>
      within(screen.getByRole("list"))
        .getAllByRole("link")
        .map((a) => a.getAttribute("href"));
    expect(hrefs()).toEqual(["/dashboard", "/settings", "/add-agents"]);
    expect(screen.getByRole("link", { name: "Change your plan again" }).getAttribute("href")).toBe("/change-plan");
    unmount();
    render(<PlanChangedView summary={summary({ billingDisabled: false })} canManageBilling />);
    expect(hrefs()).toEqual(["/dashboard", "/settings", "/add-agents", "/stripe"]);
    expect(screen.getByText(PLAN_CHANGED_TEXT.billingOn)).toBeTruthy();
  });

  it("says unlimited for a plan without a limit", () => {
    expect(usageText(12, -1, 0)).toBe("12 (unlimited)");
    expect(usageText(1, 1, 0)).toBe("1 of 1");
    expect(contactUsageText(120, -1)).toBe("120 (300 included)");
    expect(contactUsageText(301, -1)).toBe("301 (300 included, 1 billed per contact)");
  });
});
