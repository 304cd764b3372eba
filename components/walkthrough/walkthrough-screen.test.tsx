import { act, fireEvent, render, screen } from "@testing-library/react";
import { WALKTHROUGH_SCREEN_TEXT, WalkthroughScreen } from "@/components/walkthrough/walkthrough-screen";

beforeEach(() => {
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/profile/complete-walkthrough" && init?.method === "POST")
      return { ok: true, status: 200, json: async () => ({ success: true }) };
    throw new Error(`unexpected fetch ${url}`);
  }) as unknown as typeof fetch;
});

describe("WalkthroughScreen (/walkthrough)", () => {
  it("opens the walkthrough on load; closed, the page offers it again and a way to the dashboard", () => {
    render(<WalkthroughScreen productName="Gapwise" completed={false} />);
    expect(screen.getByRole("dialog", { name: "Welcome to Gapwise" })).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("heading", { level: 1, name: "Platform Walkthrough" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(WALKTHROUGH_SCREEN_TEXT.notDismissed);
    expect(screen.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard");
    fireEvent.click(screen.getByRole("button", { name: "Open Walkthrough" }));
    expect(screen.getByRole("dialog", { name: "Welcome to Gapwise" })).toBeTruthy();
  });

  it("says the dashboard will not open it again once 'Got it, Don't Show Again' is saved", async () => {
    render(<WalkthroughScreen productName="Gapwise" completed={false} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Got it, Don't Show Again" }));
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe(WALKTHROUGH_SCREEN_TEXT.dismissed);
  });

  it("shows the saved choice of a user who dismissed it before", () => {
    render(<WalkthroughScreen productName="Gapwise" completed />);
    expect(screen.getByRole("status").textContent).toBe(WALKTHROUGH_SCREEN_TEXT.dismissed);
  });
});
