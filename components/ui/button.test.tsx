import { fireEvent, render, screen } from "@testing-library/react";
import { Button, buttonClass } from "@/components/ui/button";

describe("Button", () => {
  it("is a type=button button named by its text, with a visible focus ring and a 44 px target", () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Save Changes</Button>);
    const button = screen.getByRole("button", { name: "Save Changes" });
    expect(button.getAttribute("type")).toBe("button");
    expect(button.className).toContain("focus-visible:ring-2");
    expect(button.className).toContain("min-h-11");
    expect(button.className).toContain("min-w-11");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("keeps type=submit when asked", () => {
    render(<Button type="submit">Continue</Button>);
    expect(screen.getByRole("button", { name: "Continue" }).getAttribute("type")).toBe("submit");
  });

  it("while loading is disabled, aria-busy and named by the loading label", () => {
    const onClick = jest.fn();
    render(
      <Button loading loadingLabel="Saving..." onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Saving..." });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });

  it("has one class set per variant, every size at least 44 px", () => {
    expect(buttonClass({ variant: "primary" })).toContain("bg-brand-600");
    expect(buttonClass({ variant: "danger" })).toContain("bg-red-700");
    expect(buttonClass({ variant: "success" })).toContain("bg-emerald-700");
    expect(buttonClass({ variant: "secondary" })).toContain("ring-gray-400");
    expect(buttonClass({ variant: "danger-outline" })).toContain("text-red-700");
    expect(buttonClass({ variant: "link" })).toContain("text-brand-700");
    for (const size of ["sm", "md", "lg"] as const) expect(buttonClass({ size })).toMatch(/min-h-1[12]/);
    expect(buttonClass({ variant: "link" })).toContain("min-h-11");
  });
});
