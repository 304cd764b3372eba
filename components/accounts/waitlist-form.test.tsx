import { act, fireEvent, render, screen } from "@testing-library/react";
import { WaitlistForm } from "@/components/accounts/waitlist-form";

type Reply = { status: number; body?: unknown };

let reply: () => Reply | Promise<Reply>;
let fetchMock: jest.Mock;

beforeEach(() => {
  reply = () => ({ status: 200, body: { success: true } });
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url !== "/api/waitlist" || init?.method !== "POST") throw new Error(`unexpected fetch ${url}`);
    const { status, body } = await reply();
    return { ok: status >= 200 && status < 300, status, json: async () => body };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

/** Lets validation and the mocked fetch settle. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function type(label: string, value: string) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
}

function fill(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    Name: "Ann Lee",
    Email: "Ann@Lee.com",
    Phone: "5551234567",
    "Number of agents": "3",
    "Book size (clients)": "1200",
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) type(label, value ?? "");
}

const submit = () => screen.getByRole("button", { name: /Join Waitlist|Joining/ }) as HTMLButtonElement;

describe("WaitlistForm", () => {
  it("has a heading and labelled fields", () => {
    render(<WaitlistForm />);
    expect(screen.getByRole("heading", { name: "Join the Waitlist" })).toBeTruthy();
    for (const label of ["Name", "Email", "Phone", "Number of agents", "Book size (clients)"])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(submit().textContent).toBe("Join Waitlist");
  });

  it("asks for all fields when submitted empty and does not call the server", async () => {
    render(<WaitlistForm />);
    fireEvent.click(submit());
    await settle();
    expect(screen.getByRole("alert").textContent).toBe("Please fill out all fields correctly.");
    expect(screen.getByText("Name is required")).toBeTruthy();
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ["Number of agents", "0", "Number of agents must be a whole number of at least 1"],
    ["Number of agents", "-1", "Number of agents must be a whole number of at least 1"],
    ["Book size (clients)", "0", "Book size must be a whole number of at least 1"],
    ["Book size (clients)", "2.5", "Book size must be a whole number of at least 1"],
  ])("requires %s to be at least 1 (%s)", async (label, value, message) => {
    render(<WaitlistForm />);
    fill({ [label]: value });
    fireEvent.click(submit());
    await settle();
    expect(screen.getByRole("alert").textContent).toBe("Please fill out all fields correctly.");
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByLabelText(label).getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("formats the phone while typing", () => {
    render(<WaitlistForm />);
    expect(type("Phone", "555123").value).toBe("(555) 123");
    expect(type("Phone", "(555) 1234567").value).toBe("(555) 123-4567");
  });

  it("sends numbers and digits, shows 'Joining...' and then the thanks", async () => {
    let answer!: (reply: Reply) => void;
    reply = () => new Promise<Reply>((resolve) => (answer = resolve));
    render(<WaitlistForm />);
    fill();
    fireEvent.click(submit());
    await settle();

    expect(submit().textContent).toBe("Joining...");
    expect(submit().disabled).toBe(true);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(init.body)).toEqual({
      name: "Ann Lee",
      email: "ann@lee.com",
      phone: "5551234567",
      numAgents: 3,
      bookSize: 1200,
    });

    answer({ status: 200, body: { success: true } });
    await settle();
    expect(screen.getByRole("status").textContent).toBe("Thanks for joining! We'll be in touch soon.");
    expect(screen.queryByRole("button", { name: "Join Waitlist" })).toBeNull();
  });

  it.each([
    [
      { status: 500, body: { error: { code: "internal", message: "Something went wrong. Please try again." } } },
      "Failed to submit form. Please try again.",
    ],
    [
      {
        status: 429,
        body: { error: { code: "rate_limited", message: "Too many requests. Please wait a moment and try again." } },
      },
      "Too many requests. Please wait a moment and try again.",
    ],
    [
      {
        status: 422,
        body: {
          error: {
            code: "validation_failed",
            message: "Some fields are invalid.",
            fields: { email: ["Please enter a valid email address"] },
          },
        },
      },
      "Please fill out all fields correctly.",
    ],
  ])("reports a failed submission (%j)", async (failure, message) => {
    reply = () => failure;
    render(<WaitlistForm />);
    fill();
    fireEvent.click(submit());
    await settle();
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(submit().textContent).toBe("Join Waitlist");
  });

  it("reports a network failure", async () => {
    reply = () => Promise.reject(new TypeError("Failed to fetch"));
    render(<WaitlistForm />);
    fill();
    fireEvent.click(submit());
    await settle();
    expect(screen.getByRole("alert").textContent).toBe("Failed to submit form. Please try again.");
  });
});
