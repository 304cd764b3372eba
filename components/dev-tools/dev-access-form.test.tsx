import { act, fireEvent, render, screen } from "@testing-library/react";
import { DevAccessForm } from "@/components/dev-tools/dev-access-form";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

const answer = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body });

async function submitKey(key: string) {
  fireEvent.change(screen.getByLabelText("Access key"), { target: { value: key } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Open the outbox" }));
  });
}

describe("DevAccessForm", () => {
  beforeEach(() => push.mockReset());

  it("asks for the key by the route's schema before calling the server", async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<DevAccessForm />);
    await submitKey("   ");
    expect(screen.getByText("Enter the access key.")).toBeTruthy();
    expect(screen.getByLabelText("Access key").getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says a wrong key does not open the outbox, and opens it with the right one", async () => {
    const fetchMock = jest.fn(async () => answer(404, { error: { code: "not_found", message: "Not found" } }));
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<DevAccessForm />);
    await submitKey("wrong");
    expect(screen.getByRole("alert").textContent).toBe("That key does not open the outbox.");
    expect(push).not.toHaveBeenCalled();

    fetchMock.mockImplementation(async () => answer(200, { success: true, redirectTo: "/dev/outbox" }));
    await submitKey("right");
    expect(JSON.parse(String((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body))).toEqual({
      key: "right",
    });
    expect(push).toHaveBeenCalledWith("/dev/outbox");
  });
});
