import { render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { LoggingOut } from "@/components/layout/logging-out";
import { logoutDestination } from "@/lib/auth/logout-destination";

const realFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = realFetch;
  jest.useRealTimers();
});

describe("LoggingOut", () => {
  it("shows a spinner, POSTs /api/auth/logout and then calls onDone", async () => {
    const order: string[] = [];
    const fetchMock = jest.fn(async () => {
      order.push("fetch");
      return new Response(null, { status: 204 });
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const onDone = jest.fn(() => order.push("done"));

    render(<LoggingOut onDone={onDone} />);
    expect(screen.getByText("Logging out...")).toBeTruthy();
    expect(screen.getByRole("status", { name: "Logging out" })).toBeTruthy();

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/logout", expect.objectContaining({ method: "POST" }));
    expect(order).toEqual(["fetch", "done"]);
  });

  it("still finishes, quietly, when the call fails", async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    const onDone = jest.fn();

    render(<LoggingOut onDone={onDone} />);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("Logging out...")).toBeTruthy();
  });

  it("logs out once under Strict Mode", async () => {
    const fetchMock = jest.fn(async () => new Response(null, { status: 204 }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const onDone = jest.fn();

    render(
      <StrictMode>
        <LoggingOut onDone={onDone} />
      </StrictMode>,
    );
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("gives up waiting on a call that hangs", () => {
    jest.useFakeTimers();
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => {})) as unknown as typeof fetch;
    const onDone = jest.fn();

    render(<LoggingOut onDone={onDone} />);
    expect(onDone).not.toHaveBeenCalled();
    jest.advanceTimersByTime(8000);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

describe("logoutDestination", () => {
  it("leads home, or to the signup page for the Sample Agency's exit; no other place", () => {
    expect(logoutDestination(null)).toBe("/");
    expect(logoutDestination("signup")).toBe("/signup");
    expect(logoutDestination("https://evil.example")).toBe("/");
    expect(logoutDestination("/dashboard")).toBe("/");
  });
});
