import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { ProfileView } from "@/components/profile/profile-view";
import { PROFILE_MESSAGES, type Profile } from "@/lib/profile/profile-schema";

type Reply = { status: number; body?: unknown };
const asResponse = ({ status, body }: Reply) => ({ ok: status >= 200 && status < 300, status, json: async () => body });

const baseProfile: Profile = {
  id: "user-1",
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@lee.test",
  phone: "5125550188",
  signature: "Ann",
  bookingLink: "",
  useOrgSenderDetails: false,
  phoneEnabled: true,
  calendarEnabled: false,
};

let getReply: () => Reply | Promise<Reply>;
let putReply: (body: unknown) => Reply | Promise<Reply>;
let fetchMock: jest.Mock;

function setup({
  profile = baseProfile,
  forceOrgSenderDetails = false,
  callToActionEditable = true,
}: { profile?: Partial<Profile>; forceOrgSenderDetails?: boolean; callToActionEditable?: boolean } = {}) {
  const full = { ...baseProfile, ...profile };
  getReply = () => ({
    status: 200,
    body: {
      success: true,
      profile: full,
      organization: { slug: "lee-insurance", forceOrgSenderDetails, callToActionEditable },
    },
  });
  putReply = (body) => ({
    status: 200,
    body: {
      success: true,
      profile: { ...full, ...(body as object), bookingLink: (body as { booking_link: string }).booking_link },
    },
  });
}

beforeEach(() => {
  setup();
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/profile" && (!init || !init.method || init.method === "GET")) return asResponse(await getReply());
    if (url === "/api/profile" && init?.method === "PUT")
      return asResponse(await putReply(JSON.parse(String(init.body))));
    if (url === "/api/profile/complete-walkthrough") return asResponse({ status: 200, body: { success: true } });
    throw new Error(`unexpected fetch ${url}`);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

async function renderView(props: Partial<Parameters<typeof ProfileView>[0]> = {}) {
  render(
    <ProfileView
      productName="Gapwise"
      appUrl="https://app.gapwise.test"
      organizationSlug="lee-insurance"
      userId="user-1"
      canManageBilling={false}
      {...props}
    />,
  );
  await screen.findByLabelText("First Name");
}

/** Lets the form's (asynchronous) schema check finish. */
const settle = () =>
  act(async () => {
    await Promise.resolve();
  });

const input = (label: string) =>
  (label === "Phone"
    ? screen.getByRole("textbox", { name: "Phone" })
    : screen.getByLabelText(label)) as HTMLInputElement;
const saveButton = () => screen.getByRole("button", { name: /Save Changes|Saving/ }) as HTMLButtonElement;
const checkbox = (label: string) => screen.getByRole("checkbox", { name: label }) as HTMLInputElement;

describe("ProfileView", () => {
  it("shows the title, basic information with a read-only email and a formatted phone, and the self-onboarding link", async () => {
    await renderView();
    expect(screen.getByRole("heading", { level: 1, name: "Profile" })).toBeTruthy();
    expect(input("First Name").value).toBe("Ann");
    expect(input("Last Name").value).toBe("Lee");
    expect(input("Email").readOnly).toBe(true);
    expect(input("Email").value).toBe("ann@lee.test");
    expect(input("Phone").value).toBe("(512) 555-0188");
    expect(input("Your self-onboarding link").value).toBe(
      "https://app.gapwise.test/self-onboarding/lee-insurance?agentId=user-1",
    );
    expect(screen.getByRole("heading", { name: "Call to Action Settings" })).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("shows a loading state, then 'Failed to load profile' with a retry", async () => {
    getReply = () => ({ status: 500, body: {} });
    render(
      <ProfileView
        productName="Gapwise"
        appUrl="https://app.gapwise.test"
        organizationSlug="s"
        userId="u"
        canManageBilling={false}
      />,
    );
    expect(screen.getByText("Loading profile...")).toBeTruthy();
    expect(await screen.findByText("Failed to load profile")).toBeTruthy();
    setup();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("First Name")).toBeTruthy();
  });

  it("shows 'Billing & Payments' (to /stripe) only with the billing flag", async () => {
    await renderView({ canManageBilling: false });
    expect(screen.queryByRole("link", { name: "Billing & Payments" })).toBeNull();
    document.body.innerHTML = "";
    await renderView({ canManageBilling: true });
    expect((screen.getByRole("link", { name: "Billing & Payments" }) as HTMLAnchorElement).getAttribute("href")).toBe(
      "/stripe",
    );
  });

  it("enables Save only when changed, saves the PUT body and shows the saved state", async () => {
    await renderView();
    fireEvent.change(input("First Name"), { target: { value: "Anne" } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.change(input("First Name"), { target: { value: "Ann" } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input("First Name"), { target: { value: "Anne" } });
    fireEvent.change(input("Phone"), { target: { value: "5125550199" } });
    expect(input("Phone").value).toBe("(512) 555-0199");
    let release!: () => void;
    const original = putReply;
    putReply = (body) => new Promise((resolve) => (release = () => resolve(original(body) as Reply)));
    fireEvent.click(saveButton());
    expect(await screen.findByText("Saving...")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(JSON.parse(String(put[1].body))).toEqual({
      firstName: "Anne",
      lastName: "Lee",
      email: "ann@lee.test",
      phone: "5125550199",
      signature: "Ann",
      booking_link: "",
      useOrgSenderDetails: false,
      phoneEnabled: true,
      calendarEnabled: false,
    });
    await act(async () => release());
    expect(await screen.findByText("Profile saved")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("says 'Failed to save profile changes' when saving fails", async () => {
    putReply = () => ({ status: 500, body: {} });
    await renderView();
    fireEvent.change(input("Last Name"), { target: { value: "Li" } });
    fireEvent.click(saveButton());
    expect(await screen.findByText("Failed to save profile changes")).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
  });

  it("shows the server's field message at its field", async () => {
    await renderView();
    putReply = () => ({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: "Please enter a 10-digit phone number",
          fields: { phone: ["Please enter a 10-digit phone number"] },
        },
      },
    });
    fireEvent.change(input("Last Name"), { target: { value: "Li" } });
    fireEvent.click(saveButton());
    expect(await screen.findByText("Please enter a 10-digit phone number")).toBeTruthy();
    expect(input("Phone").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Failed to save profile changes")).toBeTruthy();
  });

  it("renders the profile the server page read into its HTML (it shows before the page's script runs)", () => {
    const initial = {
      success: true as const,
      profile: { ...baseProfile, calendarEnabled: true, bookingLink: "https://cal.com/ann" },
      organization: { slug: "lee-insurance", forceOrgSenderDetails: false, callToActionEditable: true },
    };
    const html = renderToStaticMarkup(
      <ProfileView
        productName="Gapwise"
        appUrl="https://app.gapwise.test"
        organizationSlug="lee-insurance"
        userId="user-1"
        canManageBilling={false}
        initial={initial}
      />,
    );
    for (const value of ["Ann", "Lee", "https://cal.com/ann", "(512) 555-0188"])
      expect(html).toContain(`value="${value}"`);
  });

  it("shows the profile the server page read at once, without asking for it again", async () => {
    const initial = {
      success: true as const,
      profile: baseProfile,
      organization: { slug: "lee-insurance", forceOrgSenderDetails: false, callToActionEditable: true },
    };
    render(
      <ProfileView
        productName="Gapwise"
        appUrl="https://app.gapwise.test"
        organizationSlug="lee-insurance"
        userId="user-1"
        canManageBilling={false}
        initial={initial}
      />,
    );
    expect(input("First Name").value).toBe("Ann");
    expect(screen.queryByText("Loading profile...")).toBeNull();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("seeds '+1' when the phone option is turned on and clears it when turned off", async () => {
    setup({ profile: { phone: "", phoneEnabled: false, calendarEnabled: true, bookingLink: "https://cal.com/ann" } });
    await renderView();
    expect(input("Phone").value).toBe("");
    fireEvent.click(checkbox("Phone"));
    await settle();
    expect(input("Phone").value).toBe("+1");
    expect(screen.getByText("Please enter a 10-digit phone number")).toBeTruthy();
    fireEvent.change(input("Phone"), { target: { value: "+1 5125550188" } });
    await settle();
    expect(input("Phone").value).toBe("+1 (512) 555-0188");
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(checkbox("Phone"));
    expect(input("Phone").value).toBe("");
  });

  it("seeds 'https://' when the booking option is turned on, requires a link, and clears it when turned off", async () => {
    await renderView();
    fireEvent.click(checkbox("Calendar Booking Link"));
    await settle();
    expect(input("Booking link").value).toBe("https://");
    expect(
      screen.getByText("Calendar booking link is required when Calendar Booking Link option is enabled."),
    ).toBeTruthy();
    expect(screen.getByText("Please fix the validation errors above before saving.")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input("Booking link"), { target: { value: "https://calendly.com/ann" } });
    await settle();
    expect(
      screen.queryByText("Calendar booking link is required when Calendar Booking Link option is enabled."),
    ).toBeNull();
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(checkbox("Calendar Booking Link"));
    expect(screen.queryByLabelText("Booking link")).toBeNull();
    fireEvent.click(checkbox("Calendar Booking Link"));
    expect(input("Booking link").value).toBe("https://");
  });

  it("requires at least one contact method", async () => {
    await renderView();
    fireEvent.click(checkbox("Phone"));
    await settle();
    expect(screen.getByText("At least one contact method should be enabled so people can reach you.")).toBeTruthy();
    expect(screen.getByText("Please fix the validation errors above before saving.")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("hides the call-to-action options while the agent uses the organization's details", async () => {
    await renderView();
    fireEvent.click(checkbox("Use my organization's contact details"));
    expect(screen.queryByRole("checkbox", { name: "Phone" })).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it("says the agency manages the call-to-action, with no options, when agents may not edit their settings", async () => {
    setup({ callToActionEditable: false, profile: { phoneEnabled: false, calendarEnabled: false } });
    await renderView();
    expect(screen.getByRole("heading", { name: "Call to Action Settings" })).toBeTruthy();
    expect(screen.getByText(PROFILE_MESSAGES.callToActionManaged)).toBeTruthy();
    expect(screen.queryByRole("checkbox", { name: "Phone" })).toBeNull();
    fireEvent.change(input("First Name"), { target: { value: "Anne" } });
    expect(screen.queryByText("At least one contact method should be enabled so people can reach you.")).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it("hides Call to Action Settings when the organization is the sender", async () => {
    setup({ forceOrgSenderDetails: true, profile: { phoneEnabled: false, calendarEnabled: false } });
    await renderView();
    expect(screen.queryByRole("heading", { name: "Call to Action Settings" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "Phone" })).toBeNull();
    fireEvent.change(input("First Name"), { target: { value: "Anne" } });
    expect(screen.queryByText("At least one contact method should be enabled so people can reach you.")).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  describe("Copy Link", () => {
    afterEach(() => jest.useRealTimers());

    it("copies the link and shows 'Copied!' for 2 s", async () => {
      const writeText = jest.fn(async () => {});
      Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
      await renderView();
      jest.useFakeTimers();
      await act(async () => {
        fireEvent.click(screen.getByRole("button", { name: "Copy Link" }));
      });
      expect(writeText).toHaveBeenCalledWith("https://app.gapwise.test/self-onboarding/lee-insurance?agentId=user-1");
      expect(screen.getByRole("button", { name: "Copied!" })).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(1999);
      });
      expect(screen.getByRole("button", { name: "Copied!" })).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      expect(screen.getByRole("button", { name: "Copy Link" })).toBeTruthy();
    });

    it("reports 'Failed to copy link to clipboard'", async () => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: jest.fn(async () => Promise.reject(new Error("denied"))) },
        configurable: true,
      });
      await renderView();
      await act(async () => {
        fireEvent.click(screen.getByRole("button", { name: "Copy Link" }));
      });
      expect(screen.getByText("Failed to copy link to clipboard")).toBeTruthy();
    });
  });

  it("opens the walkthrough from 'Watch Setup Tutorial'", async () => {
    await renderView();
    fireEvent.click(screen.getByRole("button", { name: "Watch Setup Tutorial" }));
    expect(screen.getByRole("dialog", { name: "Welcome to Gapwise" })).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
