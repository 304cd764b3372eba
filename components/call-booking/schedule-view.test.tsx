import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { ScheduleLoading } from "@/components/call-booking/schedule-loading";
import { ScheduleView, type ScheduleViewProps } from "@/components/call-booking/schedule-view";
import { OUTCOME_TEXT } from "@/lib/call-booking/booking";
import { SOLVED_CHALLENGE } from "@/components/challenge/test-double";

// The forms' proof-of-work is always solved here (components/challenge/use-challenge.test.tsx tests the real hook).
jest.mock("@/components/challenge/use-challenge", () =>
  jest.requireActual("@/components/challenge/test-double").solvedChallengeModule(),
);

const TOKEN = "t".repeat(43);

const props = (overrides: Partial<ScheduleViewProps> = {}): ScheduleViewProps => ({
  brand: { name: "Lone Star Medigap", logoUrl: null, color: "#0F766E" },
  text: { heading: OUTCOME_TEXT.accept.heading, message: OUTCOME_TEXT.accept.message },
  options: {
    calendar: { url: "https://calendly.com/alex", label: "Schedule a Call with Alex" },
    phone: { href: "tel:+15125550101", label: "Give Alex a call: (512) 555-0101" },
    callback: true,
  },
  callback: {
    quoteId: TOKEN,
    orgId: null,
    status: "accept",
    planType: "G",
    name: "Pat Jones",
    email: "pat@example.net",
    phone: "5125550199",
  },
  thankYouHref: "/self-onboarding/lone-star?agentId=a1",
  ...overrides,
});

type Reply = { status: number; body?: unknown } | "network-error";
let reply: () => Reply | Promise<Reply>;
let fetchMock: jest.Mock;

beforeEach(() => {
  reply = () => ({
    status: 200,
    body: { success: true, message: "Alex Rivera will call you back soon.", agentName: "Alex Rivera" },
  });
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url !== "/api/contact-us/callback-request" || init?.method !== "POST")
      throw new Error(`unexpected fetch ${url}`);
    // Every callback request carries a solved proof-of-work (docs/security.md "Public forms").
    expect(init.headers).toMatchObject(SOLVED_CHALLENGE);
    const r = await reply();
    if (r === "network-error") throw new TypeError("Failed to fetch");
    return { ok: r.status >= 200 && r.status < 300, status: r.status, json: async () => r.body };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const openCallback = () => fireEvent.click(screen.getByRole("button", { name: "Request a Callback" }));
const sendButton = () => screen.getByRole("button", { name: /Request Callback|Submitting\.\.\./ }) as HTMLButtonElement;

describe("ScheduleLoading", () => {
  it("says the page is loading", () => {
    render(<ScheduleLoading />);
    expect(screen.getByText("Loading your schedule page...")).toBeTruthy();
    expect(screen.getByRole("status", { name: "Loading your schedule page..." })).toBeTruthy();
  });
});

describe("ScheduleView options", () => {
  it("shows the outcome's heading and text, the brand, and the three options", () => {
    render(<ScheduleView {...props()} />);
    expect(screen.getByRole("heading", { level: 1, name: "Good News!" })).toBeTruthy();
    expect(screen.getByText(/good candidate to switch plans/)).toBeTruthy();
    expect(screen.getByText("Lone Star Medigap")).toBeTruthy();
    expect(screen.getByText("Select an Option Below")).toBeTruthy();
    const calendar = screen.getByRole("link", { name: "Schedule a Call with Alex" });
    expect(calendar.getAttribute("href")).toBe("https://calendly.com/alex");
    expect(calendar.getAttribute("target")).toBe("_blank");
    expect(calendar.getAttribute("rel")).toContain("noopener");
    expect(screen.getByRole("link", { name: "Give Alex a call: (512) 555-0101" }).getAttribute("href")).toBe(
      "tel:+15125550101",
    );
    expect(screen.getByRole("button", { name: "Request a Callback" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("shows only the options it is given", () => {
    render(
      <ScheduleView
        {...props({
          options: {
            calendar: null,
            phone: { href: "tel:+15125550100", label: "Call Now: (512) 555-0100" },
            callback: false,
          },
        })}
      />,
    );
    expect(screen.queryByRole("link", { name: /Schedule a Call/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Call Now: (512) 555-0100" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Request a Callback" })).toBeNull();
  });

  it("with no option at all, says whom to reach out to", () => {
    render(<ScheduleView {...props({ options: { calendar: null, phone: null, callback: false } })} />);
    expect(screen.queryByText("Select an Option Below")).toBeNull();
    expect(screen.getByText(/Reach out to Lone Star Medigap/)).toBeTruthy();
  });

  it("the decline heading", () => {
    render(
      <ScheduleView
        {...props({ text: { heading: OUTCOME_TEXT.decline.heading, message: OUTCOME_TEXT.decline.message } })}
      />,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Here are some options..." })).toBeTruthy();
  });

  it("opening the booking link shows Thank You with the referral link", () => {
    render(<ScheduleView {...props()} />);
    fireEvent.click(screen.getByRole("link", { name: "Schedule a Call with Alex" }));
    expect(screen.getByRole("heading", { level: 1, name: "Thank You" })).toBeTruthy();
    expect(screen.getByText("We'll be in touch soon to discuss your options.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Help someone else get started" }).getAttribute("href")).toBe(
      "/self-onboarding/lone-star?agentId=a1",
    );
  });
});

describe("ScheduleView callback request", () => {
  it("is prefilled, sends what the visitor typed, reads Submitting... while pending, then thanks", async () => {
    let release!: (r: Reply) => void;
    reply = () => new Promise<Reply>((resolve) => (release = resolve));
    render(<ScheduleView {...props()} />);
    openCallback();
    const form = screen.getByRole("form", { name: "Request a Callback" });
    expect((within(form).getByLabelText("Name") as HTMLInputElement).value).toBe("Pat Jones");
    expect((within(form).getByLabelText("Phone") as HTMLInputElement).value).toBe("(512) 555-0199");
    expect((within(form).getByLabelText(/Email/) as HTMLInputElement).value).toBe("pat@example.net");
    fireEvent.change(within(form).getByLabelText("Phone"), { target: { value: "(512) 555-0142" } });
    fireEvent.change(within(form).getByLabelText(/Message/), { target: { value: "Mornings are best" } });

    fireEvent.click(sendButton());
    await settle();
    expect(sendButton().textContent).toBe("Submitting...");
    expect(sendButton().disabled).toBe(true);
    fireEvent.click(sendButton());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({
      quoteId: TOKEN,
      orgId: null,
      status: "accept",
      planType: "G",
      contactName: "Pat Jones",
      contactPhone: "5125550142",
      contactEmail: "pat@example.net",
      message: "Mornings are best",
    });

    release({
      status: 200,
      body: { success: true, message: "Alex Rivera will call you back soon.", agentName: "Alex Rivera" },
    });
    await settle();
    expect(screen.getByRole("heading", { level: 1, name: "Thank You" })).toBeTruthy();
    expect(screen.getByText("Alex Rivera will call you back soon.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Help someone else get started" })).toBeTruthy();
  });

  it("checks name and phone before calling the server", async () => {
    render(
      <ScheduleView
        {...props({
          callback: { quoteId: null, orgId: "lone-star", status: null, planType: null, name: "", email: "", phone: "" },
        })}
      />,
    );
    openCallback();
    fireEvent.click(sendButton());
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText("Please enter your name")).toBeTruthy();
    expect(screen.getByText("Please enter a 10-digit phone number")).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
  });

  it.each<[string, () => Reply, string]>([
    [
      "a server failure",
      () => ({
        status: 500,
        body: { error: { code: "internal", message: "Failed to request callback. Please try again." } },
      }),
      "Unable to request callback. Please try again.",
    ],
    [
      "a 404",
      () => ({ status: 404, body: { error: { code: "not_found", message: "Quote not found or expired." } } }),
      "Unable to request callback. Please try again.",
    ],
    ["a network error", () => "network-error", "Failed to request callback. Please try again."],
  ])("shows the spec's message on %s and lets the visitor retry", async (_name, failure, message) => {
    reply = failure;
    render(<ScheduleView {...props()} />);
    openCallback();
    fireEvent.click(sendButton());
    await settle();
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(sendButton().disabled).toBe(false);
    expect(sendButton().textContent).toBe("Request Callback");
  });

  it("shows the server's field errors on 422", async () => {
    reply = () => ({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: "Some fields are invalid.",
          fields: { contactEmail: ["Please enter a valid email address"] },
        },
      },
    });
    render(<ScheduleView {...props()} />);
    openCallback();
    fireEvent.click(sendButton());
    await settle();
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Unable to request callback. Please try again.");
  });
});
