import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { HOUSEHOLD_PANEL_TEXT, HouseholdPanel } from "@/components/contacts/detail/household-panel";
import type { HouseholdView } from "@/lib/households/household-schema";

const CONTACT_ID = "00000000-0000-4000-8000-0000000000c1";
const PARTNER_ID = "00000000-0000-4000-8000-0000000000c2";
const HOUSEHOLD_ID = "00000000-0000-4000-8000-0000000000f1";

const household = (overrides: Partial<HouseholdView> = {}): HouseholdView => ({
  id: HOUSEHOLD_ID,
  kind: "address",
  status: "suggested",
  partner: { id: PARTNER_ID, firstName: "Robert", lastName: "Jones" },
  contactIds: [CONTACT_ID, PARTNER_ID],
  confirmedById: null,
  confirmedAt: null,
  createdAt: "2026-06-01T15:00:00.000Z",
  updatedAt: "2026-06-01T15:00:00.000Z",
  ...overrides,
});

type Reply = { status: number; body?: unknown };
let fetchMock: jest.Mock;
let reply: (url: string, init: RequestInit) => Reply;

beforeEach(() => {
  reply = () => ({ status: 200, body: { success: true, household: household({ status: "confirmed" }) } });
  fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const r = reply(url, init);
    return { ok: r.status < 300, status: r.status, json: async () => r.body };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit)?.method ?? "GET"} ${url}`);

function renderPanel(value: HouseholdView | null) {
  const onChanged = jest.fn();
  render(<HouseholdPanel contactId={CONTACT_ID} contactName="Pat Jones" household={value} onChanged={onChanged} />);
  return onChanged;
}

describe("HouseholdPanel", () => {
  it("a suggestion: names the partner with a link to their page; Confirm confirms it through the route", async () => {
    const onChanged = renderPanel(household());
    expect(screen.getByText("Suggested")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Robert Jones" }).getAttribute("href")).toBe(`/contact/${PARTNER_ID}`);
    fireEvent.click(screen.getByRole("button", { name: HOUSEHOLD_PANEL_TEXT.confirm }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(HOUSEHOLD_PANEL_TEXT.confirmed));
    expect(calls()).toEqual([`POST /api/households/${HOUSEHOLD_ID}/confirm`]);
  });

  it("a suggestion: Not a Household dismisses it; a refusal shows the server's words and changes nothing", async () => {
    reply = () => ({
      status: 409,
      body: { error: { code: "conflict", message: "One of these contacts is already in a confirmed household." } },
    });
    const onChanged = renderPanel(household());
    fireEvent.click(screen.getByRole("button", { name: HOUSEHOLD_PANEL_TEXT.confirm }));
    expect((await screen.findByRole("alert")).textContent).toContain("already in a confirmed household");
    expect(onChanged).not.toHaveBeenCalled();

    reply = () => ({ status: 200, body: { success: true, household: household({ status: "dismissed" }) } });
    fireEvent.click(screen.getByRole("button", { name: HOUSEHOLD_PANEL_TEXT.dismiss }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(HOUSEHOLD_PANEL_TEXT.dismissed));
    expect(calls()[1]).toBe(`POST /api/households/${HOUSEHOLD_ID}/dismiss`);
  });

  it("a confirmed household: Undo asks first; Escape and Cancel leave it; Undo Household dismisses it", async () => {
    const onChanged = renderPanel(
      household({ status: "confirmed", kind: "explicit", confirmedAt: "2026-06-02T15:00:00.000Z" }),
    );
    expect(screen.getByText(/Lives with/).textContent).toContain("Lives with Robert Jones");
    expect(screen.getByText(/Linked as spouse\/partner on Jun 2, 2026/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: HOUSEHOLD_PANEL_TEXT.undo }));
    const dialog = screen.getByRole("dialog", { name: "Undo Household" });
    expect(dialog.textContent).toContain("Pat Jones and Robert Jones will be treated as two separate people.");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: HOUSEHOLD_PANEL_TEXT.undo }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Undo Household" })).getByRole("button", { name: "Undo Household" }),
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(HOUSEHOLD_PANEL_TEXT.undone));
    expect(calls()).toEqual([`POST /api/households/${HOUSEHOLD_ID}/dismiss`]);
  });

  it("no household: Link Spouse/Partner searches the viewer's contacts (not the contact itself) and links the one picked", async () => {
    jest.useFakeTimers();
    try {
      reply = (url) =>
        url.startsWith("/api/contacts?")
          ? {
              status: 200,
              body: {
                contacts: [
                  { id: CONTACT_ID, firstName: "Pat", lastName: "Jones", email: "pat@example.com" },
                  { id: PARTNER_ID, firstName: "Robert", lastName: "Jones", email: "rob@example.com" },
                ],
                total: 2,
                totalCapped: false,
                page: 1,
                limit: 50,
                filterOptions: { states: [], carriers: [] },
              },
            }
          : { status: 200, body: { success: true, household: household({ status: "confirmed", kind: "explicit" }) } };
      const onChanged = renderPanel(null);
      expect(screen.getByText(HOUSEHOLD_PANEL_TEXT.none)).toBeTruthy();
      fireEvent.click(screen.getByRole("button", { name: HOUSEHOLD_PANEL_TEXT.link }));
      const dialog = screen.getByRole("dialog", { name: HOUSEHOLD_PANEL_TEXT.link });
      const link = within(dialog).getByRole<HTMLButtonElement>("button", { name: "Link" });
      expect(link.disabled).toBe(true);

      fireEvent.change(within(dialog).getByLabelText("Search contacts"), { target: { value: "jones" } });
      expect(within(dialog).getByText("Searching...")).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(300);
      });
      expect(calls()).toEqual(["GET /api/contacts?search=jones&limit=50"]);
      const options = await within(dialog).findAllByRole("radio");
      // The contact itself is not offered.
      expect(options).toHaveLength(1);
      fireEvent.click(within(dialog).getByLabelText(/Robert Jones/));
      expect(link.disabled).toBe(false);
      fireEvent.click(link);
      await act(async () => {});
      expect(onChanged).toHaveBeenCalledWith(HOUSEHOLD_PANEL_TEXT.linked);
      const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
      expect(url).toBe(`/api/contacts/${CONTACT_ID}/household`);
      expect(JSON.parse(init.body as string)).toEqual({ partnerId: PARTNER_ID });
    } finally {
      jest.useRealTimers();
    }
  });
});
