import { act, fireEvent, render, screen } from "@testing-library/react";
import { OnboardingWizard } from "@/components/onboarding/onboarding-wizard";
import { jsonResponse, wizardData } from "@/components/onboarding/test-helpers";

const back = () => screen.getByRole("button", { name: "Previous step" }) as HTMLButtonElement;
const dots = () => screen.getAllByRole("button", { name: /^Step \d of \d/ }) as HTMLButtonElement[];

describe("OnboardingWizard", () => {
  it("shows a dot per step with the back arrow disabled on step 1", () => {
    render(<OnboardingWizard productName="Gapwise" planName="Pro" payments="off" initialStep="company" data={wizardData()} />);
    expect(dots().map((d) => d.getAttribute("aria-label"))).toEqual(["Step 1 of 4: Company Settings", "Step 2 of 4: Carrier Information", "Step 3 of 4: More Team Members?", "Step 4 of 4: Payment"]);
    expect(dots()[0]!.getAttribute("aria-current")).toBe("step");
    expect(back().disabled).toBe(true);
    expect(dots()[1]!.disabled).toBe(true);
  });

  it("skips the agents step for the basic plan", () => {
    render(<OnboardingWizard productName="Gapwise" planName="Basic" payments="off" initialStep="company" data={wizardData({ plan: "basic" })} />);
    expect(dots()).toHaveLength(3);
    expect(screen.queryByRole("button", { name: /More Team Members/ })).toBeNull();
  });

  it("resumes at a saved step, goes back with the arrow and forward with the dots", () => {
    render(<OnboardingWizard productName="Gapwise" planName="Pro" payments="off" initialStep="agents" data={wizardData({ savedStep: 2 })} />);
    expect(screen.getByRole("heading", { name: "More Team Members?" })).toBeTruthy();
    expect(back().disabled).toBe(false);
    fireEvent.click(back());
    expect(screen.getByRole("heading", { name: "Carrier Information" })).toBeTruthy();
    fireEvent.click(back());
    expect(screen.getByRole("heading", { name: "Company Settings" })).toBeTruthy();
    expect(back().disabled).toBe(true);
    expect(dots()[3]!.disabled).toBe(true); // payment not reached yet
    fireEvent.click(dots()[2]!);
    expect(screen.getByRole("heading", { name: "More Team Members?" })).toBeTruthy();
  });

  it("advances after a step saves, and finishes on the payment step with billing off", async () => {
    const navigate = jest.fn();
    global.fetch = jest.fn(async (url: string) => {
      if (url === "/api/onboarding/company") return jsonResponse(200, { success: true, onboardingStep: 1, nextStep: "licensing" });
      if (url === "/api/onboarding/complete") return jsonResponse(200, { success: true, redirectUrl: "/dashboard?payment_success=true" });
      throw new Error(url);
    }) as unknown as typeof fetch;
    const data = wizardData({ company: { ...wizardData().company, companyName: "Lone Star", companyPhone: "5125550188" } });
    const { unmount } = render(<OnboardingWizard productName="Gapwise" planName="Pro" payments="off" initialStep="company" data={data} navigate={navigate} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    });
    expect(screen.getByRole("heading", { name: "Carrier Information" })).toBeTruthy();
    expect(dots()[0]!.disabled).toBe(false);
    unmount();

    render(<OnboardingWizard productName="Gapwise" planName="Basic" payments="off" initialStep="payment" data={wizardData({ plan: "basic", savedStep: 2 })} navigate={navigate} />);
    expect(screen.getByText("Billing is disabled in this mode")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Finish setup" }));
    });
    expect(navigate).toHaveBeenCalledWith("/dashboard?payment_success=true");
  });
});
