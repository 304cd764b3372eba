import { render, screen } from "@testing-library/react";
import { SignedInHome } from "@/components/layout/signed-in-home";

describe("SignedInHome", () => {
  it("welcomes an admin and offers the dashboard and organization settings", () => {
    render(<SignedInHome firstName="Ada" isAdmin productName="Gapwise" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome back, Ada");
    expect(screen.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.getByRole("link", { name: "Organization Settings" }).getAttribute("href")).toBe("/settings");
    expect(screen.queryByRole("link", { name: "Go to Contacts" })).toBeNull();
  });

  it("offers a non-admin their contacts instead of the settings", () => {
    render(<SignedInHome firstName="Grace" isAdmin={false} productName="Gapwise" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome back, Grace");
    expect(screen.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.getByRole("link", { name: "Go to Contacts" }).getAttribute("href")).toBe("/contacts");
    expect(screen.queryByRole("link", { name: "Organization Settings" })).toBeNull();
  });

  it("still reads well without a first name", () => {
    render(<SignedInHome firstName="  " isAdmin={false} productName="Gapwise" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome back");
  });
});
