import { render, screen } from "@testing-library/react";
import { PaymentStep } from "@/components/onboarding/payment-step";

const PAYER = { firstName: "Owner", lastName: "Person", email: "owner@agency.test" };

describe("PaymentStep", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it("with billing off says so and offers Finish setup", () => {
    render(<PaymentStep payments="off" planName="Pro" payer={PAYER} onFinished={() => undefined} />);
    expect(screen.getByText("Billing is disabled in this mode")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Finish setup" })).toBeTruthy();
  });

  it("with Stripe shows the card checkout instead, and no Finish setup until the payment is recorded", () => {
    // The checkout's first call never answers here: the step shows the checkout loading.
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    render(<PaymentStep payments="stripe" planName="Pro" payer={PAYER} onFinished={() => undefined} />);
    expect(screen.getByText("Loading payment information...")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Finish setup" })).toBeNull();
    expect(screen.queryByText(/not available here yet/)).toBeNull();
  });
});
