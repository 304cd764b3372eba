import { act, fireEvent, render, screen } from "@testing-library/react";
import { jsonResponse } from "@/components/onboarding/test-helpers";
import { PERSONAL_STEP_TEXT, PersonalStep } from "@/components/onboarding/personal-step";

const initial = { firstName: "Riley", lastName: "Owner", email: "riley@agency.test", phone: "5125550188" };
const continueButton = () => screen.getByRole("button", { name: /Continue|Saving\.\.\./ }) as HTMLButtonElement;

async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe("PersonalStep", () => {
  it("shows the admin's names and phone to edit, and the email read-only", async () => {
    render(<PersonalStep initial={initial} onSaved={() => {}} />);
    await settle();
    expect(screen.getByRole("heading", { name: PERSONAL_STEP_TEXT.title })).toBeTruthy();
    expect((screen.getByLabelText(/First Name/) as HTMLInputElement).value).toBe("Riley");
    expect((screen.getByLabelText(/Last Name/) as HTMLInputElement).value).toBe("Owner");
    expect((screen.getByLabelText(/Phone/) as HTMLInputElement).value).toBe("(512) 555-0188");
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(email.value).toBe("riley@agency.test");
    expect(email.readOnly).toBe(true);
    expect(continueButton().disabled).toBe(false);
  });

  it("keeps Continue disabled and names the problem while a name is empty or the phone short", async () => {
    render(<PersonalStep initial={{ ...initial, phone: "" }} onSaved={() => {}} />);
    await settle();
    expect(continueButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: "512555" } });
    await settle();
    expect(screen.getByText("Please enter a 10-digit phone number")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: "5125550199" } });
    fireEvent.change(screen.getByLabelText(/Last Name/), { target: { value: " " } });
    await settle();
    expect(screen.getByText("Last name is required")).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });

  it("saves with PUT /api/profile ('Saving...'), then hands the saved values on", async () => {
    let release!: () => void;
    const fetchMock = jest.fn(
      () => new Promise((resolve) => (release = () => resolve(jsonResponse(200, { success: true })))),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    const onSaved = jest.fn();
    render(<PersonalStep initial={initial} onSaved={onSaved} />);
    await settle();
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: "(512) 555-0177" } });
    await act(async () => {
      fireEvent.click(continueButton());
    });
    expect(continueButton().textContent).toContain("Saving...");
    await act(async () => release());
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/profile",
      expect.objectContaining({
        method: "PUT",
        body: JSON.stringify({ firstName: "Riley", lastName: "Owner", phone: "5125550177" }),
      }),
    );
    expect(onSaved).toHaveBeenCalledWith({
      firstName: "Riley",
      lastName: "Owner",
      phone: "5125550177",
      email: "riley@agency.test",
    });
  });

  it("shows the server's field message and does not go on when the save is refused", async () => {
    global.fetch = jest.fn(async () =>
      jsonResponse(422, {
        error: {
          code: "validation_failed",
          message: "First name is required",
          fields: { firstName: ["First name is required"] },
        },
      }),
    ) as unknown as typeof fetch;
    const onSaved = jest.fn();
    render(<PersonalStep initial={initial} onSaved={onSaved} />);
    await settle();
    await act(async () => {
      fireEvent.click(continueButton());
    });
    expect(screen.getAllByText("First name is required").length).toBeGreaterThan(0);
    expect(screen.getByRole("alert").textContent).toBe("First name is required");
    expect(onSaved).not.toHaveBeenCalled();
  });
});
