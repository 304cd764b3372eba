import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ContactUsForm } from "@/components/marketing/contact-us-form";

type Reply = { status: number; body?: unknown };
const asResponse = ({ status, body }: Reply) => ({ ok: status >= 200 && status < 300, status, json: async () => body });
let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});

function fill(values: Partial<Record<"Name" | "Email" | "Phone" | "Message", string>>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
}

describe("ContactUsForm", () => {
  it("has the spec's fields and button, with a 5-row message", () => {
    render(<ContactUsForm />);
    expect(screen.getByRole("heading", { name: "Send us a Message" })).toBeTruthy();
    expect(screen.getByLabelText(/^Phone \(optional\)/)).toBeTruthy();
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).rows).toBe(5);
    expect(screen.getByRole("button", { name: "Send Message" })).toBeTruthy();
  });

  it("refuses missing required fields without calling the server, naming the field", async () => {
    render(<ContactUsForm />);
    fill({ Name: "Dana", Email: "dana@agency.test" });
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please fill in all required fields.");
    expect(screen.getByLabelText(/^Message/).getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
    // The message goes once the field is filled in.
    fill({ Message: "Hello" });
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(screen.getByLabelText(/^Message/).getAttribute("aria-invalid")).toBeNull();
  });

  it("shows Sending... with the button disabled, then the thank-you text and an empty form", async () => {
    let finish: (reply: Reply) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (finish = (reply) => resolve(asResponse(reply)))));
    render(<ContactUsForm />);
    fill({ Name: "Dana", Email: "dana@agency.test", Message: "Hello" });
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    const busy = await screen.findByRole("button", { name: /Sending\.\.\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // The values as the route's schema reads them (an empty phone is left out).
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({
      name: "Dana",
      email: "dana@agency.test",
      message: "Hello",
    });
    finish({ status: 200, body: { success: true } });
    expect(await screen.findByText("Thank you for contacting us! We'll get back to you soon.")).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("");
  });

  it("shows the server's message in red when it refuses", async () => {
    fetchMock.mockResolvedValue(
      asResponse({
        status: 429,
        body: { error: { code: "rate_limited", message: "Too many requests. Please wait a moment and try again." } },
      }),
    );
    render(<ContactUsForm />);
    fill({ Name: "Dana", Email: "dana@agency.test", Message: "Hello" });
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Too many requests. Please wait a moment and try again."),
    );
    expect(screen.getByRole("alert").className).toContain("text-red-700");
  });

  it("falls back to the generic failure text on a network error", async () => {
    fetchMock.mockRejectedValue(new Error("offline"));
    render(<ContactUsForm />);
    fill({ Name: "Dana", Email: "dana@agency.test", Message: "Hello" });
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to submit form. Please try again."));
  });
});
