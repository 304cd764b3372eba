import { fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";

function Harness({ busy = false, withInitialFocus = false }: { busy?: boolean; withInitialFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const second = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete Jane Doe?"
        description="This can't be undone."
        closeLabel="Close"
        busy={busy}
        initialFocus={withInitialFocus ? second : undefined}
      >
        <DialogBody>
          <input aria-label="First" />
          <input aria-label="Second" ref={second} />
        </DialogBody>
        <DialogFooter>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="danger">Delete</Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}

const open = () => {
  const opener = screen.getByRole("button", { name: "Open" });
  opener.focus();
  fireEvent.click(opener);
  return opener;
};

describe("Dialog", () => {
  it("is a modal dialog named by its title and described by its description", () => {
    render(<Harness />);
    open();
    const dialog = screen.getByRole("dialog", { name: "Delete Jane Doe?" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toBe(
      "This can't be undone.",
    );
    expect(screen.getByRole("heading", { level: 2, name: "Delete Jane Doe?" })).toBeTruthy();
  });

  it("moves focus in (first focusable, or initialFocus) and keeps Tab inside", () => {
    const { unmount } = render(<Harness />);
    open();
    const close = screen.getByRole("button", { name: "Close" });
    const del = screen.getByRole("button", { name: "Delete" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(del);
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    unmount();

    render(<Harness withInitialFocus />);
    open();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Second" }));
  });

  it("closes on Escape and returns focus to the opener", () => {
    render(<Harness />);
    const opener = open();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("stays open on Escape while busy, and its close button is disabled", () => {
    render(<Harness busy />);
    open();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close" }).hasAttribute("disabled")).toBe(true);
  });

  it("locks the page's scroll while open and restores it on close", () => {
    render(<Harness />);
    open();
    expect(document.body.style.overflow).toBe("hidden");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(document.body.style.overflow).toBe("");
  });
});
