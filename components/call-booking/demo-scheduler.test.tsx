import { fireEvent, render, screen } from "@testing-library/react";
import { DemoScheduler } from "@/components/call-booking/demo-scheduler";

describe("DemoScheduler", () => {
  it("links to the booking calendar in a new tab, then says Thank You", () => {
    render(<DemoScheduler bookingUrl="https://cal.com/gapwise/demo" productName="Gapwise" />);
    const link = screen.getByRole("link", { name: "Schedule a Demo Call" });
    expect(link.getAttribute("href")).toBe("https://cal.com/gapwise/demo");
    expect(link.getAttribute("target")).toBe("_blank");
    fireEvent.click(link);
    expect(screen.getByRole("heading", { name: "Thank You" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Schedule a Demo Call" })).toBeNull();
  });

  it("an email fallback opens in place", () => {
    render(<DemoScheduler bookingUrl="mailto:support@gapwise.app?subject=Gapwise%20demo" productName="Gapwise" />);
    const link = screen.getByRole("link", { name: "Schedule a Demo Call" });
    expect(link.getAttribute("target")).toBeNull();
    expect(screen.getByText(/Opens an email to our team/)).toBeTruthy();
  });
});
