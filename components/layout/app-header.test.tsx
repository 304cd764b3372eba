import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { usePathname } from "next/navigation";
import { AppHeader, type AppHeaderProps, type PaymentStatus } from "@/components/layout/app-header";

jest.mock("next/navigation", () => ({ usePathname: jest.fn(() => "/dashboard") }));
const mockedPathname = usePathname as jest.MockedFunction<typeof usePathname>;

const admin = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  isAdmin: true,
  canManageBilling: true,
};
const agent = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  isAdmin: false,
  canManageBilling: false,
};

function renderHeader(props: Partial<AppHeaderProps> = {}) {
  return render(<AppHeader productName="Gapwise" user={admin} paymentStatus="active" {...props} />);
}

function openUserMenu(name: string) {
  const button = screen.getByRole("button", { name });
  fireEvent.click(button);
  return { button, menu: screen.getByRole("menu", { name }) };
}

function itemsOf(menu: HTMLElement) {
  return within(menu)
    .getAllByRole("menuitem")
    .map((item) => ({ text: item.textContent, href: item.getAttribute("href") }));
}

beforeEach(() => mockedPathname.mockReturnValue("/dashboard"));

describe("AppHeader", () => {
  it("links the product name to /dashboard and marks the active nav item", () => {
    renderHeader();
    expect(screen.getByRole("link", { name: "Gapwise" }).getAttribute("href")).toBe("/dashboard");
    const nav = screen.getByRole("navigation", { name: "Main" });
    const dashboard = within(nav).getByRole("link", { name: "Dashboard" });
    const contacts = within(nav).getByRole("link", { name: "Contacts" });
    expect(dashboard.getAttribute("href")).toBe("/dashboard");
    expect(contacts.getAttribute("href")).toBe("/contacts");
    expect(dashboard.getAttribute("aria-current")).toBe("page");
    expect(contacts.getAttribute("aria-current")).toBeNull();
  });

  it("marks Contacts active on the contact list and on a contact's page", () => {
    mockedPathname.mockReturnValue("/contact/42");
    const { rerender } = renderHeader();
    expect(screen.getByRole("link", { name: "Contacts" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBeNull();
    mockedPathname.mockReturnValue("/contacts");
    rerender(<AppHeader productName="Gapwise" user={admin} paymentStatus="active" />);
    expect(screen.getByRole("link", { name: "Contacts" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows the admin's menu items in order, with Billing & Payments when they manage billing", () => {
    renderHeader();
    const { button, menu } = openUserMenu("Ada Lovelace");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.getAttribute("aria-controls")).toBe(menu.id);
    expect(itemsOf(menu)).toEqual([
      { text: "Your Profile", href: "/profile" },
      { text: "Organization Settings", href: "/settings" },
      { text: "Manage Agents", href: "/add-agents" },
      { text: "Billing & Payments", href: "/stripe" },
      { text: "Log out", href: "/logging-out" },
    ]);
    expect(within(menu).getAllByRole("menuitem")[0]).toBe(document.activeElement);
  });

  it("leaves Billing & Payments out for an admin without the billing flag", () => {
    renderHeader({ user: { ...admin, canManageBilling: false } });
    const { menu } = openUserMenu("Ada Lovelace");
    expect(itemsOf(menu).map((item) => item.text)).toEqual([
      "Your Profile",
      "Organization Settings",
      "Manage Agents",
      "Log out",
    ]);
  });

  it("shows a non-admin Payment Settings, Contact Us and Log out", () => {
    renderHeader({ user: agent });
    const { menu } = openUserMenu("Grace Hopper");
    expect(itemsOf(menu)).toEqual([
      { text: "Payment Settings", href: "/stripe" },
      { text: "Contact Us", href: "/contact-us" },
      { text: "Log out", href: "/logging-out" },
    ]);
  });

  it("uses logoutHref for Log out when given", () => {
    renderHeader({ logoutHref: "/bye" });
    const { menu } = openUserMenu("Ada Lovelace");
    expect(within(menu).getByRole("menuitem", { name: "Log out" }).getAttribute("href")).toBe("/bye");
  });

  it("shows the user's initials and name on the menu button", () => {
    renderHeader();
    const button = screen.getByRole("button", { name: "Ada Lovelace" });
    expect(button.textContent).toContain("AL");
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
  });

  it("closes on Escape and returns focus to the button", () => {
    renderHeader();
    const { button } = openUserMenu("Ada Lovelace");
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("closes on a click outside", () => {
    renderHeader();
    const { button } = openUserMenu("Ada Lovelace");
    fireEvent.mouseDown(document.body);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("moves between items with the arrow keys, Home and End, and wraps around", () => {
    renderHeader({ user: agent });
    const { menu } = openUserMenu("Grace Hopper");
    const items = within(menu).getAllByRole("menuitem");
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: "End" });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: "ArrowUp" });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(menu, { key: "Home" });
    expect(document.activeElement).toBe(items[0]);
  });

  it("opens from the keyboard: ArrowDown focuses the first item, ArrowUp the last", () => {
    renderHeader({ user: agent });
    const button = screen.getByRole("button", { name: "Grace Hopper" });
    fireEvent.keyDown(button, { key: "ArrowUp" });
    const items = within(screen.getByRole("menu", { name: "Grace Hopper" })).getAllByRole("menuitem");
    expect(document.activeElement).toBe(items[items.length - 1]);
  });

  it("closes the menu when an item is chosen", () => {
    renderHeader();
    const { button, menu } = openUserMenu("Ada Lovelace");
    act(() => {
      within(menu).getByRole("menuitem", { name: "Your Profile" }).click();
    });
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  const statuses: [PaymentStatus, string, boolean][] = [
    ["active", "Payments active", false],
    ["needs_update", "Payment needs to be updated. Click to update payment information.", true],
    ["unknown", "Payment status unknown", true],
    ["billing_disabled", "Billing is disabled in this mode", false],
  ];

  it.each(statuses)("payment status %s shows '%s'", (paymentStatus, text, showsUpdate) => {
    renderHeader({ paymentStatus });
    const button = screen.getByRole("button", { name: "Payment status" });
    expect(screen.queryByText(text)).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("menu", { name: "Payment status" });
    const items = within(menu).getAllByRole("menuitem");
    expect(items[0]?.textContent).toBe(text);
    const update = within(menu).queryByRole("menuitem", { name: "Update Payment" });
    if (showsUpdate) {
      expect(update?.getAttribute("href")).toBe("/stripe");
      expect(items).toHaveLength(2);
    } else {
      expect(update).toBeNull();
      expect(items).toHaveLength(1);
    }
  });

  it("closes the payment status menu on Escape", () => {
    renderHeader({ paymentStatus: "needs_update" });
    const button = screen.getByRole("button", { name: "Payment status" });
    fireEvent.click(button);
    expect(screen.getByRole("menu", { name: "Payment status" })).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("keeps only one menu open: opening one closes the other", () => {
    renderHeader();
    openUserMenu("Ada Lovelace");
    const payment = screen.getByRole("button", { name: "Payment status" });
    fireEvent.mouseDown(payment);
    fireEvent.click(payment);
    const menus = screen.getAllByRole("menu");
    expect(menus).toHaveLength(1);
    expect(menus[0]?.getAttribute("aria-labelledby")).toBe(payment.id);
  });
});
