import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { LicensingStep } from "@/components/onboarding/licensing-step";
import { jsonResponse, wizardData } from "@/components/onboarding/test-helpers";

const brand = {
  name: "Lone Star Medigap",
  primaryColor: "#112233",
  secondaryColor: "#445566",
  logoUrl: null,
  phone: "5125550188",
};
const continueButton = () => screen.getByRole("button", { name: /Continue|Saving/ }) as HTMLButtonElement;
const checkbox = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;

/** Clicks and lets the schema check (asynchronous) settle. */
const click = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
  });

async function renderStep(onSaved = jest.fn()) {
  await act(async () => {
    render(
      <LicensingStep
        carrierOptions={["Aetna", "Cigna", "Humana"]}
        initial={wizardData().carrierSettings}
        brand={brand}
        onSaved={onSaved}
      />,
    );
  });
  return onSaved;
}

describe("LicensingStep", () => {
  it("enables Continue only when at least one carrier is selected, and says so", async () => {
    await renderStep();
    expect(screen.getByRole("heading", { name: "Carrier Information" })).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
    expect(screen.getByText("Please select at least one carrier")).toBeTruthy();
    await click(checkbox("Cigna"));
    expect(screen.queryByText("Please select at least one carrier")).toBeNull();
    expect(continueButton().disabled).toBe(false);
    await click(checkbox("Cigna"));
    expect(continueButton().disabled).toBe(true);

    await click(checkbox("Select All Carriers"));
    expect(["Aetna", "Cigna", "Humana"].every((c) => checkbox(c).checked)).toBe(true);
    expect(continueButton().disabled).toBe(false);
    await click(checkbox("Select All Carriers"));
    expect(checkbox("Aetna").checked).toBe(false);
    expect(continueButton().disabled).toBe(true);
  });

  it("needs at least one outreach type", async () => {
    await renderStep();
    await click(checkbox("Aetna"));
    for (const label of [
      "Birthday",
      "Enrollment anniversary",
      "Scheduled rate increase",
      "Annual Enrollment Period (AEP)",
    ])
      await click(screen.getByRole("switch", { name: label }));
    expect(continueButton().disabled).toBe(true);
    expect(screen.getByText("Turn on at least one outreach type")).toBeTruthy();
    await click(screen.getByRole("switch", { name: "Birthday" }));
    expect(continueButton().disabled).toBe(false);
  });

  it("selects a whole region, and saves the values", async () => {
    global.fetch = jest.fn(async () =>
      jsonResponse(200, { success: true, onboardingStep: 2, nextStep: "agents" }),
    ) as unknown as typeof fetch;
    const onSaved = await renderStep();
    expect(checkbox("Use SmartSend for Guaranteed Issue").checked).toBe(true);
    await click(checkbox("Select all Midwest"));
    expect(checkbox("Minnesota").checked).toBe(true);
    expect(checkbox("Texas").checked).toBe(false);
    await click(checkbox("Texas"));
    await click(checkbox("Humana"));
    await click(screen.getByRole("radio", { name: /3 years/ }));
    await click(checkbox("For clients who failed health questions, reach out only in Pre-AEP"));
    await act(async () => {
      fireEvent.click(continueButton());
    });
    const body = JSON.parse(String((global.fetch as jest.Mock).mock.calls[0][1].body));
    expect(body).toMatchObject({
      selectedCarriers: ["Humana"],
      contactOutreachDelayYears: 3,
      useSmartSend: true,
      failedUnderwritingOutreach: { enabled: true, timing: "pre_aep" },
    });
    expect(body.stateLicenses).toEqual(expect.arrayContaining(["MN", "WI", "OH", "TX"]));
    expect(body.stateLicenses).toHaveLength(13);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ selectedCarriers: ["Humana"] }), {
      nextStep: "agents",
    });
  });

  it("opens the outreach preview: an email sample per type, an SMS toggle with each type's text, Escape and Close", async () => {
    await renderStep();
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const dialog = screen.getByRole("dialog", { name: "Outreach Preview" });
    for (const title of ["Birthday", "Anniversary", "Rate increase", "AEP", "Welcome email"])
      expect(within(dialog).getByRole("listitem", { name: `${title} email sample` })).toBeTruthy();
    expect(within(dialog).getAllByText("Sample")).toHaveLength(5);
    expect(within(dialog).getAllByText("From:")[0]!.parentElement!.textContent).toContain("Lone Star Medigap");

    expect(within(dialog).getAllByText("From:")).toHaveLength(5);
    expect(within(dialog).getByRole("button", { name: "Email" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(dialog).getByRole("button", { name: "SMS" }));
    expect(within(dialog).queryByText("From:")).toBeNull();
    // Four quote moments; the welcome is not texted.
    expect(within(dialog).getAllByText(/^Lone Star Medigap: .* Reply STOP to opt out$/)).toHaveLength(4);

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    fireEvent.click(screen.getByRole("button", { name: "Close preview" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
