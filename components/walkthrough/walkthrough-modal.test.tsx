import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { WalkthroughAutoOpen, WalkthroughModal } from "@/components/walkthrough/walkthrough-modal";

type Reply = { status: number; body?: unknown };
const asResponse = ({ status, body }: Reply) => ({ ok: status >= 200 && status < 300, status, json: async () => body });

let reply: () => Reply | Promise<Reply>;
let fetchMock: jest.Mock;

beforeEach(() => {
  reply = () => ({ status: 200, body: { success: true } });
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/profile/complete-walkthrough" && init?.method === "POST") return asResponse(await reply());
    throw new Error(`unexpected fetch ${url}`);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open tutorial
      </button>
      <WalkthroughModal productName="Gapwise" open={open} onClose={() => setOpen(false)} />
    </>
  );
}

describe("WalkthroughModal", () => {
  it("shows the welcome, the video placeholder and the three quick-start steps", () => {
    render(<WalkthroughModal productName="Gapwise" open onClose={() => {}} />);
    expect(screen.getByRole("dialog", { name: "Welcome to Gapwise" })).toBeTruthy();
    expect(screen.getByText("Video Walkthrough Coming Soon")).toBeTruthy();
    for (const step of ["Set Up Your Profile", "Add Clients", "Generate Quotes"])
      expect(screen.getByText(step)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Got it, Don't Show Again" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("links each quick-start step to where it is done, closing the walkthrough on the way", () => {
    const onClose = jest.fn();
    render(<WalkthroughModal productName="Gapwise" open onClose={onClose} />);
    const hrefs = ["Set Up Your Profile", "Add Clients", "Generate Quotes"].map((name) =>
      screen.getByRole("link", { name }).getAttribute("href"),
    );
    expect(hrefs).toEqual(["/profile", "/contacts", "/contacts"]);
    const stopNavigation = (event: Event) => event.preventDefault(); // jsdom cannot navigate
    document.addEventListener("click", stopNavigation);
    fireEvent.click(screen.getByRole("link", { name: "Add Clients" }));
    document.removeEventListener("click", stopNavigation);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("renders nothing when closed", () => {
    render(<WalkthroughModal productName="Gapwise" open={false} onClose={() => {}} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on Escape and returns focus to the opener", () => {
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "Open tutorial" });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(document.activeElement).not.toBe(opener);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes with Close without saving", () => {
    const onClose = jest.fn();
    render(<WalkthroughModal productName="Gapwise" open onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("saves 'Don't Show Again' ('Saving...') and then closes", async () => {
    let release!: () => void;
    reply = () => new Promise((resolve) => (release = () => resolve({ status: 200, body: { success: true } })));
    const onClose = jest.fn();
    const onCompleted = jest.fn();
    render(<WalkthroughModal productName="Gapwise" open onClose={onClose} onCompleted={onCompleted} />);
    fireEvent.click(screen.getByRole("button", { name: "Got it, Don't Show Again" }));
    expect(await screen.findByText("Saving...")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Saving..." }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document, { key: "Escape" }); // not while saving
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => release());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onCompleted).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/profile/complete-walkthrough",
      expect.objectContaining({ method: "POST" }),
    );
  });

  it("says 'Failed to save walkthrough completion' and stays open when saving fails", async () => {
    reply = () => ({ status: 500, body: {} });
    const onClose = jest.fn();
    render(<WalkthroughModal productName="Gapwise" open onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Got it, Don't Show Again" }));
    expect(await screen.findByText("Failed to save walkthrough completion")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Got it, Don't Show Again" })).toBeTruthy();
  });
});

describe("WalkthroughAutoOpen", () => {
  it("opens on mount when show is true, and can be closed", () => {
    render(<WalkthroughAutoOpen productName="Gapwise" show />);
    expect(screen.getByRole("dialog", { name: "Welcome to Gapwise" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("stays closed when show is false", () => {
    render(<WalkthroughAutoOpen productName="Gapwise" show={false} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
