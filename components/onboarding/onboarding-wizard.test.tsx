import { act, fireEvent, render, screen } from "@testing-library/react";
import { OnboardingWizard } from "@/components/onboarding/onboarding-wizard";
import { jsonResponse, wizardData } from "@/components/onboarding/test-helpers";

const back = () => screen.getByRole("button", { name: "Previous step" }) as HTMLButtonElement;
const dots = () => screen.getAllByRole("button", { name: /^Step \d of \d/ }) as HTMLButtonElement[];
const planStep = () => screen.getByRole("link", { name: /^Step 1 of \d: Choose Plan$/ });

/** Lets react-hook-form finish its (async) validation of the Personal Details form. */
async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe("OnboardingWizard", () => {
  it("counts Choose Plan as step 1 (a link to change it), then a dot per step: 6 on the pro plan", async () => {
    render(
      <OnboardingWizard
        productName="Gapwise"
        planName="Pro"
        payments="off"
        initialStep="personal"
        data={wizardData()}
      />,
    );
    await settle();
    expect(planStep().getAttribute("href")).toBe("/change-plan");
    expect(dots().map((d) => d.getAttribute("aria-label"))).toEqual([
      "Step 2 of 6: Personal Details",
      "Step 3 of 6: Company Settings",
      "Step 4 of 6: Carrier Information",
      "Step 5 of 6: More Team Members?",
      "Step 6 of 6: Payment",
    ]);
    expect(dots()[0]!.getAttribute("aria-current")).toBe("step");
    expect(screen.getByRole("heading", { name: "Personal Details" })).toBeTruthy();
    // step 2: the back arrow goes back to the plan
    expect(screen.getByRole("link", { name: "Previous step" }).getAttribute("href")).toBe("/change-plan");
    expect(dots()[2]!.disabled).toBe(true);
  });

  it("skips the agents step for the basic plan: 5 steps", () => {
    render(
      <OnboardingWizard
        productName="Gapwise"
        planName="Basic"
        payments="off"
        initialStep="company"
        data={wizardData({ plan: "basic" })}
      />,
    );
    expect(dots()).toHaveLength(4);
    expect(planStep().getAttribute("aria-label")).toBe("Step 1 of 5: Choose Plan");
    expect(dots()[3]!.getAttribute("aria-label")).toBe("Step 5 of 5: Payment");
    expect(screen.queryByRole("button", { name: /More Team Members/ })).toBeNull();
  });

  it("saves Personal Details to the profile and goes on to Company Settings, the team list showing the new name", async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url === "/api/profile" && init?.method === "PUT") return jsonResponse(200, { success: true });
      if (url === "/api/onboarding/company")
        return jsonResponse(200, { success: true, onboardingStep: 1, nextStep: "licensing" });
      throw new Error(url);
    }) as unknown as typeof fetch;
    render(
      <OnboardingWizard
        productName="Gapwise"
        planName="Pro"
        payments="off"
        initialStep="personal"
        data={wizardData({ savedStep: 2 })}
      />,
    );
    fireEvent.change(screen.getByLabelText(/First Name/), { target: { value: "Rylee" } });
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    });
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({
      firstName: "Rylee",
      lastName: "Owner",
      phone: "5125550188",
    });
    expect(screen.getByRole("heading", { name: "Company Settings" })).toBeTruthy();
    fireEvent.click(dots()[3]!); // the agents step, reached before
    expect(screen.getByText("Rylee Owner")).toBeTruthy();
  });

  it("resumes at a saved step, goes back with the arrow and forward with the dots", async () => {
    render(
      <OnboardingWizard
        productName="Gapwise"
        planName="Pro"
        payments="off"
        initialStep="agents"
        data={wizardData({ savedStep: 2 })}
      />,
    );
    expect(screen.getByRole("heading", { name: "More Team Members?" })).toBeTruthy();
    expect(back().disabled).toBe(false);
    fireEvent.click(back());
    expect(screen.getByRole("heading", { name: "Carrier Information" })).toBeTruthy();
    fireEvent.click(back());
    expect(screen.getByRole("heading", { name: "Company Settings" })).toBeTruthy();
    fireEvent.click(back());
    await settle();
    expect(screen.getByRole("heading", { name: "Personal Details" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Previous step" })).toBeTruthy();
    expect(dots()[4]!.disabled).toBe(true); // payment not reached yet
    fireEvent.click(dots()[3]!);
    expect(screen.getByRole("heading", { name: "More Team Members?" })).toBeTruthy();
  });

  it("advances after a step saves, and finishes on the payment step with billing off", async () => {
    const navigate = jest.fn();
    global.fetch = jest.fn(async (url: string) => {
      if (url === "/api/onboarding/company")
        return jsonResponse(200, { success: true, onboardingStep: 1, nextStep: "licensing" });
      if (url === "/api/onboarding/complete")
        return jsonResponse(200, { success: true, redirectUrl: "/dashboard?payment_success=true" });
      throw new Error(url);
    }) as unknown as typeof fetch;
    const data = wizardData({
      company: { ...wizardData().company, companyName: "Lone Star", companyPhone: "5125550188" },
    });
    const { unmount } = render(
      <OnboardingWizard
        productName="Gapwise"
        planName="Pro"
        payments="off"
        initialStep="company"
        data={data}
        navigate={navigate}
      />,
    );
    await settle(); // the schema check (asynchronous) enables Continue
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    });
    expect(screen.getByRole("heading", { name: "Carrier Information" })).toBeTruthy();
    expect(dots()[0]!.disabled).toBe(false);
    unmount();

    render(
      <OnboardingWizard
        productName="Gapwise"
        planName="Basic"
        payments="off"
        initialStep="payment"
        data={wizardData({ plan: "basic", savedStep: 2 })}
        navigate={navigate}
      />,
    );
    expect(screen.getByText("Billing is disabled in this mode")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Finish setup" }));
    });
    expect(navigate).toHaveBeenCalledWith("/dashboard?payment_success=true");
  });
});
