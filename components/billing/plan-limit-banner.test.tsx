import { fireEvent, render, screen } from "@testing-library/react";
import { PlanLimitBanner } from "@/components/billing/plan-limit-banner";

const message = "Your organization has 300 contacts, the most your plan allows. Upgrade your plan to add more.";

describe("PlanLimitBanner", () => {
  it("an admin sees the message and an Upgrade link to /change-plan", () => {
    render(<PlanLimitBanner message={message} isAdmin />);
    const banner = screen.getByRole("status", { name: "Plan limit reached" });
    expect(banner.textContent).toContain(message);
    expect(screen.getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe("/change-plan");
  });

  it("an agent is asked to go to an administrator (change-plan is admin only)", () => {
    render(<PlanLimitBanner message={message} isAdmin={false} />);
    expect(screen.queryByRole("link", { name: "Upgrade" })).toBeNull();
    expect(screen.getByText("Ask an administrator of your organization to upgrade the plan.")).toBeTruthy();
  });

  it("Dismiss hides it", () => {
    render(<PlanLimitBanner message={message} isAdmin />);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("status", { name: "Plan limit reached" })).toBeNull();
  });
});
