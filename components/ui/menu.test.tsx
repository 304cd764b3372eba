import { fireEvent, render, screen } from "@testing-library/react";
import { Menu } from "@/components/ui/menu";

function renderMenu(onExport = jest.fn()) {
  render(
    <Menu
      buttonLabel="Actions"
      buttonClassName="px-3"
      buttonContent={<span>⋯</span>}
      entries={[
        { kind: "link", label: "Settings", href: "/settings" },
        { kind: "separator" },
        { kind: "action", label: "Export", onSelect: onExport },
      ]}
    />,
  );
  return screen.getByRole("button", { name: "Actions" });
}

describe("Menu", () => {
  it("is a menu button: aria-haspopup, aria-expanded, a menu labelled by the button", () => {
    const button = renderMenu();
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("menu", { name: "Actions" });
    expect(button.getAttribute("aria-controls")).toBe(menu.id);
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Settings", "Export"]);
  });

  it("moves with the arrow keys, Home and End, and wraps", () => {
    const button = renderMenu();
    fireEvent.keyDown(button, { key: "ArrowDown" });
    const [settings, exportItem] = screen.getAllByRole("menuitem");
    expect(document.activeElement).toBe(settings);
    fireEvent.keyDown(settings!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(exportItem);
    fireEvent.keyDown(exportItem!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(settings);
    fireEvent.keyDown(settings!, { key: "End" });
    expect(document.activeElement).toBe(exportItem);
    fireEvent.keyDown(exportItem!, { key: "Home" });
    expect(document.activeElement).toBe(settings);
  });

  it("closes on Escape with focus back on the button", () => {
    const button = renderMenu();
    fireEvent.keyDown(button, { key: "ArrowUp" });
    expect(document.activeElement?.textContent).toBe("Export");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("runs an action, closes, and returns focus to the button; items are 44 px targets", () => {
    const onExport = jest.fn();
    const button = renderMenu(onExport);
    fireEvent.click(button);
    const item = screen.getByRole("menuitem", { name: "Export" });
    expect(item.className).toContain("min-h-11");
    fireEvent.click(item);
    expect(onExport).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
