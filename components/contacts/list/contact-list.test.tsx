import type { AddContactsSlot } from "@/components/contacts/list/add-contacts-button";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { AddContactsButton } from "@/components/contacts/list/add-contacts-button";
import {
  contactAgentLabel,
  formatCalendarDate,
  formatPhoneNumber,
  initials,
  truncateEmail,
} from "@/components/contacts/list/contact-format";
import { ContactList, type ContactListProps } from "@/components/contacts/list/contact-list";
import { ContactTable } from "@/components/contacts/list/contact-table";
import { deleteConfirmationText } from "@/components/contacts/list/delete-contacts-modal";
import { paginationItems, shownRange } from "@/components/contacts/list/pagination-items";
import { StatCards } from "@/components/contacts/list/stat-cards";
import type { ContactListRow } from "@/lib/contacts/list-contacts-view";

const replace = jest.fn();
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ replace, refresh, push: jest.fn() }) }));

const AGENT = { id: "00000000-0000-4000-8000-0000000000a1", firstName: "Alice", lastName: "Agent" };
const OWNER = { id: "00000000-0000-4000-8000-0000000000a2", firstName: "Oscar", lastName: "Owner" };

function row(n: number, overrides: Partial<ContactListRow> = {}): ContactListRow {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    email: `person${n}@example.test`,
    phoneNumber: "5125550100",
    state: "TX",
    zipCode: "78701",
    currentCarrier: "Aetna",
    planType: "G",
    effectiveDate: "2024-03-01",
    birthDate: "1958-07-04",
    status: "New",
    agentId: AGENT.id,
    contactOwnerId: null,
    agent: AGENT,
    contactOwner: null,
    lastEmailedAt: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    outsideLicensedStates: false,
    hasViewedQuoteRecently: false,
    hasCompletedHealthRecently: false,
    lastQuoteViewedAt: null,
    lastHealthCompletedAt: null,
    household: null,
    ...overrides,
  };
}

type Reply = { status: number; body?: unknown };
const asResponse = ({ status, body }: Reply) => ({ ok: status >= 200 && status < 300, status, json: async () => body });
let fetchMock: jest.Mock;

beforeEach(() => {
  replace.mockClear();
  refresh.mockClear();
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});

function renderList(overrides: Partial<ContactListProps> = {}) {
  const contacts = overrides.contacts ?? [row(1), row(2), row(3)];
  return render(
    <ContactList
      contacts={contacts}
      total={contacts.length}
      page={1}
      limit={100}
      filters={{}}
      filterOptions={{ states: ["FL", "TX"], carriers: ["Aetna", "Humana"] }}
      agents={[
        { id: AGENT.id, name: "Alice Agent", isActive: true, isAgent: true },
        { id: OWNER.id, name: "Oscar Owner", isActive: false, isAgent: true },
      ]}
      isAdmin
      defaultAgentName="Dana Default"
      {...overrides}
    />,
  );
}

describe("cell formatting", () => {
  it("cuts emails at 30 characters plus ...", () => {
    expect(truncateEmail("a".repeat(30))).toBe("a".repeat(30));
    expect(truncateEmail(`${"b".repeat(25)}@example.test`)).toBe(`${"b".repeat(25)}@exam...`);
  });

  it("formats phones, dates and initials", () => {
    expect(formatPhoneNumber("5125550100")).toBe("(512) 555-0100");
    expect(formatPhoneNumber("15125550100")).toBe("(512) 555-0100");
    expect(formatPhoneNumber(null)).toBe("—");
    expect(formatCalendarDate("2024-03-01")).toBe("03/01/2024");
    expect(formatCalendarDate(null)).toBe("—");
    expect(initials("maria", "lopez")).toBe("ML");
  });

  it("falls back from the assigned agent to the owner, the default agent, then Default", () => {
    expect(contactAgentLabel({ agent: AGENT, contactOwner: OWNER }, "Dana Default")).toBe("Alice Agent");
    expect(contactAgentLabel({ agent: null, contactOwner: OWNER }, "Dana Default")).toBe("Oscar Owner");
    expect(contactAgentLabel({ agent: null, contactOwner: null }, "Dana Default")).toBe("Dana Default");
    expect(contactAgentLabel({ agent: null, contactOwner: null }, null)).toBe("Default");
  });
});

describe("pagination", () => {
  it("shows every page up to 7, otherwise ellipses around the current page", () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationItems(1, 8)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 8]);
    expect(paginationItems(4, 20)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 20]);
    expect(paginationItems(10, 20)).toEqual([1, "ellipsis-start", 9, 10, 11, "ellipsis-end", 20]);
    expect(paginationItems(17, 20)).toEqual([1, "ellipsis-start", 16, 17, 18, 19, 20]);
    expect(paginationItems(20, 20)).toEqual([1, "ellipsis-start", 16, 17, 18, 19, 20]);
    expect(shownRange(2, 100, 250)).toEqual({ from: 101, to: 200 });
    expect(shownRange(1, 100, 0)).toEqual({ from: 0, to: 0 });
  });

  it("renders Showing X to Y of Z results and numbered pages, and puts the page in the URL only above 1", () => {
    renderList({ contacts: [row(1)], total: 1450, page: 3, limit: 100 });
    expect(screen.getByText(/Showing/).textContent).toBe("Showing 201 to 300 of 1,450 results");
    const nav = screen.getByRole("navigation", { name: "Pagination" });
    expect(
      within(nav)
        .getAllByRole("button", { name: /^Page/ })
        .map((b) => b.textContent),
    ).toEqual(["1", "2", "3", "4", "5", "15"]);
    expect(within(nav).getAllByText("...")).toHaveLength(1);
    expect(within(nav).getByRole("button", { name: "Page 3" }).getAttribute("aria-current")).toBe("page");

    fireEvent.click(within(nav).getByRole("button", { name: "Page 4" }));
    expect(replace).toHaveBeenLastCalledWith("/contacts?page=4", { scroll: false });
    fireEvent.click(within(nav).getByRole("button", { name: "Page 1" }));
    expect(replace).toHaveBeenLastCalledWith("/contacts", { scroll: false });
    // Narrow screens: Previous and Next.
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(replace).toHaveBeenLastCalledWith("/contacts?page=4", { scroll: false });
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(replace).toHaveBeenLastCalledWith("/contacts?page=2", { scroll: false });
  });

  it("a broad search counted only to 2,000 reads 2,000+, says how to see the rest, and its pages stop at 20", () => {
    renderList({
      contacts: [row(1)],
      total: 2000,
      totalCapped: true,
      page: 20,
      limit: 100,
      filters: { search: "smith" },
    });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Contacts (2,000+)");
    expect(screen.getByText(/Showing/).textContent).toBe("Showing 1,901 to 2,000 of 2,000+ results");
    expect(screen.getByText(/More than 2,000 contacts match/).textContent).toContain("filter by state");
    const nav = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(nav).getByRole("button", { name: "Page 20" }).getAttribute("aria-current")).toBe("page");
    expect((within(nav).getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("an exact total has no + and no note", () => {
    renderList({ contacts: [row(1)], total: 1450, page: 1, limit: 100, filters: { search: "smith" } });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Contacts (1,450)");
    expect(screen.queryByText(/More than/)).toBeNull();
  });

  it("offers 50, 100 and 250 per page; limit is in the URL only when not 100, and a new size starts at page 1", () => {
    renderList({ contacts: [row(1)], total: 1450, page: 3, limit: 100, filters: { states: ["TX"] } });
    const picker = screen.getAllByLabelText("Per page")[0]!;
    expect(
      within(picker)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["50", "100", "250"]);
    fireEvent.change(picker, { target: { value: "250" } });
    expect(replace).toHaveBeenLastCalledWith("/contacts?limit=250&states=TX", { scroll: false });
  });
});

describe("contact table", () => {
  it("has the 11 columns, truncated emails, formatted phones, the agent fallback and quote/health marks", () => {
    renderList({
      contacts: [
        row(1, { email: `${"x".repeat(28)}@long.example.test`, hasViewedQuoteRecently: true }),
        row(2, { agent: null, agentId: null, contactOwner: OWNER, contactOwnerId: OWNER.id }),
        row(3, { agent: null, agentId: null }),
      ],
    });
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual([
      "",
      "Name",
      "Email",
      "Phone",
      "State",
      "Agent",
      "Carrier",
      "Eff. Date",
      "Quote",
      "Health",
      "Edit",
    ]);
    const [, first, second, third] = screen.getAllByRole("row");
    expect(within(first!).getByText(`${"x".repeat(28)}@l...`)).toBeTruthy();
    expect(within(first!).getByText("(512) 555-0100")).toBeTruthy();
    expect(within(first!).getByText("Alice Agent")).toBeTruthy();
    expect(within(first!).getByText("Viewed a quote in the last 30 days")).toBeTruthy();
    expect(within(first!).getByRole("link", { name: "First1 Last1" }).getAttribute("href")).toBe(
      `/contact/${row(1).id}`,
    );
    expect(within(first!).getByText("FL")).toBeTruthy(); // initials avatar
    expect(within(second!).getByText("Oscar Owner")).toBeTruthy();
    expect(within(third!).getByText("Dana Default")).toBeTruthy();
  });

  it("marks a confirmed household and a suggested one beside the name, with the partner in words", () => {
    const partner = { id: row(9).id, firstName: "Robert", lastName: "Jones" };
    renderList({
      contacts: [
        row(1, { household: { status: "confirmed", partner } }),
        row(2, { household: { status: "suggested", partner } }),
        row(3),
      ],
    });
    const [, first, second, third] = screen.getAllByRole("row");
    expect(within(first!).getByText("Household with Robert Jones")).toBeTruthy();
    expect(within(second!).getByText("Possible household with Robert Jones")).toBeTruthy();
    expect(within(third!).queryByText(/household/i)).toBeNull();
    // The mark is beside the link, not in its name.
    expect(within(first!).getByRole("link", { name: "First1 Last1" })).toBeTruthy();
  });

  it("shows Loading contacts... while the next page renders", () => {
    render(
      <ContactTable
        contacts={[row(1)]}
        loading
        selectedIds={new Set()}
        onToggle={() => {}}
        onToggleAll={() => {}}
        defaultAgentName={null}
      />,
    );
    expect(screen.getByText("Loading contacts...")).toBeTruthy();
    expect(screen.queryByText("First1 Last1")).toBeNull();
  });

  it("shows No contacts found for an empty page", () => {
    renderList({ contacts: [] });
    expect(screen.getByText("No contacts found")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Contacts (0)" })).toBeTruthy();
  });

  it("offers Import contacts and Add a contact when the book is empty, opening the same modals", () => {
    const slot = (name: string): AddContactsSlot =>
      function Slot(close) {
        return (
          <div role="dialog" aria-label={name}>
            <button onClick={close}>Close {name}</button>
          </div>
        );
      };
    renderList({ contacts: [], singleContactModal: slot("Add New Client"), csvUploadModal: slot("Upload CSV") });
    expect(screen.getByRole("heading", { name: "Your book is empty" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Import contacts" }));
    expect(screen.getByRole("dialog", { name: "Upload CSV" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close Upload CSV" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a contact" }));
    expect(screen.getByRole("dialog", { name: "Add New Client" })).toBeTruthy();
  });

  it("says only No contacts found when filters or a search emptied the page", () => {
    renderList({ contacts: [], filters: { search: "zoe" } });
    expect(screen.getByText("No contacts found")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add a contact" })).toBeNull();
  });
});

describe("selection and bulk actions", () => {
  it("selects and clears all with the header checkbox; the bottom bar counts and offers the actions", () => {
    renderList();
    expect(screen.queryByRole("region", { name: "Selected contacts" })).toBeNull();
    const all = screen.getByRole("checkbox", { name: "Select all contacts" });
    fireEvent.click(all);
    const bar = screen.getByRole("region", { name: "Selected contacts" });
    expect(within(bar).getByText("3 contacts selected")).toBeTruthy();
    expect(
      within(bar)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Cancel", "Reassign Agent", "Delete Selected"]);
    fireEvent.click(all);
    expect(screen.queryByRole("region", { name: "Selected contacts" })).toBeNull();

    fireEvent.click(screen.getByRole("checkbox", { name: "Select First2 Last2" }));
    expect(screen.getByText("1 contact selected")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByText("1 contact selected")).toBeNull();
  });

  it("hides Reassign Agent, the Agent filter and Export CSV from non-admins", () => {
    renderList({ isAdmin: false });
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all contacts" }));
    const bar = screen.getByRole("region", { name: "Selected contacts" });
    expect(within(bar).queryByRole("button", { name: "Reassign Agent" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Agent" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Export CSV/ })).toBeNull();
  });

  it("asks before deleting, shows a spinner while deleting, and refreshes after", async () => {
    let finish: (reply: Reply) => void = () => {};
    fetchMock.mockImplementation(() => new Promise((resolve) => (finish = (reply) => resolve(asResponse(reply)))));
    renderList();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select First1 Last1" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select First3 Last3" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete Selected" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Contacts" });
    expect(
      within(dialog).getByText("Are you sure you want to delete 2 contacts? This action cannot be undone."),
    ).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(within(dialog).getByRole("status", { name: "Deleting contacts" })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/contacts",
      expect.objectContaining({ method: "DELETE", body: JSON.stringify({ contact_ids: [row(1).id, row(3).id] }) }),
    );
    fireEvent.keyDown(document, { key: "Escape" }); // not while deleting
    expect(screen.getByRole("dialog", { name: "Delete Contacts" })).toBeTruthy();

    await act(async () =>
      finish({
        status: 200,
        body: { success: true, deleted_ids: [row(1).id, row(3).id], message: "Successfully deleted 2 contacts" },
      }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("status").textContent).toContain("Successfully deleted 2 contacts");
    expect(refresh).toHaveBeenCalled();
  });

  it("says Failed to delete contact when the delete fails, and Escape closes the confirmation", async () => {
    fetchMock.mockResolvedValue(
      asResponse({ status: 404, body: { error: { code: "not_found", message: "Contact not found" } } }),
    );
    renderList();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select First1 Last1" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete Selected" }));
    expect(screen.getByText("Are you sure you want to delete 1 contact? This action cannot be undone.")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Delete" })));
    expect(screen.getByRole("alert").textContent).toContain("Failed to delete contact");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(deleteConfirmationText(5)).toBe("Are you sure you want to delete 5 contacts? This action cannot be undone.");
  });

  it("reassigns to a chosen active agent or to no one, and needs a choice first", async () => {
    fetchMock.mockResolvedValue(
      asResponse({
        status: 200,
        body: { success: true, updated_ids: [row(2).id], message: "Successfully reassigned 1 contact" },
      }),
    );
    renderList();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select First2 Last2" }));
    fireEvent.click(screen.getByRole("button", { name: "Reassign Agent" }));
    const dialog = screen.getByRole("dialog", { name: "Reassign Contacts" });
    const select = within(dialog).getByLabelText("Select Agent");
    // Inactive agents cannot receive contacts.
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Select Agent", "Alice Agent", "Unassigned"]);
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Reassign" })));
    // The route's own rule (reassignContactsBodySchema), checked before any call; focus goes to the select.
    expect(within(dialog).getByRole("alert").textContent).toContain("Please select an agent to reassign contacts to");
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(select);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(select, { target: { value: "unassigned" } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Reassign" })));
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/contacts/reassign",
      expect.objectContaining({ method: "PUT", body: JSON.stringify({ contact_ids: [row(2).id], agent_id: null }) }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(refresh).toHaveBeenCalled();
  });

  it("says Failed to reassign contacts when the call fails", async () => {
    fetchMock.mockRejectedValue(new Error("network"));
    renderList();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all contacts" }));
    fireEvent.click(screen.getByRole("button", { name: "Reassign Agent" }));
    fireEvent.change(screen.getByLabelText("Select Agent"), { target: { value: AGENT.id } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Reassign" })));
    expect(screen.getByRole("alert").textContent).toContain("Failed to reassign contacts");
  });
});

describe("filters", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("puts checklists, toggles and the search in the URL, back on page 1", () => {
    renderList({ contacts: [row(1)], total: 500, page: 3, limit: 50 });
    fireEvent.click(screen.getByRole("button", { name: "State" }));
    const states = screen.getByRole("group", { name: "State filter" });
    fireEvent.click(within(states).getByRole("checkbox", { name: "TX" }));
    expect(replace).toHaveBeenLastCalledWith("/contacts?limit=50&states=TX", { scroll: false });

    fireEvent.click(screen.getByRole("button", { name: "Carrier" }));
    fireEvent.click(
      within(screen.getByRole("group", { name: "Carrier filter" })).getByRole("checkbox", { name: "Humana" }),
    );
    expect(replace).toHaveBeenLastCalledWith("/contacts?limit=50&carriers=Humana", { scroll: false });

    fireEvent.click(screen.getByRole("button", { name: "Agent" }));
    fireEvent.click(
      within(screen.getByRole("group", { name: "Agent filter" })).getByRole("checkbox", { name: "Unassigned" }),
    );
    expect(replace).toHaveBeenLastCalledWith("/contacts?limit=50&agents=unassigned", { scroll: false });
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("group", { name: "Agent filter" })).toBeNull();

    fireEvent.click(screen.getByRole("switch", { name: "Quote (30d)" }));
    expect(replace).toHaveBeenLastCalledWith("/contacts?limit=50&hasViewedQuoteRecently=true", { scroll: false });
    fireEvent.click(screen.getByRole("switch", { name: "Health (30d)" }));
    expect(replace).toHaveBeenLastCalledWith("/contacts?limit=50&hasCompletedHealthRecently=true", { scroll: false });

    fireEvent.change(screen.getByPlaceholderText("Search contacts..."), { target: { value: "maria lopez" } });
    act(() => jest.advanceTimersByTime(500));
    expect(replace).toHaveBeenLastCalledWith("/contacts?limit=50&search=maria%20lopez", { scroll: false });
  });

  it("clears a checklist with Clear Filters and links the export with the current filters", () => {
    renderList({ filters: { states: ["TX", "FL"], hasViewedQuoteRecently: true }, page: 2, limit: 100, total: 300 });
    expect(screen.getByRole("link", { name: /Export CSV/ }).getAttribute("href")).toBe(
      "/api/contacts/export?states=TX,FL&hasViewedQuoteRecently=true",
    );
    fireEvent.click(screen.getByRole("button", { name: /State/ }));
    fireEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(replace).toHaveBeenLastCalledWith("/contacts?hasViewedQuoteRecently=true", { scroll: false });
  });
});

describe("AddContactsButton", () => {
  it("opens the chooser and renders the chosen modal's slot; Escape closes the chooser", () => {
    const onSingle = jest.fn();
    render(
      <AddContactsButton
        onSingle={onSingle}
        singleContactModal={(close) => (
          <div role="dialog" aria-label="Add New Client">
            <button onClick={close}>Close form</button>
          </div>
        )}
        csvUploadModal={() => <div role="dialog" aria-label="Upload CSV" />}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "+ Add Contact" }));
    const chooser = screen.getByRole("dialog", { name: "Add Contacts" });
    expect((within(chooser).getByRole("button", { name: /Single Contact/ }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "+ Add Contact" }));
    fireEvent.click(screen.getByRole("button", { name: /Single Contact/ }));
    expect(onSingle).toHaveBeenCalled();
    expect(screen.queryByRole("dialog", { name: "Add Contacts" })).toBeNull();
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Add New Client" })).getByRole("button", { name: "Close form" }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "+ Add Contact" }));
    fireEvent.click(screen.getByRole("button", { name: /Multiple Contacts via CSV/ }));
    expect(screen.getByRole("dialog", { name: "Upload CSV" })).toBeTruthy();
  });

  it("calls onCsv, and marks an option without a handler as not available", () => {
    const onCsv = jest.fn();
    render(<AddContactsButton onCsv={onCsv} />);
    fireEvent.click(screen.getByRole("button", { name: "+ Add Contact" }));
    expect((screen.getByRole("button", { name: /Single Contact/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: /Multiple Contacts via CSV/ }));
    expect(onCsv).toHaveBeenCalled();
  });
});

describe("StatCards", () => {
  it("spins while loading and shows the figures (zeros after a failure)", () => {
    const { rerender } = render(<StatCards stats={null} />);
    for (const label of ["Total Contacts", "Quotes Sent", "Quotes Viewed", "Health Questions"]) {
      expect(screen.getByText(label)).toBeTruthy();
      expect(screen.getByRole("status", { name: `Loading ${label}` })).toBeTruthy();
    }
    rerender(<StatCards stats={{ totalContacts: 1234, quotesSent: 0, quotesViewed: 0, healthQuestions: 0 }} />);
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByText("1,234")).toBeTruthy();
    expect(screen.getAllByText("0")).toHaveLength(3);
  });
});
