import { render, screen } from "@testing-library/react";
import { SampleDataBanner } from "@/components/layout/sample-data-banner";

describe("SampleDataBanner (the Sample Agency's restricted view)", () => {
  it("says the data is made up, what it cannot do, and offers the exit: sign out, then sign up", () => {
    render(<SampleDataBanner agencyName="Sample Agency" />);
    const note = screen.getByRole("note", { name: "Sample data" });
    expect(note.textContent).toContain(
      "Sample Agency and its contacts are made up for trying the product out; none of its emails reaches a client, and it takes no payments.",
    );
    expect(screen.getByRole("link", { name: "Exit and create your own agency" }).getAttribute("href")).toBe(
      "/logging-out?then=signup",
    );
  });
});
