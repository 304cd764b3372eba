import { fireEvent, render, screen } from "@testing-library/react";
import { ErrorScreen } from "@/components/layout/error-screen";
import { LoadingScreen } from "@/components/layout/loading-screen";

describe("ErrorScreen", () => {
  it("says something went wrong and reloads the page on Refresh", () => {
    const reload = jest.fn();
    render(<ErrorScreen digest="abc123" onRefresh={reload} />);
    expect(screen.getByRole("alert").textContent).toContain("Something went wrong");
    expect(screen.getByText("Reference: abc123")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("LoadingScreen", () => {
  it("tells the visitor what to do if loading stalls", () => {
    render(<LoadingScreen />);
    expect(screen.getByText("Click refresh if the page doesn't load")).toBeTruthy();
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
  });
});
