import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { BillingView } from "@/components/billing/billing-view";

const reply = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body });
const plan = {
  name: "Pro",
  contactCount: 1000,
  priceDescription: "$100/month including 300 contacts, then $0.33 per contact per month",
  contactsIncluded: 300,
  estimatedMonthlyTotal: 331,
};
const method = {
  id: "pm_1",
  type: "card",
  last4: "4242",
  brand: "visa",
  expiryMonth: 3,
  expiryYear: 2029,
  email: "owner@agency.test",
};
const invoices = [
  {
    id: "in_1",
    number: "INV-0001",
    date: "2026-11-01",
    status: "paid",
    amount: 331,
    currency: "usd",
    plan: "Pro",
    pdfUrl: null,
  },
  {
    id: "in_2",
    number: "INV-0002",
    date: "2026-10-01",
    status: "failed",
    amount: 248.25,
    currency: "usd",
    plan: "Pro",
    pdfUrl: null,
  },
];

let answers: Record<string, { status: number; body: unknown }>;
const calls: string[] = [];
beforeEach(() => {
  calls.length = 0;
  answers = {
    "/api/billing/plan": { status: 200, body: { data: plan } },
    "/api/billing/payment-method": { status: 200, body: { data: method } },
    "/api/billing/invoices": { status: 200, body: { data: invoices } },
    "/api/billing/invoices/in_1/download": { status: 200, body: { data: { url: "https://files.example/in_1.pdf" } } },
    "/api/billing/portal": { status: 200, body: { data: { url: "https://portal.example/session" } } },
  };
  global.fetch = jest.fn(async (url: string) => {
    calls.push(url);
    const answer = answers[url];
    return answer ? reply(answer.status, answer.body) : reply(404, {});
  }) as unknown as typeof fetch;
});

describe("BillingView", () => {
  it("shows the plan, the card and the invoices table; Download opens the URL the server gives", async () => {
    const openUrl = jest.fn();
    render(<BillingView paymentStatus="paid" isAdmin billingEnabled openUrl={openUrl} />);
    expect(screen.getByTestId("payment-status").textContent).toBe("Payments active");
    await screen.findByText("Visa •••• 4242");
    expect(screen.getByText("Expires 03/2029")).toBeTruthy();
    expect(screen.getByText(/estimated \$331\.00\/month/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Change Plan" }).getAttribute("href")).toBe("/change-plan");
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Invoice", "Date", "Status", "Amount", "Plan", "Download"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .slice(0, 5)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["INV-0001", "2026-11-01", "paid", "$331.00", "Pro"],
      ["INV-0002", "2026-10-01", "failed", "$248.25", "Pro"],
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Download invoice INV-0001" }));
    await waitFor(() => expect(openUrl).toHaveBeenCalledWith("https://files.example/in_1.pdf"));
    fireEvent.click(screen.getByRole("button", { name: "Manage Payment Method" }));
    await waitFor(() => expect(openUrl).toHaveBeenCalledWith("https://portal.example/session"));
  });

  it("needs update: the status text and an Update Payment button that opens the portal", async () => {
    const openUrl = jest.fn();
    render(<BillingView paymentStatus="needs_update" isAdmin billingEnabled openUrl={openUrl} />);
    expect(screen.getByTestId("payment-status").textContent).toBe(
      "Payment needs to be updated. Click to update payment information.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Update Payment" }));
    await waitFor(() => expect(openUrl).toHaveBeenCalledWith("https://portal.example/session"));
  });

  it("unknown status text; each call's failure shows the spec's message", async () => {
    answers["/api/billing/plan"] = { status: 503, body: { error: { message: "x" } } };
    answers["/api/billing/payment-method"] = { status: 503, body: {} };
    answers["/api/billing/invoices"] = { status: 503, body: {} };
    render(<BillingView paymentStatus="unknown" isAdmin billingEnabled />);
    expect(screen.getByTestId("payment-status").textContent).toBe("Payment status unknown");
    await screen.findByText("Failed to load invoices");
    expect(screen.getByText("Failed to load payment method information.")).toBeTruthy();
    expect(screen.getByText("Failed to load plan information. Please try again later.")).toBeTruthy();
  });

  it.each([
    [{ ...invoices[0], status: "refunded" }, "Unknown invoice status: refunded"],
    [{ ...invoices[0], date: "2026-11-01T08:00:00.000Z" }, "Expected a date only, not a date and time"],
    [{ ...invoices[0], date: "Nov 1, 2026" }, "Expected a date in ISO 8601 format"],
    [{ ...invoices[0], date: "2026-11-31" }, "Invalid date format"],
  ])("an invoice the page cannot read fails the list with the data error as text (%#)", async (invoice, detail) => {
    answers["/api/billing/invoices"] = { status: 200, body: { data: [invoice] } };
    render(<BillingView paymentStatus="paid" isAdmin billingEnabled />);
    const failed = await screen.findByText("Failed to load invoices");
    expect(failed.parentElement!.textContent).toContain(detail);
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("a failed download says so", async () => {
    answers["/api/billing/invoices/in_2/download"] = { status: 404, body: {} };
    render(<BillingView paymentStatus="paid" isAdmin={false} billingEnabled openUrl={jest.fn()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Download invoice INV-0002" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to download the invoice. Please try again.");
    expect(screen.queryByRole("link", { name: "Change Plan" })).toBeNull();
  });

  it("billing off: says so and never asks for the card or invoices", async () => {
    render(<BillingView paymentStatus="billing_disabled" isAdmin billingEnabled={false} />);
    expect(screen.getByTestId("payment-status").textContent).toBe("Billing is disabled in this mode");
    await screen.findByText("Pro");
    expect(calls).toEqual(["/api/billing/plan"]);
    expect(screen.queryByRole("button", { name: "Update Payment" })).toBeNull();
  });
});
