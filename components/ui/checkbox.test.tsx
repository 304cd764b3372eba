import { fireEvent, render, screen } from "@testing-library/react";
import { Checkbox } from "@/components/ui/checkbox";

describe("Checkbox", () => {
  it("is named by its label, described by its hint, and reports the new value", () => {
    const onChange = jest.fn();
    render(
      <Checkbox
        label="Overwrite existing contacts"
        hint="Matching emails are updated."
        checked={false}
        onChange={onChange}
      />,
    );
    const box = screen.getByRole("checkbox", { name: "Overwrite existing contacts" });
    expect(document.getElementById(box.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Matching emails are updated.",
    );
    fireEvent.click(screen.getByText("Overwrite existing contacts"));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it("keeps a visible focus ring", () => {
    render(<Checkbox label="Remember me" defaultChecked />);
    expect(screen.getByRole("checkbox", { name: "Remember me" }).className).toContain("focus-visible:ring-2");
  });
});
