import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { UnsubscribeConfirm } from "@/components/consent/unsubscribe-confirm";

const props = {
  token: "tok_123",
  brandName: "Lee Insurance",
  brandColor: "#0F766E",
  maskedEmail: "a•••@example.test",
  alreadyUnsubscribed: false,
};

describe("UnsubscribeConfirm", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });
  const answer = (status: number, body: unknown) =>
    ({ ok: status < 300, status, json: async () => body }) as unknown as Response;
  const mockFetch = (impl: () => Promise<Response>) => {
    const fn = jest.fn(impl);
    global.fetch = fn as unknown as typeof fetch;
    return fn;
  };

  it("says who it unsubscribes from, posts once with the token, then confirms", async () => {
    let resolve!: (value: Response) => void;
    const fetchMock = mockFetch(() => new Promise<Response>((r) => (resolve = r)));
    render(<UnsubscribeConfirm {...props} />);
    expect(screen.getByText(/Stop emails from/).textContent).toBe(
      "Stop emails from Lee Insurance to a•••@example.test?",
    );
    fireEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect((screen.getByRole("button", { name: "Unsubscribing…" }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith("/api/unsubscribe?t=tok_123", expect.objectContaining({ method: "POST" }));
    resolve(answer(200, { success: true }));
    expect(await screen.findByRole("heading", { name: "You have been unsubscribed." })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when the link is refused, and lets the person retry", async () => {
    mockFetch(async () =>
      answer(404, { error: { code: "not_found", message: "This unsubscribe link is not valid." } }),
    );
    render(<UnsubscribeConfirm {...props} />);
    fireEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This unsubscribe link is not valid.");
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Unsubscribe" }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it("shows a generic error when the network fails", async () => {
    mockFetch(async () => {
      throw new TypeError("offline");
    });
    render(<UnsubscribeConfirm {...props} />);
    fireEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Something went wrong. Please try again.");
  });

  it("is already done when the contact has unsubscribed before", () => {
    render(<UnsubscribeConfirm {...props} alreadyUnsubscribed />);
    expect(screen.getByRole("heading", { name: "You have been unsubscribed." })).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
