import { render, screen } from "@testing-library/react";
import { Badge } from "@/components/ui/badge";

describe("Badge", () => {
  it("says its meaning in text, in an AA pair of colours per tone", () => {
    render(
      <>
        <Badge tone="success">Active</Badge>
        <Badge tone="danger">Past due</Badge>
        <Badge>Draft</Badge>
      </>,
    );
    expect(screen.getByText("Active").className).toContain("text-green-800");
    expect(screen.getByText("Past due").className).toContain("text-red-800");
    expect(screen.getByText("Draft").className).toContain("text-gray-800");
  });
});
