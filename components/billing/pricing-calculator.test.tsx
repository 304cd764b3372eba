import { fireEvent, render, screen } from "@testing-library/react";
import { PricingCalculator } from "@/components/billing/pricing-calculator";

jest.mock(
  "next/dynamic",
  () => () =>
    function ChartStub() {
      return <div data-testid="chart" />;
    },
);

const text = (id: string) => screen.getByTestId(id).textContent;

describe("PricingCalculator", () => {
  it("opens on 1,000 contacts with launch pricing: $248.25 a month and the value analysis", () => {
    render(<PricingCalculator />);
    expect(screen.getByRole("heading", { name: "Base subscription" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Launch pricing" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByText("ACTIVE")).toBeTruthy();
    expect(text("monthly-price")).toBe("$248.25");
    expect(text("result-monthly-cost")).toBe("$248.25");
    expect(text("monthly-conversions")).toBe("5.8");
    expect(text("annual-conversions")).toBe("70.0");
    expect(text("annual-added-value")).toBe("$73,500");
    expect(text("monthly-added-value")).toBe("$6,125");
    expect(text("result-net-benefit")).toBe("$70,521");
    expect(text("result-roi")).toBe("24.7x");
    expect(screen.getByText("$0.2475")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Book of Business - Remaining LTV (Millions)" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Base Case" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Rollover Case" })).toBeTruthy();
    // §2: the cards, the plan summary, the monthly price box, the value analysis and the result bar.
    for (const heading of ["Additional contacts", "Value analysis", "Monthly impact", "Annual impact"])
      expect(screen.getByRole("heading", { name: heading })).toBeTruthy();
    expect(document.querySelector('dl[aria-label="Plan summary"]')?.textContent).toContain(
      "700 additional contacts × $0.2475",
    );
    expect(screen.getByText("Monthly price")).toBeTruthy();
    const result = screen.getByRole("region", { name: "Result" });
    expect(Array.from(result.querySelectorAll("p:first-child")).map((p) => p.textContent)).toEqual([
      "Monthly Cost",
      "Net Annual Benefit",
      "ROI",
    ]);
    expect(
      screen
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.firstElementChild?.textContent),
    ).toEqual(["0", "1", "2", "3", "4", "5", "6"]);
  });

  it("turning launch pricing off shows INACTIVE and full prices", () => {
    render(<PricingCalculator />);
    fireEvent.click(screen.getByRole("switch", { name: "Launch pricing" }));
    expect(screen.getByText("INACTIVE")).toBeTruthy();
    expect(text("monthly-price")).toBe("$331.00");
    expect(screen.getByText("$0.33")).toBeTruthy();
  });

  it("the 301st contact is the first one billed: $100.33 at full price, $75.25 with SMS25", () => {
    render(<PricingCalculator />);
    fireEvent.change(screen.getByLabelText("Number of contacts"), { target: { value: "301" } });
    expect(text("monthly-price")).toBe("$75.25");
    fireEvent.click(screen.getByRole("switch", { name: "Launch pricing" }));
    expect(text("monthly-price")).toBe("$100.33");
    expect(document.querySelector('dl[aria-label="Plan summary"]')?.textContent).toContain(
      "1 additional contact × $0.33",
    );
    fireEvent.change(screen.getByLabelText("Number of contacts"), { target: { value: "300" } });
    expect(text("monthly-price")).toBe("$100.00");
  });

  it("quick picks 250 … 40,000 set the contacts; 5,000 with commission $400 and 10% rollover", () => {
    render(<PricingCalculator />);
    const picks = screen.getByRole("group", { name: "Quick picks" });
    expect(Array.from(picks.querySelectorAll("button")).map((b) => b.textContent)).toEqual([
      "250",
      "1,000",
      "5,000",
      "10,000",
      "20,000",
      "40,000",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "250" }));
    expect(text("monthly-price")).toBe("$75.00");
    fireEvent.click(screen.getByRole("switch", { name: "Launch pricing" }));
    fireEvent.click(screen.getByRole("button", { name: "5,000" }));
    expect(screen.getByRole("button", { name: "5,000" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.change(screen.getByLabelText("Annual commission per contact ($)"), { target: { value: "400" } });
    fireEvent.change(screen.getByLabelText("Annual rollover (%)"), { target: { value: "10" } });
    expect(text("monthly-price")).toBe("$1,651.00");
    expect(text("annual-added-value")).toBe("$600,000");
    expect(text("result-net-benefit")).toBe("$580,188");
    expect(text("result-roi")).toBe("30.3x");
  });

  it("the inputs carry the spec's bounds and steps, and junk input prices as nothing", () => {
    render(<PricingCalculator />);
    const contacts = screen.getByLabelText("Number of contacts");
    expect(contacts.getAttribute("min")).toBe("0");
    const commission = screen.getByLabelText("Annual commission per contact ($)");
    expect(commission.getAttribute("min")).toBe("0");
    expect(commission.getAttribute("step")).toBe("5");
    const rollover = screen.getByLabelText("Annual rollover (%)");
    expect(rollover.getAttribute("min")).toBe("0");
    expect(rollover.getAttribute("max")).toBe("100");
    expect(rollover.getAttribute("step")).toBe("0.1");
    fireEvent.change(contacts, { target: { value: "" } });
    expect(text("monthly-price")).toBe("$75.00");
    expect(text("annual-conversions")).toBe("0.0");
  });
});
