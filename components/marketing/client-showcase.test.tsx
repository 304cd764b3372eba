import { fireEvent, render, screen } from "@testing-library/react";
import { ClientShowcase, type ShowcaseItem } from "@/components/marketing/client-showcase";

jest.mock(
  "next/image",
  () =>
    function ImageStub(props: { alt: string; src: string }) {
      // eslint-disable-next-line @next/next/no-img-element
      return <img alt={props.alt} src={props.src} />;
    },
);

const items: ShowcaseItem[] = [
  { key: "email", label: "Email", title: "Email title", text: "Email text" },
  {
    key: "quotes",
    label: "Quotes",
    title: "Quotes title",
    text: "Quotes text",
    image: { src: "/q.png", width: 390, height: 844, alt: "Quote page" },
  },
  { key: "underwriting", label: "Underwriting", title: "Underwriting title", text: "Underwriting text" },
];

describe("ClientShowcase", () => {
  it("switches by hover, click and arrow keys", () => {
    render(<ClientShowcase items={items} />);
    expect(screen.getByRole("tab", { name: "Email" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("heading", { name: "Email title" })).toBeTruthy();

    fireEvent.mouseEnter(screen.getByRole("tab", { name: "Underwriting" }));
    expect(screen.getByRole("heading", { name: "Underwriting title" })).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Quotes" }));
    expect(screen.getByRole("img", { name: "Quote page" })).toBeTruthy();

    fireEvent.keyDown(screen.getByRole("tab", { name: "Quotes" }), { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Underwriting" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(screen.getByRole("tab", { name: "Underwriting" }), { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Email" }).getAttribute("aria-selected")).toBe("true");
  });
});
