import { render, screen } from "@testing-library/react";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";

describe("Field", () => {
  it("labels its control and describes it by the hint", () => {
    render(
      <Field label="Company name" hint="As your clients know it.">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByRole("textbox", { name: "Company name" });
    expect(input.getAttribute("aria-describedby")).toBe(`${input.id}-hint`);
    expect(document.getElementById(`${input.id}-hint`)?.textContent).toBe("As your clients know it.");
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("with an error marks the control invalid and describes it by hint and error", () => {
    render(
      <Field id="zip" label="ZIP code" hint="Five digits." error="Enter a 5-digit ZIP code." describedBy="zip-status">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByRole("textbox", { name: "ZIP code" });
    expect(input.id).toBe("zip");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("zip-hint zip-error zip-status");
    expect(document.getElementById("zip-error")?.textContent).toBe("Enter a 5-digit ZIP code.");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("announces the error when told to, and marks a required control", () => {
    render(
      <Field label="Plan" error="Choose a plan." announceError required>
        {(control) => (
          <Select {...control}>
            <option value="">Choose</option>
          </Select>
        )}
      </Field>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Choose a plan.");
    const select = screen.getByRole("combobox", { name: /Plan/ });
    expect(select.getAttribute("aria-required")).toBe("true");
  });
});

describe("Input", () => {
  it("is 44 px tall with a focus ring on any focus and a red border when invalid", () => {
    render(<Input aria-label="Email" className="font-mono" />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input.className).toContain("min-h-11");
    expect(input.className).toContain("focus:ring-2");
    expect(input.className).toContain("aria-[invalid=true]:border-red-700");
    expect(input.className).toContain("font-mono");
  });
});
