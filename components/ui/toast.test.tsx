import { act, fireEvent, render, screen } from "@testing-library/react";
import { TOAST_MS, ToastProvider, useToast } from "@/components/ui/toast";

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.show("Settings saved.")}>
        Save
      </button>
      <button type="button" onClick={() => toast.show("Could not save.", { tone: "error" })}>
        Fail
      </button>
    </>
  );
}

describe("Toast", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("has polite and assertive live regions from the first render", () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    expect(screen.getByRole("status").getAttribute("aria-live")).toBe("polite");
    expect(screen.getByRole("alert").getAttribute("aria-live")).toBe("assertive");
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("announces a success politely and removes it after TOAST_MS", () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("status").textContent).toContain("Settings saved.");
    act(() => jest.advanceTimersByTime(TOAST_MS - 1));
    expect(screen.getByRole("status").textContent).toContain("Settings saved.");
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("announces an error assertively and keeps it until dismissed", () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Fail" }));
    expect(screen.getByRole("alert").textContent).toContain("Could not save.");
    act(() => jest.advanceTimersByTime(TOAST_MS * 3));
    expect(screen.getByRole("alert").textContent).toContain("Could not save.");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  it("refuses to work without a provider", () => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Trigger />)).toThrow("useToast needs a <ToastProvider> above it");
  });
});
