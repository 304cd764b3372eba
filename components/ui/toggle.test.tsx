import { fireEvent, render, screen } from "@testing-library/react";
import { Toggle } from "@/components/ui/toggle";

describe("Toggle", () => {
  it("is a switch named by its label, described by its description, with its state", () => {
    const onChange = jest.fn();
    render(<Toggle label="Birthday emails" description="Sent 30 days before." checked={false} onChange={onChange} />);
    const toggle = screen.getByRole("switch", { name: "Birthday emails" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(document.getElementById(toggle.getAttribute("aria-describedby")!)?.textContent).toBe("Sent 30 days before.");
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it("shows on and disabled states", () => {
    render(<Toggle id="t" label="Anniversary emails" checked onChange={() => {}} disabled />);
    const toggle = screen.getByRole("switch", { name: "Anniversary emails" });
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(toggle.hasAttribute("disabled")).toBe(true);
    // The invisible input covers the 44×44 px box around the drawn switch.
    expect(toggle.parentElement?.className).toContain("h-11");
  });
});
