import { act, fireEvent, render, screen } from "@testing-library/react";
import { LoginForm } from "@/components/accounts/login-form";

// jsdom has no Response: the form reads only ok, status and json().
const response = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body });
const respond = (status: number, body: unknown) => Promise.resolve(response(status, body));

describe("LoginForm", () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  const type = (value: string) => fireEvent.change(screen.getByLabelText("Email"), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole("button", { name: "Send login link" }));

  it("asks for an address, and a valid one, before calling the server", async () => {
    render(<LoginForm />);
    await act(async () => submit());
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter your email address");
    type("not-an-email");
    await act(async () => submit());
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter a valid email address");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Sending login link...' then both sent texts, with a 60-second resend countdown", async () => {
    jest.useFakeTimers();
    let resolve!: (r: ReturnType<typeof response>) => void;
    fetchMock.mockReturnValue(new Promise((r) => (resolve = r)));
    render(<LoginForm />);
    type("sam@agency.test");
    await act(async () => submit()); // the schema check runs first
    expect(screen.getByRole("button", { name: /Sending login link\.\.\./ })).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ email: "sam@agency.test" });
    await act(async () => resolve(response(200, { success: true })));
    expect(screen.getByText("If your email is registered, you'll receive a login link soon.")).toBeTruthy();
    expect(screen.getByText("Check your inbox and spam folder.")).toBeTruthy();
    expect(screen.getByText("Resend link in 60 seconds")).toBeTruthy();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText("Resend link in 59 seconds")).toBeTruthy();
    for (let i = 0; i < 59; i++) act(() => jest.advanceTimersByTime(1000));
    fetchMock.mockReturnValue(respond(200, { success: true }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Resend link" })));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByText("Resend link in 60 seconds")).toBeTruthy();
    jest.useRealTimers();
  });

  it("shows the failure in red, and the server's message when rate-limited", async () => {
    fetchMock.mockReturnValueOnce(respond(500, { error: { code: "internal", message: "x" } }));
    render(<LoginForm />);
    type("sam@agency.test");
    await act(async () => submit());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Failed to send login link. Please try again.");
    expect(alert.className).toContain("text-red-700");
    fetchMock.mockReturnValueOnce(
      respond(429, {
        error: {
          code: "rate_limited",
          message: "Too many login links requested. Please wait a few minutes and try again.",
        },
      }),
    );
    await act(async () => submit());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many login links requested. Please wait a few minutes and try again.",
    );
    fetchMock.mockReturnValueOnce(Promise.reject(new TypeError("network")));
    await act(async () => submit());
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to send login link. Please try again.");
  });

  it("shows the server's word for a refused address under the field", async () => {
    fetchMock.mockReturnValueOnce(
      respond(422, {
        error: {
          code: "validation_failed",
          message: "Invalid",
          fields: { email: ["Please enter a valid email address"] },
        },
      }),
    );
    render(<LoginForm />);
    type("sam@agency.test");
    await act(async () => submit());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Please enter a valid email address");
    expect(screen.getByLabelText("Email").getAttribute("aria-describedby")).toBe(alert.id);
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
  });

  it("links to signup", () => {
    render(<LoginForm />);
    expect(screen.getByRole("link", { name: "Sign Up Here" }).getAttribute("href")).toBe("/signup");
  });
});
