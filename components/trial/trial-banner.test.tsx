import { act, fireEvent, render, screen } from "@testing-library/react";
import { TrialBanner } from "@/components/trial/trial-banner";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

type Reply = { status: number; body?: unknown };
const asResponse = ({ status, body }: Reply) => ({ ok: status >= 200 && status < 300, status, json: async () => body });

let setDateReply: (body: unknown) => Reply | Promise<Reply>;
let goLiveReply: () => Reply | Promise<Reply>;
let fetchMock: jest.Mock;

beforeEach(() => {
  refresh.mockClear();
  setDateReply = (body) => ({ status: 200, body: { success: true, ...(body as object) } });
  goLiveReply = () => ({ status: 200, body: { success: true } });
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/organizations/set-go-live-date")
      return asResponse(await setDateReply(JSON.parse(String(init?.body))));
    if (url === "/api/organizations/exit-demo-mode") return asResponse(await goLiveReply());
    throw new Error(`unexpected fetch ${url}`);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

const TODAY = "2026-02-28";

describe("TrialBanner texts", () => {
  it("asks for a go-live date when none is set", () => {
    render(<TrialBanner isAdmin status={{ kind: "no_date" }} today={TODAY} />);
    expect(screen.getByText("Trial Period - Set a go live date")).toBeTruthy();
  });

  it("counts the days remaining and shows the date", () => {
    render(
      <TrialBanner isAdmin status={{ kind: "counting", daysRemaining: 10, goLiveDate: "2026-03-10" }} today={TODAY} />,
    );
    expect(screen.getByText("10 days remaining until go live")).toBeTruthy();
    expect(screen.getByText(/Mar 10, 2026/)).toBeTruthy();
  });

  it("uses the singular for one day", () => {
    render(
      <TrialBanner
        isAdmin={false}
        status={{ kind: "counting", daysRemaining: 1, goLiveDate: "2026-03-01" }}
        today={TODAY}
      />,
    );
    expect(screen.getByText("1 day remaining until go live")).toBeTruthy();
  });

  it("says 'Ready to go live!' once the date is reached", () => {
    render(<TrialBanner isAdmin status={{ kind: "ready", goLiveDate: "2026-02-28" }} today={TODAY} />);
    expect(screen.getByText("Ready to go live!")).toBeTruthy();
  });

  it("renders nothing when live", () => {
    const { container } = render(<TrialBanner isAdmin status={{ kind: "live" }} today={TODAY} />);
    expect(container.innerHTML).toBe("");
  });

  it("shows no controls to non-admins", () => {
    render(<TrialBanner isAdmin={false} status={{ kind: "no_date" }} today={TODAY} />);
    expect(screen.getByText("Trial Period - Set a go live date")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Set Date" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Go Live Now" })).toBeNull();
  });
});

describe("Set Date", () => {
  function openSetDate(status: Parameters<typeof TrialBanner>[0]["status"] = { kind: "no_date" }) {
    render(<TrialBanner isAdmin status={status} today={TODAY} />);
    fireEvent.click(screen.getByRole("button", { name: "Set Date" }));
    return screen.getByLabelText("Go live date") as HTMLInputElement;
  }
  const submit = () => fireEvent.click(screen.getAllByRole("button", { name: "Set Date" }).at(-1)!);

  it("bounds the date input from today to today + 30", () => {
    const input = openSetDate();
    expect(screen.getByRole("dialog", { name: "Set Go Live Date" })).toBeTruthy();
    expect(input.min).toBe("2026-02-28");
    expect(input.max).toBe("2026-03-30");
  });

  it("says the date is a plan: Go Live Now is what starts emailing clients (nothing goes live by itself)", () => {
    openSetDate();
    expect(screen.getByRole("dialog", { name: "Set Go Live Date" }).textContent).toContain(
      "On that day the banner says you are ready, and Go Live Now starts emailing your clients.",
    );
  });

  it.each([
    ["", "Please select a date"],
    ["2026-02-27", "Cannot select a date in the past"],
    ["2026-03-31", "Cannot select a date more than 30 days in the future"],
  ])("refuses %p with %p and sends nothing", async (value, message) => {
    const input = openSetDate();
    fireEvent.change(input, { target: { value } });
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses an impossible date the browser flags as bad input with 'Please select a valid date'", async () => {
    const input = openSetDate();
    Object.defineProperty(input, "validity", { value: { badInput: true }, configurable: true });
    fireEvent.change(input, { target: { value: "" } });
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Please select a valid date");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sets the date ('Setting...'), closes and refreshes", async () => {
    let release!: () => void;
    setDateReply = (body) =>
      new Promise(
        (resolve) => (release = () => resolve({ status: 200, body: { success: true, ...(body as object) } })),
      );
    const input = openSetDate();
    fireEvent.change(input, { target: { value: "2026-03-30" } });
    submit();
    expect(await screen.findByText("Setting...")).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1].body))).toEqual({ goLiveDate: "2026-03-30" });
    await act(async () => release());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("starts from the current date when one is set", () => {
    const input = openSetDate({ kind: "counting", daysRemaining: 5, goLiveDate: "2026-03-05" });
    expect(input.value).toBe("2026-03-05");
  });

  it("shows the server's message, or 'An error occurred'", async () => {
    setDateReply = () => ({
      status: 403,
      body: { error: { code: "forbidden", message: "Only administrators can set go live date" } },
    });
    const input = openSetDate();
    fireEvent.change(input, { target: { value: "2026-03-01" } });
    submit();
    expect(await screen.findByText("Only administrators can set go live date")).toBeTruthy();
    setDateReply = () => ({ status: 500, body: undefined });
    submit();
    expect(await screen.findByText("An error occurred")).toBeTruthy();
    expect(refresh).not.toHaveBeenCalled();
  });

  it("shows the server's field error on the date input (its organization's today may differ from the browser's)", async () => {
    setDateReply = () => ({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: "Invalid request",
          fields: { goLiveDate: ["Cannot select a date in the past"] },
        },
      },
    });
    const input = openSetDate();
    fireEvent.change(input, { target: { value: "2026-03-01" } });
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Cannot select a date in the past");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(refresh).not.toHaveBeenCalled();
  });

  it("closes on Escape and returns focus to Set Date", () => {
    render(<TrialBanner isAdmin status={{ kind: "no_date" }} today={TODAY} />);
    const button = screen.getByRole("button", { name: "Set Date" });
    button.focus();
    fireEvent.click(button);
    expect(document.activeElement).toBe(screen.getByLabelText("Go live date"));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe("Go Live Now", () => {
  it("asks for confirmation first: opening the modal sends nothing, Cancel sends nothing", () => {
    render(<TrialBanner isAdmin status={{ kind: "ready", goLiveDate: TODAY }} today={TODAY} />);
    fireEvent.click(screen.getByRole("button", { name: "Go Live Now" }));
    const dialog = screen.getByRole("dialog", { name: "Go live now?" });
    expect(dialog.textContent).toContain("This cannot be undone.");
    expect(dialog.textContent).toContain("emails go to your real clients");
    expect(dialog.textContent).toContain("usage charges apply");
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("goes live after confirming ('Processing...'), then refreshes", async () => {
    let release!: () => void;
    goLiveReply = () => new Promise((resolve) => (release = () => resolve({ status: 200, body: { success: true } })));
    render(<TrialBanner isAdmin status={{ kind: "no_date" }} today={TODAY} />);
    fireEvent.click(screen.getByRole("button", { name: "Go Live Now" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, go live" }));
    expect(await screen.findByText("Processing...")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/organizations/exit-demo-mode",
      expect.objectContaining({ method: "POST" }),
    );
    await act(async () => release());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("shows 'An error occurred' by default, or the server's message", async () => {
    goLiveReply = () => ({ status: 500, body: {} });
    render(<TrialBanner isAdmin status={{ kind: "no_date" }} today={TODAY} />);
    fireEvent.click(screen.getByRole("button", { name: "Go Live Now" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, go live" }));
    expect(await screen.findByText("An error occurred")).toBeTruthy();
    goLiveReply = () => ({
      status: 403,
      body: { error: { code: "forbidden", message: "Only administrators can exit demo mode" } },
    });
    fireEvent.click(screen.getByRole("button", { name: "Yes, go live" }));
    expect(await screen.findByText("Only administrators can exit demo mode")).toBeTruthy();
    expect(refresh).not.toHaveBeenCalled();
  });
});
