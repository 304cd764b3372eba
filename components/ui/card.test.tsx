import { render, screen } from "@testing-library/react";
import { Card, Section } from "@/components/ui/card";

describe("Section", () => {
  it("is a region named by its heading, with description and aside", () => {
    render(
      <Section
        id="brand"
        title="Branding"
        description="Your logo and colors."
        aside={<button type="button">Preview</button>}
      >
        <p>Body</p>
      </Section>,
    );
    const region = screen.getByRole("region", { name: "Branding" });
    expect(screen.getByRole("heading", { level: 2, name: "Branding" }).id).toBe("brand-title");
    expect(region.textContent).toContain("Your logo and colors.");
    expect(region.textContent).toContain("Body");
    expect(screen.getByRole("button", { name: "Preview" })).toBeTruthy();
  });

  it("can be a sub-section (h3) with a generated heading id", () => {
    render(
      <Section title="Email" headingLevel={3}>
        <p>Body</p>
      </Section>,
    );
    expect(screen.getByRole("region", { name: "Email" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Email" })).toBeTruthy();
  });
});

describe("Card", () => {
  it("wraps its children in a panel", () => {
    const { container } = render(<Card className="mt-4">Hello</Card>);
    expect(container.firstElementChild?.className).toContain("mt-4");
    expect(container.textContent).toBe("Hello");
  });
});
