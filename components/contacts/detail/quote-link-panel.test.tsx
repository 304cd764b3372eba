import { act, fireEvent, render, screen } from "@testing-library/react";
import { QuoteLinkPanel } from "@/components/contacts/detail/quote-link-panel";

const CONTACT_ID = "00000000-0000-4000-8000-0000000000c1";
const URL_1 = "http://app.test/compare?id=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const URL_2 = "http://app.test/compare?id=BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB";

const reply = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body }) as Response;
const flush = () => act(async () => {});

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock;
});
afterEach(() => jest.useRealTimers());

describe("QuoteLinkPanel (Contact Details → Quote Link)", () => {
  it("generates a link with POST /api/quotes/generate/{id}, shows it, and Copy Link copies it with 'Copied' for 2 s", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    fetchMock
      .mockResolvedValueOnce(reply(200, { quoteId: "AAAA", redirectUrl: URL_1 }))
      .mockResolvedValueOnce(reply(200, { quoteId: "BBBB", redirectUrl: URL_2 }));
    render(<QuoteLinkPanel contactId={CONTACT_ID} contactName="Pat Jones" daysValid={90} />);
    expect(screen.queryByLabelText("Personal quote link")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Generate quote link" }));
    await flush();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/quotes/generate/${CONTACT_ID}`,
      expect.objectContaining({ method: "POST" }),
    );
    expect((screen.getByLabelText("Personal quote link") as HTMLInputElement).value).toBe(URL_1);
    expect(screen.getByText(/shows Pat Jones's quotes for 90 days/)).toBeTruthy();

    jest.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Copy Link" }));
    await flush();
    expect(writeText).toHaveBeenCalledWith(URL_1);
    expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy();
    expect(screen.getByText("Link copied to clipboard")).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    expect(screen.getByRole("button", { name: "Copy Link" })).toBeTruthy();
    jest.useRealTimers();

    // A new link replaces the shown one.
    fireEvent.click(screen.getByRole("button", { name: "Generate a new link" }));
    await flush();
    expect((screen.getByLabelText("Personal quote link") as HTMLInputElement).value).toBe(URL_2);
  });

  it("shows the server's message from the error shape, and a plain one when there is none", async () => {
    fetchMock
      .mockResolvedValueOnce(reply(404, { error: { code: "not_found", message: "Contact not found" } }))
      .mockRejectedValueOnce(new Error("offline"));
    render(<QuoteLinkPanel contactId={CONTACT_ID} contactName="Pat Jones" daysValid={90} />);
    fireEvent.click(screen.getByRole("button", { name: "Generate quote link" }));
    await flush();
    expect(screen.getByRole("alert").textContent).toBe("Contact not found");
    fireEvent.click(screen.getByRole("button", { name: "Generate quote link" }));
    await flush();
    expect(screen.getByRole("alert").textContent).toBe("The quote link could not be created. Please try again.");
    expect(screen.queryByLabelText("Personal quote link")).toBeNull();
  });
});
