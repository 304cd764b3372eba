import { fireEvent, render, screen, within } from "@testing-library/react";
import { PublicHeader } from "@/components/layout/public-header";

function links(container: HTMLElement) {
  return within(container)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
}

describe("PublicHeader", () => {
  it("links the product name to / and shows the public links, Try It Out last", () => {
    render(<PublicHeader productName="Gapwise" />);
    expect(screen.getByRole("link", { name: "Gapwise" }).getAttribute("href")).toBe("/");
    expect(links(screen.getByRole("navigation", { name: "Main" }))).toEqual([
      ["Book a Demo", "/schedule-main"],
      ["Pricing", "/pricing"],
      ["Login", "/login"],
      ["Signup", "/signup"],
      ["Try It Out", "/demo"],
    ]);
    expect(screen.getByRole("link", { name: "Try It Out" }).className).toContain("bg-brand-600");
  });

  it("opens a mobile menu with the same links plus Contact Us, and closes it again", () => {
    render(<PublicHeader productName="Gapwise" />);
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
    expect(screen.queryByText("Contact Us")).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("navigation", { name: "Mobile" });
    expect(button.getAttribute("aria-controls")).toBe(menu.id);
    const mobileLinks = links(menu);
    expect(mobileLinks).toContainEqual(["Contact Us", "/contact-us"]);
    for (const link of [
      ["Book a Demo", "/schedule-main"],
      ["Pricing", "/pricing"],
      ["Login", "/login"],
      ["Signup", "/signup"],
      ["Try It Out", "/demo"],
    ]) {
      expect(mobileLinks).toContainEqual(link);
    }

    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
  });

  it("closes the mobile menu on Escape and returns focus to the button", () => {
    render(<PublicHeader productName="Gapwise" />);
    const button = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(button);
    fireEvent.keyDown(
      within(screen.getByRole("navigation", { name: "Mobile" })).getByRole("link", { name: "Pricing" }),
      { key: "Escape" },
    );
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("closes the mobile menu on a click outside, but not on a click inside", () => {
    render(
      <>
        <PublicHeader productName="Gapwise" />
        <p>Page body</p>
      </>,
    );
    const button = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(button);
    fireEvent.mouseDown(screen.getByRole("navigation", { name: "Mobile" }));
    expect(button.getAttribute("aria-expanded")).toBe("true");
    fireEvent.mouseDown(screen.getByText("Page body"));
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the mobile menu when a link is followed", () => {
    render(<PublicHeader productName="Gapwise" />);
    const button = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(button);
    fireEvent.click(
      within(screen.getByRole("navigation", { name: "Mobile" })).getByRole("link", { name: "Contact Us" }),
    );
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });
});
