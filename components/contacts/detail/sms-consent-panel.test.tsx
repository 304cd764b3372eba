import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { SMS_CONSENT_PANEL_TEXT, SmsConsentPanel } from "@/components/contacts/detail/sms-consent-panel";
import type { SmsConsentView } from "@/lib/sms/sms-consent-schema";

const CONTACT_ID = "00000000-0000-4000-8000-0000000000c1";
const URL = `/api/contacts/${CONTACT_ID}/sms-consent`;
const WORDS =
  "I agree to receive Medicare Supplement quote texts from Sunrise Insurance at (512) 555-0100. Msg & data rates may apply. Msg frequency varies. Reply STOP to opt out, HELP for help. Consent is not a condition of purchase.";

const view = (overrides: Partial<SmsConsentView> = {}): SmsConsentView => ({
  allowed: false,
  reason: "no_consent",
  since: null,
  source: null,
  consentText: null,
  phoneNumber: "(512) 555-0100",
  agencyName: "Sunrise Insurance",
  history: [],
  ...overrides,
});
const consented = (overrides: Partial<SmsConsentView> = {}) =>
  view({
    allowed: true,
    reason: "consented",
    since: "2026-06-01T15:00:00.000Z",
    source: "agent_recorded",
    consentText: WORDS,
    ...overrides,
  });

type Reply = { status: number; body?: unknown };
let fetchMock: jest.Mock;
let state: SmsConsentView;
let postReply: () => Reply;

beforeEach(() => {
  state = view();
  postReply = () => ({ status: 200, body: { success: true, consent: state } });
  fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    let r: Reply;
    if (url === URL && method === "GET") r = { status: 200, body: state };
    else if (url === URL && method === "POST") r = postReply();
    else throw new Error(`unexpected fetch ${method} ${url}`);
    return { ok: r.status < 300, status: r.status, json: async () => r.body };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit)?.method ?? "GET"} ${url}`);
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit)?.method === "POST")
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

async function renderPanel() {
  const onChanged = jest.fn();
  render(<SmsConsentPanel contactId={CONTACT_ID} firstName="Mary" phoneNumber="5125550100" onChanged={onChanged} />);
  await waitFor(() => expect(card().textContent).not.toContain("Loading..."));
  return onChanged;
}

const card = () => screen.getByRole("region", { name: SMS_CONSENT_PANEL_TEXT.title });

describe("SmsConsentPanel", () => {
  it("no phone: says to add a 10-digit number, and offers no record button", async () => {
    state = view({ reason: "no_phone", phoneNumber: null });
    await renderPanel();
    expect(card().textContent).toContain("Add a 10-digit phone number to text this contact.");
    expect(screen.queryByRole("button", { name: SMS_CONSENT_PANEL_TEXT.record })).toBeNull();
    expect(screen.queryByRole("button", { name: SMS_CONSENT_PANEL_TEXT.optOut })).toBeNull();
  });

  it("no consent: says so, and offers Record SMS consent", async () => {
    await renderPanel();
    expect(card().textContent).toContain("No consent to text on file.");
    expect(screen.getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.record })).toBeTruthy();
    expect(screen.queryByRole("button", { name: SMS_CONSENT_PANEL_TEXT.optOut })).toBeNull();
  });

  it("consented by an agent: since when, the words in a blockquote, who recorded it, and Record Opt-Out", async () => {
    state = consented();
    await renderPanel();
    expect(card().textContent).toContain("Texts allowed since Jun 1, 2026");
    expect(card().querySelector("blockquote")?.textContent).toBe(WORDS);
    expect(card().textContent).toContain("Recorded by an agent");
    expect(screen.getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.optOut })).toBeTruthy();
    expect(screen.queryByRole("button", { name: SMS_CONSENT_PANEL_TEXT.record })).toBeNull();
  });

  it("consented again by a START text: says it was restarted by text", async () => {
    state = consented({ source: "sms_keyword", since: "2026-06-03T15:00:00.000Z" });
    await renderPanel();
    expect(card().textContent).toContain("Texts allowed since Jun 3, 2026");
    expect(card().textContent).toContain("Restarted by text (START)");
    expect(card().querySelector("blockquote")?.textContent).toBe(WORDS);
  });

  it("opted out by a STOP text, or by an agent: the date and how, and Record SMS consent again", async () => {
    state = view({ reason: "opted_out", since: "2026-06-02T15:00:00.000Z", source: "sms_keyword" });
    await renderPanel();
    expect(card().textContent).toContain("Opted out of texts on Jun 2, 2026");
    expect(card().textContent).toContain("By text (STOP)");
    expect(screen.getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.record })).toBeTruthy();
    expect(screen.queryByRole("button", { name: SMS_CONSENT_PANEL_TEXT.optOut })).toBeNull();
  });

  it("opted out by an agent: says an agent recorded it", async () => {
    state = view({ reason: "opted_out", since: "2026-06-02T15:00:00.000Z", source: "agent" });
    await renderPanel();
    expect(card().textContent).toContain("Opted out of texts on Jun 2, 2026");
    expect(card().textContent).toContain("Recorded by an agent");
  });

  it("a failed load says so, and Try Again reads it again", async () => {
    let first = true;
    fetchMock.mockImplementation(async () => {
      const ok = !first;
      first = false;
      return { ok, status: ok ? 200 : 500, json: async () => (ok ? state : {}) };
    });
    render(<SmsConsentPanel contactId={CONTACT_ID} firstName="Mary" />);
    expect((await screen.findByRole("alert")).textContent).toBe(SMS_CONSENT_PANEL_TEXT.loadFailed);
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("No consent to text on file.")).toBeTruthy();
  });

  it("Record SMS consent: the words prefilled, Save disabled until the client agreed, Escape and Cancel close it", async () => {
    await renderPanel();
    fireEvent.click(screen.getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.record }));
    const dialog = screen.getByRole("dialog", { name: SMS_CONSENT_PANEL_TEXT.record });
    const text = within(dialog).getByLabelText("Consent text") as HTMLTextAreaElement;
    expect(text.value).toBe(WORDS);
    const box = within(dialog).getByRole("checkbox", { name: SMS_CONSENT_PANEL_TEXT.agreed }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    const save = within(dialog).getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.save }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(box);
    expect(save.disabled).toBe(false);
    fireEvent.click(box);
    expect(save.disabled).toBe(true);

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.record }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posted()).toEqual([]);
  });

  it("Save Consent posts the words as edited, then reads the state again and tells the page", async () => {
    const onChanged = await renderPanel();
    fireEvent.click(screen.getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.record }));
    const dialog = screen.getByRole("dialog");
    const edited = `${WORDS} Said yes on the phone.`;
    fireEvent.change(within(dialog).getByLabelText("Consent text"), { target: { value: edited } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: SMS_CONSENT_PANEL_TEXT.agreed }));
    state = consented({ consentText: edited });
    fireEvent.click(within(dialog).getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.save }));

    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(SMS_CONSENT_PANEL_TEXT.recorded));
    expect(posted()).toEqual([{ action: "consent", text: edited }]);
    expect(await screen.findByText(/Texts allowed since Jun 1, 2026/)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls()).toEqual([`GET ${URL}`, `POST ${URL}`, `GET ${URL}`]);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    postReply = () => ({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: "Please check the highlighted fields.",
          fields: { text: ["Enter the consent text the client agreed to (10 to 2,000 characters)."] },
        },
      },
    });
    const onChanged = await renderPanel();
    fireEvent.click(screen.getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.record }));
    const dialog = screen.getByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Consent text"), { target: { value: "ok" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: SMS_CONSENT_PANEL_TEXT.agreed }));
    fireEvent.click(within(dialog).getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.save }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Enter the consent text the client agreed to (10 to 2,000 characters).",
    );
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("Record Opt-Out asks first (Cancel and Escape keep texting); Stop Texts posts withdraw and reads the state again", async () => {
    state = consented();
    const onChanged = await renderPanel();
    fireEvent.click(screen.getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.optOut }));
    let dialog = screen.getByRole("dialog", { name: "Stop texting Mary?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.optOut }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posted()).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.optOut }));
    dialog = screen.getByRole("dialog", { name: "Stop texting Mary?" });
    state = view({ reason: "opted_out", since: "2026-06-05T15:00:00.000Z", source: "agent" });
    fireEvent.click(within(dialog).getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.stopTexts }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(SMS_CONSENT_PANEL_TEXT.stopped));
    expect(posted()).toEqual([{ action: "withdraw" }]);
    expect(await screen.findByText(/Opted out of texts on Jun 5, 2026/)).toBeTruthy();
  });

  it("every button is at least 44 px high and every control has a label", async () => {
    await renderPanel();
    fireEvent.click(screen.getByRole("button", { name: SMS_CONSENT_PANEL_TEXT.record }));
    for (const button of screen.getAllByRole("button")) expect(button.className).toMatch(/\b(min-)?h-1[12]\b/);
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByLabelText("Consent text").tagName).toBe("TEXTAREA");
    expect(within(dialog).getByLabelText(SMS_CONSENT_PANEL_TEXT.agreed).getAttribute("type")).toBe("checkbox");
  });
});
