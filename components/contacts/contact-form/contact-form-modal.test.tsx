import { CONTACT_MESSAGES } from "@/lib/contacts/contact-schema";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { STANDARD_PLAN_TYPES } from "@/lib/contacts/contact-fields";
import {
  ContactFormModal,
  type ContactFormAgent,
  type ContactFormModalProps,
} from "@/components/contacts/contact-form/contact-form-modal";
import type { ContactDetail } from "@/lib/contacts/contact-schema";

const ADMIN_ID = "00000000-0000-4000-8000-000000000001";
const BOB_ID = "00000000-0000-4000-8000-000000000002";
const CONTACT_ID = "00000000-0000-4000-8000-0000000000c1";

const agents: ContactFormAgent[] = [
  {
    id: ADMIN_ID,
    firstName: "Ann",
    lastName: "Admin",
    email: "ann@agency.test",
    carriers: ["Humana", "Aetna"],
    isDefault: true,
  },
  { id: BOB_ID, firstName: "Bob", lastName: "Brown", email: "bob@agency.test", carriers: ["Cigna"] },
];

const contact: ContactDetail = {
  id: CONTACT_ID,
  firstName: "Pat",
  lastName: "Jones",
  email: "pat@example.com",
  phoneNumber: "5125550188",
  state: "TX",
  zipCode: "78701",
  streetAddress: null,
  addressUnit: null,
  county: "Travis County",
  countyFips: "48453",
  gender: "F",
  tobaccoUser: true,
  birthDate: "1958-03-14",
  effectiveDate: "2023-01-01",
  currentCarrier: "Cigna",
  planType: "Plan G",
  status: "New",
  source: "manual",
  agentId: BOB_ID,
  contactOwnerId: BOB_ID,
  agent: { id: BOB_ID, firstName: "Bob", lastName: "Brown", email: "bob@agency.test" },
  contactOwner: { id: BOB_ID, firstName: "Bob", lastName: "Brown", email: "bob@agency.test" },
  lastEmailedAt: null,
  unsubscribedAt: null,
  doNotCommunicate: false,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
};

const ZIPS: Record<string, unknown> = {
  "78701": {
    zip: "78701",
    state: "TX",
    counties: ["Travis County"],
    cities: ["Austin"],
    countyDetails: [{ name: "Travis County", fips: "48453", state: "TX", residentialShare: 1 }],
    defaultCounty: { name: "Travis County", fips: "48453", state: "TX", residentialShare: 1 },
  },
  "42223": {
    zip: "42223",
    state: "KY",
    counties: ["Montgomery County", "Christian County"],
    cities: ["Fort Campbell"],
    countyDetails: [
      { name: "Montgomery County", fips: "47125", state: "TN", residentialShare: 0.7336 },
      { name: "Christian County", fips: "21047", state: "KY", residentialShare: 0.2664 },
    ],
    defaultCounty: { name: "Montgomery County", fips: "47125", state: "TN", residentialShare: 0.7336 },
  },
};

type Reply = { status: number; body?: unknown } | "never";
const asResponse = ({ status, body }: { status: number; body?: unknown }) => ({
  ok: status >= 200 && status < 300,
  status,
  json: async () => body,
});

let replies: { check: (url: string) => Reply; save: (url: string, init: RequestInit) => Reply };
let fetchMock: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  replies = {
    check: () => ({ status: 200, body: { exists: false } }),
    save: (_url, init) => ({
      status: 200,
      body: { success: true, contact: { ...contact, ...JSON.parse(String(init.body)) } },
    }),
  };
  fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    let reply: Reply;
    if (url.startsWith("/api/contacts/check-email/")) reply = replies.check(url);
    else if (url.startsWith("/api/zip-lookup/")) {
      const zip = url.split("/").pop()!;
      reply = ZIPS[zip]
        ? { status: 200, body: ZIPS[zip] }
        : { status: 404, body: { error: { code: "not_found", message: "Invalid zip code" } } };
    } else if (
      (url === "/api/contacts/create" && method === "POST") ||
      (url.startsWith("/api/contacts/") && method === "PUT")
    )
      reply = replies.save(url, init);
    else throw new Error(`unexpected fetch ${method} ${url}`);
    if (reply === "never") return new Promise(() => {});
    return asResponse(reply);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  jest.useRealTimers();
});

const flush = () =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });

function renderModal(overrides: Partial<ContactFormModalProps> = {}) {
  const onClose = jest.fn();
  const onSaved = jest.fn();
  render(
    <ContactFormModal
      mode="add"
      agents={agents}
      currentUser={{ id: ADMIN_ID, isAdmin: true }}
      onClose={onClose}
      onSaved={onSaved}
      {...overrides}
    />,
  );
  return { onClose, onSaved };
}

/** Required fields' labels end in an aria-hidden " *" (components/ui/field.tsx): the name is the words before it. */
const withoutMark = { normalizer: (text: string) => text.replace(/\s*\*\s*$/, "").trim() };
const input = (label: string) => screen.getByLabelText(label, withoutMark) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const addButton = () => screen.getByRole("button", { name: "Add Client" }) as HTMLButtonElement;
const calls = (prefix: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(prefix));

async function fillRequired(email = "new@example.com") {
  type("First Name", "Ann");
  type("Last Name", "Lee");
  type("Email", email);
  fireEvent.blur(input("Email"));
  await flush();
}

describe("Add New Client", () => {
  it("shows the form's fields, with Assigned Agent and its placeholder", () => {
    renderModal();
    expect(screen.getByRole("dialog", { name: "Add New Client" })).toBeTruthy();
    for (const label of [
      "First Name",
      "Last Name",
      "Email",
      "Phone Number",
      "Contact Owner",
      "Current Carrier",
      "Plan Type",
      "Effective Date",
      "Birth Date",
      "ZIP Code",
      "State",
      "Assigned Agent",
    ]) {
      expect(screen.getByLabelText(label, withoutMark)).toBeTruthy();
    }
    for (const label of ["First Name", "Last Name", "Email"]) {
      expect(input(label).getAttribute("aria-required")).toBe("true");
    }
    expect(
      within(screen.getByRole("group", { name: "Tobacco User" }))
        .getAllByRole("radio")
        .map((r) => r.closest("label")!.textContent),
    ).toEqual(["Yes", "No"]);
    expect(
      within(screen.getByRole("group", { name: "Gender" }))
        .getAllByRole("radio")
        .map((r) => r.closest("label")!.textContent),
    ).toEqual(["Male", "Female"]);
    const agentSelect = screen.getByLabelText("Assigned Agent") as HTMLSelectElement;
    expect(agentSelect.options[0]!.textContent).toBe("Select an Agent");
    expect(agentSelect.value).toBe("");
    expect(input("State").readOnly).toBe(true);
    expect(
      Array.from((screen.getByLabelText("Plan Type") as HTMLSelectElement).options).map((o) => o.textContent),
    ).toEqual(["Select a plan", ...STANDARD_PLAN_TYPES]);
  });

  it("explains Contact Owner beside Assigned Agent", () => {
    renderModal();
    const owner = screen.getByLabelText("Contact Owner");
    const hint = document.getElementById(owner.getAttribute("aria-describedby")!.split(" ")[0]!);
    expect(hint?.textContent).toBe(
      "Who brought this client in, for your records only. The Assigned Agent is the one told when this client views a quote or replies.",
    );
  });

  it("enables Add Client only when first name, last name and email are filled in", async () => {
    renderModal();
    expect(addButton().disabled).toBe(true);
    type("First Name", "Ann");
    type("Last Name", "Lee");
    expect(addButton().disabled).toBe(true);
    type("Email", "ann@example.com");
    expect(addButton().disabled).toBe(false);
    type("Last Name", "   ");
    expect(addButton().disabled).toBe(true);
  });

  it("checks the email on blur, not while typing: checking, available, taken", async () => {
    let answer: Reply = "never";
    replies.check = () => answer;
    renderModal();
    type("First Name", "Ann");
    type("Last Name", "Lee");
    type("Email", "taken@example.com");
    expect(calls("/api/contacts/check-email/")).toHaveLength(0);

    answer = { status: 200, body: { exists: true } };
    fireEvent.blur(input("Email"));
    expect(screen.getByText("Checking email...")).toBeTruthy();
    expect(addButton().disabled).toBe(true);
    await flush();
    expect(calls("/api/contacts/check-email/")[0]![0]).toBe("/api/contacts/check-email/taken%40example.com");
    expect(screen.getByText("A contact with this email already exists.")).toBeTruthy();
    expect(addButton().disabled).toBe(true);

    answer = { status: 200, body: { exists: false } };
    type("Email", "free@example.com");
    expect(addButton().disabled).toBe(false); // an edit clears the old answer
    fireEvent.blur(input("Email"));
    await flush();
    expect(screen.getByText("Email is available")).toBeTruthy();
    expect(addButton().disabled).toBe(false);
  });

  it("gives up after 5 seconds: Email check timed out. Please continue.", async () => {
    replies.check = () => "never";
    renderModal();
    await fillRequired("slow@example.com");
    expect(screen.getByText("Checking email...")).toBeTruthy();
    expect(addButton().disabled).toBe(true);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4999);
    });
    expect(screen.queryByText("Email check timed out. Please continue.")).toBeNull();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText("Email check timed out. Please continue.")).toBeTruthy();
    expect(addButton().disabled).toBe(false);
  });

  it("does not ask the server about a malformed email, and refuses it on save", async () => {
    renderModal();
    await fillRequired("ann@example");
    expect(calls("/api/contacts/check-email/")).toHaveLength(0);
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    fireEvent.click(addButton());
    await flush();
    expect(calls("/api/contacts/create")).toHaveLength(0);
    expect(screen.getByRole("alert").textContent).toBe("Please correct the highlighted fields.");
  });

  it("refuses an incomplete phone on save with the schema's own message, on the field, before any call", async () => {
    renderModal();
    await fillRequired();
    type("Phone Number", "512555");
    fireEvent.click(addButton());
    await flush();
    expect(calls("/api/contacts/create")).toHaveLength(0);
    expect(screen.getByRole("alert").textContent).toBe(CONTACT_MESSAGES.invalid);
    const phone = input("Phone Number");
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(`${phone.id}-error`)!.textContent).toBe(CONTACT_MESSAGES.invalidPhone);
  });

  it("formats the phone as (555) 555-5555 and keeps at most 10 digits", () => {
    renderModal();
    type("Phone Number", "555555555512");
    expect(input("Phone Number").value).toBe("(555) 555-5555");
    type("Phone Number", "5125");
    expect(input("Phone Number").value).toBe("(512) 5");
  });

  it("looks up the state and counties for a 5-digit ZIP, defaulting to the largest share", async () => {
    renderModal();
    type("ZIP Code", "4222");
    expect(calls("/api/zip-lookup/")).toHaveLength(0);
    type("ZIP Code", "42223");
    await flush();
    expect(calls("/api/zip-lookup/")[0]![0]).toBe("/api/zip-lookup/42223");
    expect(input("State").value).toBe("KY");
    const county = screen.getByLabelText("County") as HTMLSelectElement;
    expect(Array.from(county.options).map((o) => o.textContent)).toEqual(["Montgomery County, TN", "Christian County"]);
    expect(county.value).toBe("47125");

    type("ZIP Code", "78701");
    await flush();
    expect(input("State").value).toBe("TX");
    expect(input("County").value).toBe("Travis County");
    expect(input("County").readOnly).toBe(true);
  });

  it("says Invalid zip code for a ZIP the lookup does not know", async () => {
    renderModal();
    type("ZIP Code", "00000");
    await flush();
    expect(screen.getByText("Invalid zip code")).toBeTruthy();
    expect(input("State").value).toBe("");
  });

  it("adds the client with the chosen agent, county, address and fields, and hands back the saved contact", async () => {
    const { onSaved } = renderModal({
      knownCarriers: ["Aetna", "Cigna", "Mutual of Omaha", "Transamerica"],
      agencyCarriers: ["Transamerica"],
    });
    await fillRequired();
    type("Phone Number", "5125550188");
    type("Street Address", " 12 Elm St ");
    type("Apt / Unit", "Apt 2");
    type("ZIP Code", "42223");
    await flush();
    fireEvent.change(screen.getByLabelText("County"), { target: { value: "21047" } });
    fireEvent.change(screen.getByLabelText("Assigned Agent"), { target: { value: BOB_ID } });
    expect(
      Array.from((screen.getByLabelText("Current Carrier") as HTMLSelectElement).options).map((o) => o.textContent),
    ).toEqual(["Select a carrier", "Cigna", "Transamerica", "Aetna", "Mutual of Omaha", "Other"]);
    const carrierGroups = screen.getByLabelText("Current Carrier").querySelectorAll("optgroup");
    expect(Array.from(carrierGroups).map((g) => [g.label, Array.from(g.children).map((o) => o.textContent)])).toEqual([
      ["Your carriers", ["Cigna", "Transamerica"]],
      ["Other carriers", ["Aetna", "Mutual of Omaha"]],
    ]);
    fireEvent.change(screen.getByLabelText("Current Carrier"), { target: { value: "Cigna" } });
    fireEvent.change(screen.getByLabelText("Plan Type"), { target: { value: "Plan N" } });
    type("Birth Date", "1958-03-14");
    fireEvent.click(screen.getByRole("radio", { name: "Yes" }));
    fireEvent.click(screen.getByRole("radio", { name: "Female" }));
    fireEvent.click(addButton());
    await flush();
    const [url, init] = calls("/api/contacts/create")[0]!;
    expect(url).toBe("/api/contacts/create");
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      firstName: "Ann",
      lastName: "Lee",
      email: "new@example.com",
      phoneNumber: "5125550188",
      zipCode: "42223",
      streetAddress: "12 Elm St",
      addressUnit: "Apt 2",
      countyFips: "21047",
      gender: "F",
      tobaccoUser: true,
      birthDate: "1958-03-14",
      effectiveDate: null,
      currentCarrier: "Cigna",
      planType: "Plan N",
      contactOwnerId: ADMIN_ID,
      agentId: BOB_ID,
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ email: "new@example.com" }));
  });

  it("shows the server's refusals: a duplicate email, a bad date", async () => {
    const { onSaved } = renderModal();
    await fillRequired();
    replies.save = () => ({
      status: 409,
      body: {
        error: {
          code: "conflict",
          message: "A contact with this email already exists.",
          fields: { email: ["A contact with this email already exists."] },
        },
      },
    });
    fireEvent.click(addButton());
    await flush();
    expect(screen.getByText("A contact with this email already exists.")).toBeTruthy();
    expect(addButton().disabled).toBe(true);

    type("Email", "other@example.com");
    replies.save = () => ({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: "Invalid birth date format",
          fields: { birthDate: ["Invalid birth date format"] },
        },
      },
    });
    fireEvent.click(addButton());
    await flush();
    expect(screen.getByRole("alert").textContent).toBe("Invalid birth date format");
    expect(screen.getAllByText("Invalid birth date format")).toHaveLength(2);

    replies.save = () => ({
      status: 500,
      body: { error: { code: "internal", message: "Something went wrong. Please try again." } },
    });
    fireEvent.click(addButton());
    await flush();
    expect(screen.getByRole("alert").textContent).toBe("Failed to add contact");
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("lets an agent add only for themselves", () => {
    renderModal({ agents: [agents[1]!], currentUser: { id: BOB_ID, isAdmin: false } });
    const select = screen.getByLabelText("Assigned Agent") as HTMLSelectElement;
    expect(select.value).toBe(BOB_ID);
    expect(select.disabled).toBe(true);
  });

  it("closes on Escape and Cancel", () => {
    const { onClose } = renderModal();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe("Edit Contact", () => {
  it("starts from the contact, skips the check of its own email and saves with zip_update when the ZIP changed", async () => {
    const { onSaved } = renderModal({ mode: "edit", contact });
    expect(screen.getByRole("dialog", { name: "Edit Contact" })).toBeTruthy();
    expect(screen.queryByLabelText("Assigned Agent")).toBeNull();
    expect(input("First Name").value).toBe("Pat");
    expect(input("Phone Number").value).toBe("(512) 555-0188");
    expect(input("State").value).toBe("TX");
    expect((screen.getByLabelText("Contact Owner") as HTMLSelectElement).value).toBe(BOB_ID);
    expect((screen.getByLabelText("Current Carrier") as HTMLSelectElement).value).toBe("Cigna");
    expect((screen.getByRole("radio", { name: "Yes" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Female" }) as HTMLInputElement).checked).toBe(true);
    const save = screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);

    fireEvent.blur(input("Email"));
    await flush();
    expect(calls("/api/contacts/check-email/")).toHaveLength(0);
    type("Email", "pat.new@example.com");
    fireEvent.blur(input("Email"));
    await flush();
    expect(calls("/api/contacts/check-email/")[0]![0]).toBe(
      `/api/contacts/check-email/pat.new%40example.com?excludeId=${CONTACT_ID}`,
    );

    type("ZIP Code", "42223");
    await flush();
    fireEvent.click(save);
    await flush();
    const [url, init] = calls(`/api/contacts/${CONTACT_ID}`)[0]!;
    expect(url).toBe(`/api/contacts/${CONTACT_ID}?zip_update=true`);
    expect((init as RequestInit).method).toBe("PUT");
    const body = JSON.parse(String((init as RequestInit).body));
    expect(body).toMatchObject({
      email: "pat.new@example.com",
      zipCode: "42223",
      countyFips: "47125",
      contactOwnerId: BOB_ID,
    });
    expect(body).not.toHaveProperty("agentId");
    expect(onSaved).toHaveBeenCalled();
  });

  it("says Failed to update contact when the save fails", async () => {
    replies.save = () => ({ status: 500, body: {} });
    renderModal({ mode: "edit", contact });
    await flush();
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await flush();
    expect(screen.getByRole("alert").textContent).toBe("Failed to update contact");
    expect(calls(`/api/contacts/${CONTACT_ID}`)[0]![0]).toBe(`/api/contacts/${CONTACT_ID}`);
  });
});
