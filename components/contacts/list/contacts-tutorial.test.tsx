import { act, fireEvent, render, screen } from "@testing-library/react";
import { ContactsTutorial } from "@/components/contacts/list/contacts-tutorial";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ({ success: true }) });
  global.fetch = fetchMock;
});

function renderTutorial() {
  const single = jest.fn((close: () => void) => (
    <div role="dialog" aria-label="Add New Client">
      <button type="button" onClick={close}>
        Cancel
      </button>
    </div>
  ));
  const csv = jest.fn(() => <div role="dialog" aria-label="Upload CSV" />);
  render(
    <>
      <button type="button" data-add-contact="">
        + Add Contact
      </button>
      <ContactsTutorial singleContactModal={single} csvUploadModal={csv} />
    </>,
  );
  return { single, csv };
}

const dismissed = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => url === "/api/profile/dismiss-contacts-tutorial" && init?.method === "POST",
  ).length;

describe("ContactsTutorial (the contacts page's Welcome tutorial)", () => {
  it("explains adding one contact or many, with the example file", () => {
    renderTutorial();
    const dialog = screen.getByRole("dialog", { name: "Welcome to your contacts" });
    expect(dialog.textContent).toContain("one at a time or all at once");
    expect(screen.getByRole("button", { name: "Add a Contact" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Upload a CSV" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download an example file" }).getAttribute("href")).toBe("/example.csv");
    expect(dismissed()).toBe(0);
  });

  it("Add a Contact opens the Add New Client form and stores the flag; focus returns to + Add Contact", async () => {
    renderTutorial();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add a Contact" })));
    expect(screen.queryByRole("dialog", { name: "Welcome to your contacts" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Add New Client" })).toBeTruthy();
    expect(dismissed()).toBe(1);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement?.textContent).toBe("+ Add Contact");
  });

  it("Upload a CSV opens the Upload CSV modal", async () => {
    renderTutorial();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Upload a CSV" })));
    expect(screen.getByRole("dialog", { name: "Upload CSV" })).toBeTruthy();
    expect(dismissed()).toBe(1);
  });

  it("Escape closes it, stores the flag and puts focus on + Add Contact", async () => {
    renderTutorial();
    await act(async () => fireEvent.keyDown(document, { key: "Escape" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(dismissed()).toBe(1);
    expect(document.activeElement?.textContent).toBe("+ Add Contact");
  });

  it("Got it closes it too", async () => {
    renderTutorial();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Got it" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(dismissed()).toBe(1);
  });
});
