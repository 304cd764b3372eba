import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { OrgSettingsForm, SETTINGS_UI_TEXT, type OrgSettingsFormData } from "@/components/settings/org-settings-form";
import { SMS_SETTING_TEXT } from "@/components/settings/settings-sections";
import { SETTINGS_MESSAGES } from "@/lib/settings/org-settings-schema";
import { GI_CAPTIONS } from "@/lib/settings/state-carrier-settings";

type Reply = { status: number; body?: unknown };
const asResponse = ({ status, body }: Reply) => ({ ok: status >= 200 && status < 300, status, json: async () => body });
function deferred() {
  let resolve!: (reply: Reply) => void;
  const promise = new Promise<Reply>((r) => (resolve = r));
  return { promise, resolve };
}

const settings: OrgSettingsFormData["settings"] = {
  carrierContracts: ["Aetna"],
  stateLicenses: ["TX"],
  stateCarrierSettings: [{ state: "TX", carrier: "Aetna", active: true, targetGI: false }],
  allowAgentSettings: false,
  emailSendBirthday: true,
  emailSendPolicyAnniversary: true,
  emailSendAep: true,
  smartSendEnabled: false,
  brandName: "Lone Star Medigap",
  primaryColor: "#6B46C1",
  secondaryColor: "#9F7AEA",
  phone: "5125550188",
  website: "www.lonestar.test",
  signature: "",
  orgSignature: false,
  redirectUrl: "https://calendly.com/lonestar",
  forceOrgSenderDetails: true,
  hideMedicareAdvantage: false,
  contactPreferences: { calendarEnabled: true, phoneEnabled: true, callbackEnabled: true },
  contactOutreachDelayYears: 1,
  householdWindowDays: 7,
  smsEnabled: false,
  outreachTypes: { birthday: true, enrollmentAnniversary: true, scheduleIncrease: true, aep: true },
  failedUnderwritingOutreach: { enabled: false, frequency: "annual", timing: "birthday" },
  mnDefaultRiders: ["part_a_deductible", "part_b_excess"],
  wiDefaultRiders: ["part_a_deductible", "part_b_excess"],
  maDefaultRiders: [],
  logo: null,
  logoUrl: null,
  hasLogo: false,
};
const data: OrgSettingsFormData = {
  settings,
  carriers: [
    { name: "Aetna", naics: ["72052", "78700"] },
    { name: "Humana", naics: ["12634"] },
  ],
  selfOnboardingUrl: "http://localhost:3000/self-onboarding/lone-star",
  orgName: "Lone Star",
};

let putReply: () => Reply | Promise<Reply>;
let riderReply: (state: string) => Reply | Promise<Reply>;
let fetchMock: jest.Mock;

beforeEach(() => {
  putReply = () => ({ status: 200, body: { success: true, orgSettings: settings } });
  riderReply = () => ({ status: 200, body: { success: true, riders: [] } });
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const rider = /^\/api\/settings\/rider-price-ranges\/(\w+)$/.exec(url);
    if (rider) return asResponse(await riderReply(rider[1]!));
    if (url === "/api/settings/org" && init?.method === "PUT") return asResponse(await putReply());
    throw new Error(`unexpected fetch ${url}`);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  jest.useRealTimers();
});

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

async function renderForm(props: Partial<Parameters<typeof OrgSettingsForm>[0]> = { initial: data }) {
  const view = render(<OrgSettingsForm {...props} />);
  await flush();
  return view;
}

const saveButton = () => screen.getByRole("button", { name: /Save Changes|Saving\.\.\./ }) as HTMLButtonElement;
const checkbox = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("OrgSettingsForm", () => {
  it("names a missing booking link on load when the calendar option is on without one", async () => {
    await renderForm({ initial: { ...data, settings: { ...settings, redirectUrl: "" } } });
    // At the link field and beside the calendar option.
    expect(screen.getAllByText(SETTINGS_MESSAGES.calendarLinkRequired)).toHaveLength(2);
  });

  it("renders the saved values into the server's HTML (they show before the page's script runs)", () => {
    const html = renderToStaticMarkup(
      <OrgSettingsForm
        initial={{ ...data, settings: { ...settings, postalAddress: "12 Elm St, Dallas, TX 75201" } }}
      />,
    );
    for (const value of [
      "Lone Star Medigap",
      "https://calendly.com/lonestar",
      "12 Elm St, Dallas, TX 75201",
      "(512) 555-0188",
    ])
      expect(html).toContain(`value="${value}"`);
  });

  it("the Target GI and SmartSend captions say what the rules do (docs/outreach-rules.md)", async () => {
    await renderForm();
    expect(screen.getByTestId("target-gi-caption").textContent).toBe(
      "Mark the carriers that accept a client without health questions (guaranteed issue) in each state. A client whose health answers fail underwriting is then quoted only the marked carriers in their state.",
    );
    expect(screen.getByText(GI_CAPTIONS.smartSend).textContent).toBe(
      "With SmartSend on, a client whose health answers failed underwriting gets the yearly failed-underwriting email only if a carrier is marked Target GI in their state, so you write to them only when there is a policy they can get without health questions.",
    );
    expect(screen.queryByText(/full carrier compensation/)).toBeNull();
  });

  it("shows every section and enables Save only once something changed", async () => {
    await renderForm();
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeTruthy();
    for (const title of [
      "Carriers Offered",
      "State Carrier Settings",
      "Default Sender Settings",
      "Content Settings",
      "Organization Details",
      "Email Settings",
      "Contact Preferences",
      "Outreach",
      "Failed Underwriting Outreach",
      "Default Rider Selections",
      "Organization Self-Onboarding Link",
    ]) {
      expect(screen.getByRole("heading", { level: 2, name: title })).toBeTruthy();
    }
    expect(screen.getByText("NAIC 72052, 78700")).toBeTruthy();
    expect((screen.getByLabelText("Phone") as HTMLInputElement).value).toBe("(512) 555-0188");
    expect(saveButton().disabled).toBe(true);

    fireEvent.click(checkbox("Birthday emails"));
    expect(saveButton().disabled).toBe(false);
    expect(screen.getByText(SETTINGS_UI_TEXT.unsaved)).toBeTruthy();
    // Changing it back is no change.
    fireEvent.click(checkbox("Birthday emails"));
    expect(saveButton().disabled).toBe(true);
    // Toggling a carrier off and on again is no change either.
    fireEvent.click(checkbox("Humana"));
    fireEvent.click(checkbox("Humana"));
    expect(saveButton().disabled).toBe(true);
  });

  it("has one switch per email type: Birthday emails sends the Email Settings field and the outreach type alike", async () => {
    await renderForm();
    expect(screen.queryByLabelText("Birthday", { exact: true })).toBeNull();
    fireEvent.click(checkbox("Birthday emails"));
    fireEvent.click(checkbox("AEP emails"));
    fireEvent.click(saveButton());
    await flush();
    const put = fetchMock.mock.calls.find(([url, init]) => url === "/api/settings/org" && init?.method === "PUT")!;
    const sent = JSON.parse(put[1].body as string).settings;
    expect([sent.emailSendBirthday, sent.emailSendPolicyAnniversary, sent.emailSendAep]).toEqual([false, true, false]);
    expect(sent.outreachTypes).toEqual({
      birthday: false,
      enrollmentAnniversary: true,
      scheduleIncrease: true,
      aep: false,
    });
  });

  it("saves through PUT /api/settings/org, disables Save while saving, and confirms", async () => {
    const reply = deferred();
    putReply = () => reply.promise;
    await renderForm();
    fireEvent.click(screen.getByLabelText("Agent Choice"));
    fireEvent.click(checkbox("Humana"));
    fireEvent.click(saveButton());
    await flush();
    expect(saveButton().textContent).toContain("Saving...");
    expect(saveButton().disabled).toBe(true);

    const put = fetchMock.mock.calls.find(([url, init]) => url === "/api/settings/org" && init?.method === "PUT")!;
    const body = JSON.parse(put[1].body as string);
    expect(body).not.toHaveProperty("logo");
    expect(body.settings).toMatchObject({ forceOrgSenderDetails: false, carrierContracts: ["Aetna", "Humana"] });
    expect(body.settings.stateCarrierSettings).toEqual([
      { state: "TX", carrier: "Aetna", active: true, targetGI: false },
      { state: "TX", carrier: "Humana", active: true, targetGI: false },
    ]);

    await act(async () => {
      reply.resolve({ status: 200, body: { success: true, orgSettings: { ...settings, ...body.settings } } });
    });
    expect(screen.getByText(SETTINGS_UI_TEXT.saved)).toBeTruthy();
    expect(saveButton().textContent).toBe("Save Changes");
    expect(saveButton().disabled).toBe(true);
  });

  it("shows the postal address for the email footer and saves a change of it", async () => {
    await renderForm({
      initial: { ...data, settings: { ...settings, postalAddress: "Lee Insurance, 12 Elm St, Dallas, TX 75201" } },
    });
    const field = screen.getByLabelText("Postal Address") as HTMLInputElement;
    expect(field.value).toBe("Lee Insurance, 12 Elm St, Dallas, TX 75201");
    fireEvent.change(field, { target: { value: "Lee Insurance, 14 Oak Ave, Dallas, TX 75201" } });
    fireEvent.click(saveButton());
    await flush();
    const put = fetchMock.mock.calls.find(([url, init]) => url === "/api/settings/org" && init?.method === "PUT")!;
    expect(JSON.parse(put[1].body as string).settings.postalAddress).toBe(
      "Lee Insurance, 14 Oak Ave, Dallas, TX 75201",
    );
  });

  it("shows the saved household window with its plain hint, refuses a bad value without sending it, and sends a good one", async () => {
    const html = renderToStaticMarkup(
      <OrgSettingsForm initial={{ ...data, settings: { ...settings, householdWindowDays: 12 } }} />,
    );
    expect(html).toContain('value="12"');
    await renderForm({ initial: { ...data, settings: { ...settings, householdWindowDays: 12 } } });
    const field = screen.getByLabelText("Household window (days)") as HTMLInputElement;
    expect(field.value).toBe("12");
    expect(screen.getByText(/they get one email together\. 0 sends each their own\./).textContent).toBe(
      "When two people who live together are both due for an email within this many days, they get one email together. 0 sends each their own.",
    );
    for (const bad of ["31", "-1", "2.5", ""]) {
      fireEvent.change(field, { target: { value: bad } });
      await flush();
      expect(screen.getByText(SETTINGS_MESSAGES.householdWindowDays)).toBeTruthy();
      expect(field.getAttribute("aria-invalid")).toBe("true");
      expect(saveButton().disabled).toBe(true);
      fireEvent.submit(saveButton().closest("form")!);
      await flush();
    }
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/settings/org" && init?.method === "PUT")).toBe(
      false,
    );
    fireEvent.change(field, { target: { value: "0" } });
    await flush();
    expect(screen.queryByText(SETTINGS_MESSAGES.householdWindowDays)).toBeNull();
    fireEvent.click(saveButton());
    await flush();
    const put = fetchMock.mock.calls.find(([url, init]) => url === "/api/settings/org" && init?.method === "PUT")!;
    expect(JSON.parse(put[1].body as string).settings.householdWindowDays).toBe(0);
  });

  it("offers texting (SMS) in Outreach with its hint, says when Twilio is not set up, and sends the box in the PUT body", async () => {
    const hint =
      "Texts go only to contacts whose consent to texts an agent has recorded (Contact Details → Text messages), between 8 am and 9 pm their time. Each text names your agency and says Reply STOP to opt out.";
    const twilioOff = "Twilio is not set up on this server, so nothing is texted yet (docs/operations.md §7).";
    expect([SMS_SETTING_TEXT.hint, SMS_SETTING_TEXT.twilioOff]).toEqual([hint, twilioOff]);

    // Twilio set up: the hint alone.
    const view = await renderForm({ initial: data, smsOff: false });
    const outreach = within(screen.getByRole("region", { name: "Outreach" }));
    const box = outreach.getByRole("checkbox", { name: "Text quote links (SMS)" }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(document.getElementById(box.getAttribute("aria-describedby")!)!.textContent).toBe(hint);
    expect(screen.queryByText(twilioOff)).toBeNull();
    view.unmount();

    // Twilio not set up: the hint and the sentence that says so; the saved value shows.
    await renderForm({ initial: { ...data, settings: { ...settings, smsEnabled: true } }, smsOff: true });
    const on = checkbox("Text quote links (SMS)");
    expect(on.checked).toBe(true);
    expect(screen.getByText(hint)).toBeTruthy();
    expect(screen.getByText(twilioOff)).toBeTruthy();
    expect(document.getElementById(on.getAttribute("aria-describedby")!)!.textContent).toBe(`${hint}${twilioOff}`);

    fireEvent.click(on);
    await flush();
    expect(on.checked).toBe(false);
    expect(screen.getByText(SETTINGS_UI_TEXT.unsaved)).toBeTruthy();
    fireEvent.click(saveButton());
    await flush();
    const put = fetchMock.mock.calls.find(([url, init]) => url === "/api/settings/org" && init?.method === "PUT")!;
    expect(JSON.parse(put[1].body as string).settings.smsEnabled).toBe(false);
  });

  it("previews the texts from Outreach: the same Outreach Preview, with the agency name being edited and this server's link", async () => {
    await renderForm({ initial: data, appUrl: "https://app.gapwise.example" });
    fireEvent.change(screen.getByLabelText("Agency Name"), { target: { value: "Hill Country Medigap" } });
    await flush();
    const outreach = within(screen.getByRole("region", { name: "Outreach" }));
    fireEvent.click(outreach.getByRole("button", { name: "Preview" }));
    const dialog = within(screen.getByRole("dialog", { name: "Outreach Preview" }));
    fireEvent.click(dialog.getByRole("button", { name: "SMS" }));
    expect(
      dialog.getByText(
        "Hill Country Medigap: Hi Pat! A birthday check on your Medicare Supplement: https://app.gapwise.example/s/Ab3dE5gH9k Reply STOP to opt out",
      ),
    ).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    // Opening the preview is not a change to save.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
  });

  it("shows the carrier message and keeps Save disabled when no carrier is selected", async () => {
    await renderForm();
    fireEvent.click(checkbox("Aetna"));
    await flush();
    expect(screen.getByText(SETTINGS_MESSAGES.carrierRequired)).toBeTruthy();
    expect(screen.getByText(SETTINGS_MESSAGES.fixErrors)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(checkbox("Select All"));
    await flush();
    expect(screen.queryByText(SETTINGS_MESSAGES.carrierRequired)).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it("requires a calendar link while the Calendar Booking Link option is on", async () => {
    await renderForm();
    fireEvent.change(screen.getByLabelText("Calendar Booking Link URL"), { target: { value: "" } });
    await flush();
    expect(screen.getAllByText(SETTINGS_MESSAGES.calendarLinkRequired).length).toBeGreaterThan(0);
    expect(screen.getByText(SETTINGS_MESSAGES.fixErrors)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(checkbox("Calendar Booking Link"));
    await flush();
    expect(screen.queryByText(SETTINGS_MESSAGES.calendarLinkRequired)).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it("warns when no contact method is enabled", async () => {
    await renderForm();
    fireEvent.click(checkbox("Calendar Booking Link"));
    fireEvent.click(checkbox("Phone Call"));
    await flush();
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(checkbox("Request a Callback"));
    await flush();
    expect(screen.getByText(SETTINGS_MESSAGES.contactMethodRequired)).toBeTruthy();
    expect(screen.getByText(SETTINGS_MESSAGES.fixErrors)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("shows field messages for a short phone number and a bad website", async () => {
    await renderForm();
    fireEvent.change(screen.getByLabelText("Phone"), { target: { value: "(512) 555" } });
    await flush();
    expect(screen.getByText("Please enter a 10-digit phone number")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Website"), { target: { value: "https://not a site" } });
    await flush();
    expect((screen.getByLabelText("Website") as HTMLInputElement).value).toBe("not a site");
    expect(screen.getByText("Enter a website like www.agency.com")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("says 'Failed to save settings' when the save fails, and 'Failed to upload logo' when the logo is refused", async () => {
    putReply = () => ({
      status: 500,
      body: { error: { code: "internal", message: "Something went wrong. Please try again." } },
    });
    await renderForm();
    fireEvent.click(checkbox("AEP emails"));
    fireEvent.click(saveButton());
    await flush();
    expect(screen.getByText(SETTINGS_MESSAGES.saveFailed)).toBeTruthy();
    expect(saveButton().disabled).toBe(false);

    putReply = () => ({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: "The logo must be a PNG or JPEG image.",
          fields: { logo: ["The logo must be a PNG or JPEG image."] },
        },
      },
    });
    fireEvent.click(saveButton());
    await flush();
    expect(screen.getByText(SETTINGS_MESSAGES.logoFailed)).toBeTruthy();
    expect(screen.getAllByText("The logo must be a PNG or JPEG image.").length).toBeGreaterThan(0);
  });

  it("shows the server's field messages at their fields, and drops them at the next change", async () => {
    putReply = () => ({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: "Unknown carrier: Humana",
          fields: { carrierContracts: ["Unknown carrier: Humana"], "settings.brandName": ["Agency name is taken"] },
        },
      },
    });
    await renderForm();
    fireEvent.click(checkbox("Humana"));
    fireEvent.click(saveButton());
    await flush();
    expect(screen.getByText(SETTINGS_MESSAGES.saveFailed)).toBeTruthy();
    expect(document.getElementById("carriers-error")?.textContent).toContain("Unknown carrier: Humana");
    expect(screen.getByText("Agency name is taken")).toBeTruthy();
    expect(screen.getByLabelText("Agency Name").getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(checkbox("Humana"));
    await flush();
    expect(screen.queryByText("Agency name is taken")).toBeNull();
  });

  it("Discard changes puts back the saved values", async () => {
    await renderForm();
    fireEvent.change(screen.getByLabelText("Agency Name"), { target: { value: "" } });
    await flush();
    expect(screen.getByText("Agency name is required")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Discard changes" }));
    await flush();
    expect((screen.getByLabelText("Agency Name") as HTMLInputElement).value).toBe("Lone Star Medigap");
    expect(screen.queryByText("Agency name is required")).toBeNull();
    expect(screen.getByText(SETTINGS_UI_TEXT.upToDate)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("takes a logo by content (click to choose), previews it linked to the demo quote page, and sends it with Save", async () => {
    await renderForm();
    expect(screen.getByText("No logo")).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const text = new File(["just text"], "logo.png", { type: "image/png" });
    await act(async () => {
      fireEvent.change(input, { target: { files: [text] } });
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByText("The logo must be a PNG or JPEG image.")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], "logo.jpg", {
      type: "image/jpeg",
    });
    await act(async () => {
      fireEvent.change(input, { target: { files: [png] } });
      await new Promise((r) => setTimeout(r, 20));
    });
    const preview = screen.getByAltText("Logo preview");
    expect(preview.closest("a")?.getAttribute("href")).toBe("/compare?demo=true");
    expect(screen.getByRole("button", { name: "Change logo" })).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await flush();
    const put = fetchMock.mock.calls.find(([url, init]) => url === "/api/settings/org" && init?.method === "PUT")!;
    expect(JSON.parse(put[1].body as string).logo).toMatch(/^data:image\/jpeg;base64,iVBORw0KGgo/);
  });

  it("shows 'Loading price ranges...' then 'No riders available' for MN, WI and MA", async () => {
    const pending = deferred();
    riderReply = () => pending.promise;
    render(<OrgSettingsForm initial={data} />);
    expect(screen.getAllByText("Loading price ranges...", { selector: "p" })).toHaveLength(3);
    expect(
      fetchMock.mock.calls
        .map(([url]) => url)
        .filter((u: string) => u.includes("rider-price-ranges"))
        .sort(),
    ).toEqual([
      "/api/settings/rider-price-ranges/MA",
      "/api/settings/rider-price-ranges/MN",
      "/api/settings/rider-price-ranges/WI",
    ]);
    await act(async () => pending.resolve({ status: 200, body: { success: true, riders: [] } }));
    expect(screen.getAllByText("No riders available")).toHaveLength(3);
    expect(screen.getAllByText("Current defaults: Part A deductible, Part B excess")).toHaveLength(2);
  });

  it("offers the riders the rate book prices, with their range", async () => {
    riderReply = (state) => ({
      status: 200,
      body: {
        success: true,
        riders:
          state === "MN" ? [{ id: "part_b_excess", name: "Part B excess", priceRange: { min: 900, max: 1200 } }] : [],
      },
    });
    await renderForm();
    const mn = screen.getByRole("group", { name: "Minnesota (MN)" });
    const excess = within(mn).getByLabelText(/Part B excess/) as HTMLInputElement;
    expect(excess.checked).toBe(true);
    expect(within(mn).getByText("$9.00–$12.00/mo")).toBeTruthy();
    fireEvent.click(excess);
    expect(saveButton().disabled).toBe(false);
  });

  it("Copy Link shows 'Copied' for 2 seconds, and says when copying fails", async () => {
    jest.useFakeTimers();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await renderForm();
    expect((screen.getByLabelText("Self-onboarding link") as HTMLInputElement).value).toBe(data.selfOnboardingUrl);
    fireEvent.click(screen.getByRole("button", { name: "Copy Link" }));
    await flush();
    expect(writeText).toHaveBeenCalledWith(data.selfOnboardingUrl);
    expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(1999);
    });
    expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByRole("button", { name: "Copy Link" })).toBeTruthy();

    writeText.mockRejectedValueOnce(new Error("denied"));
    fireEvent.click(screen.getByRole("button", { name: "Copy Link" }));
    await flush();
    expect(screen.getByText("Failed to copy link to clipboard")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy Link" })).toBeTruthy();
  });

  it("loads its data when none is given: 'Loading settings...', then the form; or the load error", async () => {
    const org = deferred();
    fetchMock.mockImplementation(async (url: string) => {
      if (url === "/api/settings/org") return asResponse(await org.promise);
      if (url === "/api/settings/carriers")
        return asResponse({ status: 200, body: { success: true, carriers: data.carriers } });
      if (url === "/api/self-service-info")
        return asResponse({
          status: 200,
          body: { success: true, selfOnboardingUrl: "http://x.test/self-onboarding/a" },
        });
      if (url.startsWith("/api/settings/rider-price-ranges/"))
        return asResponse({ status: 200, body: { success: true, riders: [] } });
      throw new Error(`unexpected fetch ${url}`);
    });
    const { unmount } = render(<OrgSettingsForm title="Organization Setup - Settings" />);
    expect(screen.getByText("Loading settings...", { selector: "span" })).toBeTruthy();
    await act(async () =>
      org.resolve({ status: 200, body: { success: true, orgName: "Lone Star", orgSettings: settings } }),
    );
    await flush();
    expect(screen.getByRole("heading", { level: 1, name: "Organization Setup - Settings" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Carriers Offered" })).toBeTruthy();
    expect((screen.getByLabelText("Self-onboarding link") as HTMLInputElement).value).toBe(
      "http://x.test/self-onboarding/a",
    );
    unmount();

    fetchMock.mockImplementation(async () =>
      asResponse({ status: 500, body: { error: { code: "internal", message: "x" } } }),
    );
    render(<OrgSettingsForm />);
    await flush();
    await flush();
    expect(screen.getByText(SETTINGS_MESSAGES.loadFailed)).toBeTruthy();
  });

  describe("the brand variant (/brand-settings)", () => {
    it("shows only the sender and Organization Details sections, and saves the whole form unchanged but for the brand", async () => {
      await renderForm({ initial: data, title: "Brand Settings", variant: "brand" });
      expect(screen.getByRole("heading", { level: 1, name: "Brand Settings" })).toBeTruthy();
      expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
        "Default Sender Settings",
        "Organization Details",
      ]);
      expect(screen.getByRole("link", { name: "Organization Settings" }).getAttribute("href")).toBe("/settings");
      // no section that is not shown asks for anything (the rider defaults load nothing)
      expect(fetchMock).not.toHaveBeenCalled();
      fireEvent.change(screen.getByLabelText("Agency Name"), { target: { value: "Lone Star Benefits" } });
      fireEvent.change(screen.getByLabelText("Primary Color"), { target: { value: "#112233" } });
      await act(async () => {
        fireEvent.click(saveButton());
      });
      const put = fetchMock.mock.calls.find(([url, init]) => url === "/api/settings/org" && init?.method === "PUT");
      const sent = JSON.parse(put![1].body as string).settings;
      expect(sent).toMatchObject({
        brandName: "Lone Star Benefits",
        primaryColor: "#112233",
        carrierContracts: ["Aetna"],
        stateLicenses: ["TX"],
        mnDefaultRiders: ["part_a_deductible", "part_b_excess"],
      });
      expect(screen.getByText(SETTINGS_UI_TEXT.saved)).toBeTruthy();
    });

    it("warns when the primary color fails AA against white, with a preview of how client pages paint it", async () => {
      await renderForm({ initial: data, title: "Brand Settings", variant: "brand" });
      const field = screen.getByLabelText("Primary Color");
      fireEvent.change(field, { target: { value: "#1E3A8A" } });
      expect(screen.queryByText(/hard to read on white/)).toBeNull();
      expect(screen.getByRole("group", { name: "Preview on client pages" })).toBeTruthy();
      fireEvent.change(field, { target: { value: "#F97316" } });
      const warning = screen.getByText(
        /This color is hard to read on white \(2\.8:1; AA needs 4\.5:1\)\. Client pages will use black text on it/,
      );
      expect(field.getAttribute("aria-describedby")).toBe(warning.parentElement!.id);
      expect((screen.getByText("Select", { selector: "span" }) as HTMLElement).style.color).toBe("rgb(0, 0, 0)");
    });

    it("names a problem in a section it does not show, with a link to Organization Settings", async () => {
      // a stored value the Settings page would flag: no carrier at all
      await renderForm({
        initial: { ...data, settings: { ...settings, carrierContracts: [], stateCarrierSettings: [] } },
        variant: "brand",
      });
      fireEvent.change(screen.getByLabelText("Agency Name"), { target: { value: "Lone Star Benefits" } });
      expect(
        screen.getByText(new RegExp(SETTINGS_UI_TEXT.brandElsewhere.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))),
      ).toBeTruthy();
      expect(screen.getByRole("link", { name: "Open Organization Settings" }).getAttribute("href")).toBe("/settings");
      expect(saveButton().disabled).toBe(true);
    });
  });
});
