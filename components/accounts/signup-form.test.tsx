import { act, fireEvent, render, screen } from "@testing-library/react";
import { SignupForm } from "@/components/accounts/signup-form";

type Reply = { status: number; body?: unknown };
type Deferred = { promise: Promise<Reply>; resolve: (reply: Reply) => void };

function deferred(): Deferred {
  let resolve!: (reply: Reply) => void;
  const promise = new Promise<Reply>((r) => (resolve = r));
  return { promise, resolve };
}

function asResponse({ status, body }: Reply) {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}

/** Rejects like fetch does when its signal aborts; never answers otherwise. */
function hanging(init?: RequestInit) {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")));
  });
}

let checkReply: (url: string, init?: RequestInit) => Reply | Promise<Reply> | "hang";
let signupReply: () => Reply | Promise<Reply>;
let fetchMock: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  checkReply = () => ({ status: 200, body: { available: true, message: "Email address is valid" } });
  signupReply = () => ({ status: 202, body: { success: true, message: "Check your email for a link to continue." } });
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith("/api/organizations/check-email/")) {
      const reply = checkReply(url, init);
      if (reply === "hang") return hanging(init);
      return asResponse(await reply);
    }
    if (url === "/api/organizations" && init?.method === "POST") return asResponse(await signupReply());
    throw new Error(`unexpected fetch ${url}`);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  jest.useRealTimers();
});

/** Advances fake time and lets promises (fetch, validation) settle inside act. */
async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

const checkCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/organizations/check-email/"));
const submitButton = () => screen.getByRole("button", { name: /Get Started|Creating Account/ }) as HTMLButtonElement;
const emailStatus = () => document.getElementById("signup-email-status")?.textContent ?? "";

function type(label: string, value: string) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
}

async function fillValidForm({ email = "ann@lee.com" } = {}) {
  type("First Name", "Ann");
  type("Last Name", "Lee");
  type("Organization Name", "Lee Insurance");
  type("Phone", "5551234567");
  type("Email", email);
  await advance(0);
}

describe("SignupForm", () => {
  it("has labelled fields, a Get Started heading and a log-in link", () => {
    render(<SignupForm />);
    expect(screen.getByRole("heading", { name: "Get Started" })).toBeTruthy();
    for (const label of ["First Name", "Last Name", "Organization Name", "Email", "Phone"])
      expect(screen.getByLabelText(label)).toBeTruthy();
    const login = screen.getByRole("link", { name: "Log in" }) as HTMLAnchorElement;
    expect(login.getAttribute("href")).toBe("/login");
    expect(login.parentElement?.textContent).toBe("Already have an account? Log in");
  });

  it("keeps submit disabled until the form is valid and the email is available", async () => {
    render(<SignupForm />);
    expect(submitButton().disabled).toBe(true);

    type("First Name", "Ann");
    type("Last Name", "Lee");
    type("Organization Name", "Lee Insurance");
    type("Email", "ann@lee.com");
    await advance(0);
    expect(submitButton().disabled).toBe(true); // phone missing, email not yet checked

    type("Phone", "5551234567");
    await advance(0);
    expect(submitButton().disabled).toBe(true); // the check waits for the 500 ms pause

    await advance(500);
    expect(emailStatus()).toBe("Email address is valid");
    expect(submitButton().disabled).toBe(false);

    type("Organization Name", "");
    await advance(0);
    expect(screen.getByText("Organization name is required")).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
  });

  it("waits 500 ms after the last keystroke, shows 'Checking email...' and then 'Email address is valid'", async () => {
    const answer = deferred();
    checkReply = () => answer.promise;
    render(<SignupForm />);

    const email = screen.getByLabelText("Email");
    for (const value of ["a", "an", "ann@", "ann@lee.co", "Ann@Lee.com "]) {
      fireEvent.change(email, { target: { value } });
      await advance(200);
    }
    expect(checkCalls()).toHaveLength(0);
    expect(emailStatus()).toBe("");

    await advance(300);
    expect(checkCalls()).toHaveLength(1);
    expect(checkCalls()[0]?.[0]).toBe("/api/organizations/check-email/ann%40lee.com");
    expect(emailStatus()).toBe("Checking email...");

    answer.resolve({ status: 200, body: { available: true, message: "Email address is valid" } });
    await advance(0);
    expect(emailStatus()).toBe("Email address is valid");
  });

  it("aborts a running check when the email changes", async () => {
    checkReply = (url) =>
      url.endsWith("first%40lee.com")
        ? "hang"
        : { status: 200, body: { available: true, message: "Email address is valid" } };
    render(<SignupForm />);
    type("Email", "first@lee.com");
    await advance(500);
    const firstSignal = checkCalls()[0]?.[1]?.signal as AbortSignal;
    expect(firstSignal.aborted).toBe(false);

    type("Email", "second@lee.com");
    await advance(0);
    expect(firstSignal.aborted).toBe(true);
    await advance(500);
    expect(emailStatus()).toBe("Email address is valid");
    await advance(5000);
    expect(emailStatus()).toBe("Email address is valid"); // the aborted check never reports a timeout
  });

  it("never claims an address is free or taken: the check only confirms it is an address", async () => {
    render(<SignupForm />);
    await fillValidForm();
    await advance(500);
    expect(emailStatus()).toBe("Email address is valid");
    expect(document.body.textContent).not.toMatch(/available|already exists/i);
  });

  it("treats any answer but 'available' as a failed check (the server never says taken)", async () => {
    checkReply = () => ({
      status: 200,
      body: { available: false, message: "An account with this email already exists." },
    });
    render(<SignupForm />);
    await fillValidForm();
    await advance(500);
    expect(emailStatus()).toContain("Failed to check email availability");
    expect(emailStatus()).not.toContain("already exists");
  });

  it("lets the visitor continue when the check is rate-limited (429)", async () => {
    checkReply = () => ({ status: 429, body: { error: { code: "rate_limited", message: "Too many requests." } } });
    render(<SignupForm />);
    await fillValidForm();
    await advance(500);
    expect(emailStatus()).toBe("Too many email checks. Please continue.");
    expect(submitButton().disabled).toBe(false);
  });

  it("says an invalid email is invalid without asking the server", async () => {
    render(<SignupForm />);
    type("Email", "ann@lee");
    await advance(500);
    expect(emailStatus()).toBe("Please enter a valid email address");
    expect(checkCalls()).toHaveLength(0);
  });

  it("lets the visitor continue when the check times out after 5 s", async () => {
    checkReply = () => "hang";
    render(<SignupForm />);
    await fillValidForm();
    await advance(500);
    expect(emailStatus()).toBe("Checking email...");
    expect(submitButton().disabled).toBe(true);

    await advance(4999);
    expect(emailStatus()).toBe("Checking email...");
    await advance(1);
    expect(emailStatus()).toBe("Email check timed out. Please continue.");
    expect(submitButton().disabled).toBe(false);
  });

  it("reports a failed check, blocks submit and can try again", async () => {
    let calls = 0;
    checkReply = () =>
      ++calls === 1
        ? { status: 500, body: { error: { code: "internal", message: "Something went wrong. Please try again." } } }
        : { status: 200, body: { available: true, message: "Email address is valid" } };
    render(<SignupForm />);
    await fillValidForm();
    await advance(500);
    expect(emailStatus()).toContain("Failed to check email availability");
    expect(submitButton().disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await advance(500);
    expect(emailStatus()).toBe("Email address is valid");
    expect(submitButton().disabled).toBe(false);
  });

  it("formats the phone as it is typed and submits 10 digits", async () => {
    const answer = deferred();
    signupReply = () => answer.promise;
    render(<SignupForm />);
    const phone = screen.getByLabelText("Phone") as HTMLInputElement;
    const seen: string[] = [];
    for (const value of [
      "5",
      "(55",
      "(555",
      "(5551",
      "(555) 12",
      "(555) 123",
      "(555) 1234",
      "(555) 123-45",
      "(555) 123-456",
      "(555) 123-4567",
      "(555) 123-45678",
    ]) {
      fireEvent.change(phone, { target: { value } });
      seen.push(phone.value);
    }
    expect(seen).toEqual([
      "(5",
      "(55",
      "(555",
      "(555) 1",
      "(555) 12",
      "(555) 123",
      "(555) 123-4",
      "(555) 123-45",
      "(555) 123-456",
      "(555) 123-4567",
      "(555) 123-4567",
    ]);
    fireEvent.change(phone, { target: { value: "(555) " } }); // Backspace over "1" leaves the dangling ") "
    expect(phone.value).toBe("(555");
    fireEvent.change(phone, { target: { value: "+1 (555) 987-6543" } }); // pasted with the country code
    expect(phone.value).toBe("(555) 987-6543");

    type("First Name", " Ann ");
    type("Last Name", "Lee");
    type("Organization Name", "Lee Insurance");
    type("Email", "Ann@Lee.com");
    await advance(500);
    fireEvent.click(submitButton());
    await advance(0);

    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/organizations") ?? [];
    expect(JSON.parse(init.body)).toEqual({
      firstName: "Ann",
      lastName: "Lee",
      organizationName: "Lee Insurance",
      email: "ann@lee.com",
      phone: "5559876543",
    });
    expect(init.headers["Content-Type"]).toBe("application/json");
    answer.resolve({ status: 202, body: { success: true, message: "ok" } });
    await advance(0);
  });

  it("shows 'Creating Account...' while submitting and then the sign-in link message", async () => {
    const answer = deferred();
    signupReply = () => answer.promise;
    render(<SignupForm />);
    await fillValidForm();
    await advance(500);
    fireEvent.click(submitButton());
    await advance(0);

    expect(submitButton().textContent).toBe("Creating Account...");
    expect(submitButton().disabled).toBe(true);

    answer.resolve({ status: 202, body: { success: true, message: "Check your email for a link to continue." } });
    await advance(0);
    const heading = screen.getByRole("heading", { name: "Check your email" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole("status").textContent).toContain(
      "We sent a link to ann@lee.com. Click the link in that email to continue.",
    );
    expect((screen.getByRole("link", { name: "Send a new link" }) as HTMLAnchorElement).getAttribute("href")).toBe(
      "/login?activate=1",
    );
    expect(screen.queryByLabelText("Email")).toBeNull();
  });

  it("puts 422 field errors beside their fields", async () => {
    signupReply = () => ({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: "Some fields are invalid.",
          fields: {
            organizationName: ["Organization name is too long"],
            email: ["Please enter a valid email address"],
          },
        },
      },
    });
    render(<SignupForm />);
    await fillValidForm();
    await advance(500);
    fireEvent.click(submitButton());
    await advance(0);

    expect(screen.getByRole("alert").textContent).toBe("Please fill out all fields correctly");
    expect(document.getElementById("signup-organizationName-error")?.textContent).toBe("Organization name is too long");
    expect(screen.getByLabelText("Organization Name").getAttribute("aria-describedby")).toBe(
      "signup-organizationName-error",
    );
    expect(emailStatus()).toBe("Please enter a valid email address");
  });

  it.each([
    [
      { status: 500, body: { error: { code: "internal", message: "Something went wrong. Please try again." } } },
      "Something went wrong. Please try again.",
    ],
    [{ status: 502, body: "<html>" }, "Something went wrong. Please try again."],
    [
      {
        status: 429,
        body: { error: { code: "rate_limited", message: "Too many requests. Please wait a moment and try again." } },
      },
      "Too many requests. Please wait a moment and try again.",
    ],
  ])("reports a failed signup (%j)", async (reply, message) => {
    signupReply = () => reply;
    render(<SignupForm />);
    await fillValidForm();
    await advance(500);
    fireEvent.click(submitButton());
    await advance(0);
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(submitButton().textContent).toBe("Get Started");
  });

  it("reports a network failure", async () => {
    render(<SignupForm />);
    await fillValidForm();
    await advance(500);
    signupReply = () => Promise.reject(new TypeError("Failed to fetch"));
    fireEvent.click(submitButton());
    await advance(0);
    expect(screen.getByRole("alert").textContent).toBe("Something went wrong. Please try again.");
  });

  it("takes a prefill and carries the onboarding frame", async () => {
    const { container } = render(
      <SignupForm
        prefill={{ firstName: "Ann", lastName: "Lee", email: "ann@lee.com", phone: "555-123-4567" }}
        frame={3}
      />,
    );
    expect((screen.getByLabelText("First Name") as HTMLInputElement).value).toBe("Ann");
    expect((screen.getByLabelText("Last Name") as HTMLInputElement).value).toBe("Lee");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("ann@lee.com");
    expect((screen.getByLabelText("Phone") as HTMLInputElement).value).toBe("(555) 123-4567");
    expect((container.firstElementChild as HTMLElement).dataset.frame).toBe("3");

    await advance(500);
    expect(emailStatus()).toBe("Email address is valid");
    expect(submitButton().disabled).toBe(true); // organization name still missing
    type("Organization Name", "Lee Insurance");
    await advance(0);
    expect(submitButton().disabled).toBe(false);
  });
});
