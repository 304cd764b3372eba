import { act, fireEvent, render, screen } from "@testing-library/react";
import { CompanyStep } from "@/components/onboarding/company-step";
import { jsonResponse, wizardData } from "@/components/onboarding/test-helpers";

const continueButton = () => screen.getByRole("button", { name: /Continue|Saving/ }) as HTMLButtonElement;
/** Types into a field and lets the schema check (asynchronous) settle. */
const type = (label: RegExp, value: string) =>
  act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });

describe("CompanyStep", () => {
  it("shows the spec's texts and enables Continue only with a company name and a 10-digit phone", async () => {
    await act(async () => {
      render(<CompanyStep initial={wizardData().company} logoUrl={null} onSaved={jest.fn()} />);
    });
    expect(screen.getByRole("heading", { name: "Company Settings" })).toBeTruthy();
    expect(screen.getByText("Upload your logo and set your brand color.")).toBeTruthy();
    expect(screen.getByText(/PNG only \(Recommended: 240px width x 60px height\)/)).toBeTruthy();
    expect(screen.getByText("https://")).toBeTruthy();
    expect(continueButton().disabled).toBe(true);

    await type(/Company Name/, "Lone Star Medigap");
    expect(continueButton().disabled).toBe(true);
    await type(/^Phone/, "512555");
    expect((screen.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe("(512) 555");
    expect(continueButton().disabled).toBe(true);
    await type(/^Phone/, "(512) 555-0188");
    expect(continueButton().disabled).toBe(false);

    await type(/Company Name/, "   ");
    expect(continueButton().disabled).toBe(true);
  });

  it("keeps the website without a scheme and saves with 'Saving...'", async () => {
    let resolve!: (value: unknown) => void;
    const fetchMock = jest.fn(() => new Promise((r) => (resolve = r)));
    global.fetch = fetchMock as unknown as typeof fetch;
    const onSaved = jest.fn();
    render(
      <CompanyStep
        initial={{ ...wizardData().company, companyName: "Lone Star", companyPhone: "5125550188" }}
        logoUrl={null}
        onSaved={onSaved}
      />,
    );
    await type(/Website/, "https://www.lonestar.test");
    expect((screen.getByLabelText(/Website/) as HTMLInputElement).value).toBe("www.lonestar.test");
    await type(/Calendar Booking Link/, "calendly.com/lonestar");

    await act(async () => {
      fireEvent.click(continueButton());
    });
    expect(continueButton().textContent).toContain("Saving...");
    expect(continueButton().disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/onboarding/company");
    expect(JSON.parse(String(init.body))).toMatchObject({
      companyName: "Lone Star",
      companyPhone: "5125550188",
      companyWebsite: "www.lonestar.test",
      bookingLink: "calendly.com/lonestar",
    });
    await act(async () => resolve(jsonResponse(200, { success: true, onboardingStep: 1, nextStep: "licensing" })));
    expect(onSaved).toHaveBeenCalledWith(
      expect.objectContaining({ companyWebsite: "www.lonestar.test", bookingLink: "https://calendly.com/lonestar" }),
      { logoPreview: null, nextStep: "licensing" },
    );
  });

  it("shows the server's field message when saving fails", async () => {
    global.fetch = jest.fn(async () =>
      jsonResponse(422, {
        error: {
          code: "validation_failed",
          message: "Some fields are invalid.",
          fields: { companyPhone: ["Please enter a 10-digit phone number"] },
        },
      }),
    ) as unknown as typeof fetch;
    await act(async () => {
      render(
        <CompanyStep
          initial={{ ...wizardData().company, companyName: "Lone Star", companyPhone: "5125550188" }}
          logoUrl={null}
          onSaved={jest.fn()}
        />,
      );
    });
    await act(async () => {
      fireEvent.click(continueButton());
    });
    expect(screen.getByRole("alert").textContent).toBe("Please enter a 10-digit phone number");
    expect(screen.getByLabelText(/^Phone/).getAttribute("aria-invalid")).toBe("true");
  });

  it("refuses a logo that is not a PNG", async () => {
    render(<CompanyStep initial={wizardData().company} logoUrl={null} onSaved={jest.fn()} />);
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "logo.jpg", { type: "image/jpeg" });
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Upload logo"), { target: { files: [jpeg] } });
    });
    expect(screen.getByText("PNG only")).toBeTruthy();
    expect(screen.queryByAltText("Logo preview")).toBeNull();
  });

  it("accepts a dropped PNG and offers 'Change logo'", async () => {
    render(<CompanyStep initial={wizardData().company} logoUrl={null} onSaved={jest.fn()} />);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], "logo.png", {
      type: "image/png",
    });
    await act(async () => {
      fireEvent.drop(screen.getByTestId("logo-dropzone"), { dataTransfer: { files: [png] } });
    });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.getByAltText("Logo preview")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Change logo" })).toBeTruthy();
  });
});
