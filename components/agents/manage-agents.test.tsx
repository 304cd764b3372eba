import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { ManageAgents, type ManageAgentsProps } from "@/components/agents/manage-agents";
import { AGENT_MESSAGES, type AgentView } from "@/lib/agents/agent-schema";

const ADMIN_ID = "00000000-0000-4000-8000-000000000001";
const BOB_ID = "00000000-0000-4000-8000-000000000002";
const CAROL_ID = "00000000-0000-4000-8000-000000000003";
const NEW_ID = "00000000-0000-4000-8000-000000000004";

function agent(overrides: Partial<AgentView>): AgentView {
  return {
    id: ADMIN_ID,
    firstName: "Ann",
    lastName: "Admin",
    email: "ann@agency.test",
    phone: "5125550100",
    org_slug: "lee-insurance",
    organizationId: "org-1",
    carriers: [],
    stateLicenses: [],
    isAdmin: true,
    isAgent: true,
    isDefault: false,
    is_active: true,
    signature: "",
    bookingLink: null,
    useOrgSenderDetails: true,
    ...overrides,
  };
}

const ann = agent({});
const bob = agent({
  id: BOB_ID,
  firstName: "Bob",
  lastName: "Brown",
  email: "bob@agency.test",
  isAdmin: false,
  phone: "5125550101",
});
const carol = agent({
  id: CAROL_ID,
  firstName: "Carol",
  lastName: "Cole",
  email: "carol@agency.test",
  isAdmin: false,
  phone: null,
});

type Reply = { status: number; body?: unknown };
const asResponse = ({ status, body }: Reply) => ({ ok: status >= 200 && status < 300, status, json: async () => body });

let replies: Record<string, (url: string, init?: RequestInit) => Reply>;
let fetchMock: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  replies = {
    create: (_url, init) => ({
      status: 201,
      body: { success: true, agent: agent({ ...JSON.parse(String(init?.body)), id: NEW_ID }) },
    }),
    update: (url, init) => ({
      status: 200,
      body: { success: true, agent: agent({ ...JSON.parse(String(init?.body)), id: url.split("/").pop()! }) },
    }),
    delete: () => ({ status: 200, body: { success: true, reassignedTo: null, contactsReassigned: 3 } }),
    setDefault: (_url, init) => ({
      status: 200,
      body: { success: true, defaultAgentId: JSON.parse(String(init?.body)).agentId },
    }),
  };
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    if (url === "/api/agents/create" && method === "POST") return asResponse(replies.create!(url, init));
    if (url === "/api/agents/set_default_agent" && method === "POST") return asResponse(replies.setDefault!(url, init));
    if (url.startsWith("/api/agents/") && method === "PUT") return asResponse(replies.update!(url, init));
    if (url.startsWith("/api/agents/") && method === "DELETE") return asResponse(replies.delete!(url, init));
    throw new Error(`unexpected fetch ${method} ${url}`);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  jest.useRealTimers();
});

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

function renderPage(overrides: Partial<ManageAgentsProps> = {}) {
  return render(
    <ManageAgents
      initialAgents={[bob, ann]}
      defaultAgentId={ADMIN_ID}
      currentUserId={ADMIN_ID}
      appUrl="https://app.test"
      orgSlug="lee-insurance"
      agentSeats={5}
      agentDefaults={{ carriers: ["Aetna"], stateLicenses: ["TX"] }}
      {...overrides}
    />,
  );
}

const addForm = () => within(screen.getByRole("region", { name: "Add Another Agent" }));
const addButton = () => addForm().getByRole("button", { name: /Add Agent|Adding/ }) as HTMLButtonElement;
const type = (scope: ReturnType<typeof within>, label: string, value: string) =>
  fireEvent.change(scope.getByLabelText(label), { target: { value } });
const card = (name: string) => within(screen.getByRole("heading", { name }).closest("li")!);
const calls = (predicate: (url: string, init?: RequestInit) => boolean) =>
  fetchMock.mock.calls.filter(([url, init]) => predicate(String(url), init));

describe("ManageAgents", () => {
  it("shows the title and agent cards: initials, name, email, phone or 'No phone provided', current user, Default badge", () => {
    renderPage({ initialAgents: [bob, ann, carol] });
    expect(screen.getByRole("heading", { level: 1, name: "Manage Agents" })).toBeTruthy();
    const names = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(["Ann Admin", "Bob Brown", "Carol Cole"]);
    const annCard = card("Ann Admin");
    expect(annCard.getByText("AA")).toBeTruthy();
    expect(annCard.getByText("Default")).toBeTruthy();
    expect(annCard.getByText("Current user (you)")).toBeTruthy();
    expect(annCard.getByText("(512) 555-0100")).toBeTruthy();
    expect(card("Carol Cole").getByText("No phone provided")).toBeTruthy();
    expect(card("Bob Brown").queryByText("Current user (you)")).toBeNull();
    expect(card("Bob Brown").queryByText("Default")).toBeNull();
    expect(screen.getByText("3 of 5 agent seats used")).toBeTruthy();
  });

  describe("Add Agent", () => {
    it("is enabled only when first name, last name and a valid email are filled in", async () => {
      renderPage();
      const form = addForm();
      expect(addButton().disabled).toBe(true);
      type(form, "First Name", "Dana");
      type(form, "Last Name", "Diaz");
      expect(addButton().disabled).toBe(true);
      type(form, "Email", "dana@agency.test");
      expect(addButton().disabled).toBe(true); // waiting for the 500 ms pause
      await advance(500);
      expect(document.getElementById("new-agent-email-status")!.textContent).toBe("Email address is valid");
      expect(addButton().disabled).toBe(false);
      type(form, "Last Name", "  ");
      expect(addButton().disabled).toBe(true);
      type(form, "Last Name", "Diaz");
      expect(addButton().disabled).toBe(false);
    });

    it("checks the address here, never asks the server whether it is taken, and shows the save's refusal as worded", async () => {
      replies.create = () => ({
        status: 409,
        body: {
          error: {
            code: "conflict",
            message: AGENT_MESSAGES.emailTaken,
            fields: { email: [AGENT_MESSAGES.emailTaken] },
          },
        },
      });
      renderPage();
      const form = addForm();
      type(form, "First Name", "Dana");
      type(form, "Last Name", "Diaz");
      type(form, "Email", "not-an-email");
      await advance(500);
      expect(document.getElementById("new-agent-email-status")!.textContent).toBe(
        "Please enter a valid email address.",
      );
      expect(addButton().disabled).toBe(true);

      type(form, "Email", "taken@agency.test");
      type(form, "Phone", "5125550177");
      await advance(500);
      expect(document.getElementById("new-agent-email-status")!.textContent).toBe("Email address is valid");
      expect(fetchMock).not.toHaveBeenCalled();
      fireEvent.click(addButton());
      await advance(0);
      expect(form.getByRole("alert").textContent).toBe(AGENT_MESSAGES.emailTaken);
      // The server's per-field words land on the field itself (setError), read with the input.
      const emailInput = form.getByLabelText("Email");
      expect(emailInput.getAttribute("aria-invalid")).toBe("true");
      expect(document.getElementById(`${emailInput.id}-error`)!.textContent).toBe(AGENT_MESSAGES.emailTaken);
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/agents/create"]);
    });

    it("shows the spec's combined message for an incomplete phone or no role, without calling the server", async () => {
      renderPage();
      const form = addForm();
      type(form, "First Name", "Dana");
      type(form, "Last Name", "Diaz");
      type(form, "Email", "dana@agency.test");
      type(form, "Phone", "512555");
      await advance(500);
      fireEvent.click(addButton());
      await advance(0); // the schema check (the route's own) settles
      expect(form.getByRole("alert").textContent).toBe(AGENT_MESSAGES.invalid);
      expect(form.getByLabelText("Phone").getAttribute("aria-invalid")).toBe("true");

      type(form, "Phone", "5125550177");
      fireEvent.click(form.getByLabelText("Agent")); // unticks the only role
      fireEvent.click(addButton());
      await advance(0);
      expect(form.getByRole("alert").textContent).toBe(AGENT_MESSAGES.invalid);
      expect(calls((url) => url === "/api/agents/create")).toHaveLength(0);
    });

    it("adds the agent: posts the form with the agency's carriers and states, shows the new card and clears the form", async () => {
      renderPage();
      const form = addForm();
      type(form, "First Name", "Dana");
      type(form, "Last Name", "Diaz");
      type(form, "Email", "Dana@Agency.test");
      type(form, "Phone", "(512) 555-0177");
      fireEvent.click(form.getByLabelText("Admin"));
      await advance(500);
      fireEvent.click(addButton());
      await advance(0);
      const [[, init]] = calls((url) => url === "/api/agents/create");
      expect(JSON.parse(String(init!.body))).toEqual({
        firstName: "Dana",
        lastName: "Diaz",
        email: "dana@agency.test",
        phone: "5125550177",
        isAdmin: true,
        isAgent: true,
        carriers: ["Aetna"],
        stateLicenses: ["TX"],
      });
      expect(screen.getByRole("heading", { name: "Dana Diaz" })).toBeTruthy();
      expect((form.getByLabelText("First Name") as HTMLInputElement).value).toBe("");
      expect(screen.getByText("Dana Diaz was added. We emailed them an invitation with a sign-in link.")).toBeTruthy();
    });

    it("shows the server's plan-limit refusal, and 'Failed to save agent' otherwise", async () => {
      replies.create = () => ({
        status: 409,
        body: {
          error: {
            code: "conflict",
            message: "Your plan allows 2 agents. Remove an agent or upgrade your plan to add more.",
          },
        },
      });
      renderPage();
      const form = addForm();
      type(form, "First Name", "Dana");
      type(form, "Last Name", "Diaz");
      type(form, "Email", "dana@agency.test");
      type(form, "Phone", "5125550177");
      await advance(500);
      fireEvent.click(addButton());
      await advance(0);
      expect(form.getByRole("alert").textContent).toBe(
        "Your plan allows 2 agents. Remove an agent or upgrade your plan to add more.",
      );

      replies.create = () => ({
        status: 500,
        body: { error: { code: "internal", message: "Something went wrong. Please try again." } },
      });
      await advance(500);
      fireEvent.click(addButton());
      await advance(0);
      expect(form.getByRole("alert").textContent).toBe(AGENT_MESSAGES.saveFailed);
    });
  });

  describe("Continue to Dashboard", () => {
    it("is a link to /dashboard only when every agent has first name, last name, email and phone", async () => {
      const { unmount } = renderPage({ initialAgents: [ann, bob] });
      const link = screen.getByRole("link", { name: "Continue to Dashboard" }) as HTMLAnchorElement;
      expect(link.getAttribute("href")).toBe("/dashboard");
      unmount();

      renderPage({ initialAgents: [ann, bob, carol] });
      expect(screen.queryByRole("link", { name: "Continue to Dashboard" })).toBeNull();
      expect((screen.getByRole("button", { name: "Continue to Dashboard" }) as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText(/missing: Carol Cole/)).toBeTruthy();

      // Giving Carol a phone enables it.
      fireEvent.click(card("Carol Cole").getByRole("button", { name: "Edit Carol Cole" }));
      const edit = within(screen.getByRole("form", { name: "Edit Carol Cole" }));
      type(edit, "Phone", "5125550102");
      fireEvent.click(edit.getByRole("button", { name: "Save" }));
      await advance(0);
      expect(screen.getByRole("link", { name: "Continue to Dashboard" })).toBeTruthy();
    });
  });

  describe("delete", () => {
    it("offers no Delete for the current user or the default agent", () => {
      renderPage({ initialAgents: [ann, bob, carol], defaultAgentId: BOB_ID });
      expect(card("Ann Admin").queryByRole("button", { name: /^Delete/ })).toBeNull();
      expect(card("Bob Brown").queryByRole("button", { name: /^Delete/ })).toBeNull();
      expect(card("Carol Cole").getByRole("button", { name: "Delete Carol Cole" })).toBeTruthy();
    });

    it("asks for confirmation; Escape closes it and focus returns to the Delete button", async () => {
      renderPage({ initialAgents: [ann, bob, carol] });
      const trigger = card("Carol Cole").getByRole("button", { name: "Delete Carol Cole" });
      trigger.focus();
      fireEvent.click(trigger);
      const dialog = screen.getByRole("dialog", { name: "Delete Carol Cole?" });
      const select = within(dialog).getByLabelText("Reassign contacts to") as HTMLSelectElement;
      expect(document.activeElement).toBe(select);
      expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
        "Don't reassign (leave contacts unassigned)",
        "Ann Admin (default)",
        "Bob Brown",
      ]);
      fireEvent.keyDown(document.activeElement!, { key: "Escape" });
      await advance(20);
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.activeElement).toBe(trigger);
      expect(calls((_url, init) => init?.method === "DELETE")).toHaveLength(0);
    });

    it("deletes with reassignment to the chosen agent", async () => {
      replies.delete = () => ({ status: 200, body: { success: true, reassignedTo: BOB_ID, contactsReassigned: 3 } });
      renderPage({ initialAgents: [ann, bob, carol] });
      fireEvent.click(card("Carol Cole").getByRole("button", { name: "Delete Carol Cole" }));
      const dialog = within(screen.getByRole("dialog"));
      fireEvent.change(dialog.getByLabelText("Reassign contacts to"), { target: { value: BOB_ID } });
      fireEvent.click(dialog.getByRole("button", { name: "Reassign and Delete" }));
      await advance(20);
      expect(calls((_url, init) => init?.method === "DELETE").map(([url]) => url)).toEqual([
        `/api/agents/${CAROL_ID}?reassignTo=${BOB_ID}`,
      ]);
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(screen.queryByRole("heading", { name: "Carol Cole" })).toBeNull();
      expect(screen.getByText("Carol Cole was deleted. 3 contacts reassigned to Bob Brown.")).toBeTruthy();
    });

    it("deletes without reassigning, and shows the refusal inside the dialog", async () => {
      replies.delete = () => ({
        status: 409,
        body: { error: { code: "conflict", message: AGENT_MESSAGES.deleteFailed } },
      });
      renderPage({ initialAgents: [ann, bob, carol] });
      fireEvent.click(card("Carol Cole").getByRole("button", { name: "Delete Carol Cole" }));
      const dialog = within(screen.getByRole("dialog"));
      fireEvent.click(dialog.getByRole("button", { name: "Delete Without Reassigning" }));
      await advance(0);
      expect(calls((_url, init) => init?.method === "DELETE").map(([url]) => url)).toEqual([`/api/agents/${CAROL_ID}`]);
      expect(dialog.getByRole("alert").textContent).toBe(AGENT_MESSAGES.deleteFailed);
      expect(screen.getByRole("heading", { name: "Carol Cole" })).toBeTruthy();
    });
  });

  describe("card actions", () => {
    it("sets the default agent, and reports 'Failed to set default agent'", async () => {
      renderPage({ initialAgents: [ann, bob, carol] });
      fireEvent.click(card("Bob Brown").getByRole("button", { name: "Set as Default (Bob Brown)" }));
      await advance(0);
      expect(card("Bob Brown").getByText("Default")).toBeTruthy();
      expect(card("Ann Admin").queryByText("Default")).toBeNull();

      replies.setDefault = () => ({ status: 500, body: {} });
      fireEvent.click(card("Carol Cole").getByRole("button", { name: "Set as Default (Carol Cole)" }));
      await advance(0);
      expect(screen.getByRole("alert").textContent).toBe(AGENT_MESSAGES.setDefaultFailed);
      expect(card("Bob Brown").getByText("Default")).toBeTruthy();
    });

    it("copies the agent's onboarding link and says 'Copied!' for 2 s; a failed copy says so", async () => {
      const writeText = jest.fn(async () => undefined);
      Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
      renderPage();
      const bobCard = card("Bob Brown");
      fireEvent.click(bobCard.getByRole("button", { name: "Copy onboarding link for Bob Brown" }));
      await advance(0);
      expect(writeText).toHaveBeenCalledWith(`https://app.test/self-onboarding/lee-insurance?agentId=${BOB_ID}`);
      expect(bobCard.getByRole("button", { name: "Copied!" })).toBeTruthy();
      await advance(1999);
      expect(bobCard.getByRole("button", { name: "Copied!" })).toBeTruthy();
      await advance(1);
      expect(bobCard.queryByRole("button", { name: "Copied!" })).toBeNull();

      writeText.mockRejectedValueOnce(new Error("denied"));
      fireEvent.click(bobCard.getByRole("button", { name: "Copy onboarding link for Bob Brown" }));
      await advance(0);
      expect(bobCard.getByRole("alert").textContent).toBe(AGENT_MESSAGES.copyFailed);
    });

    it("edits an agent: sends the spec's fields with roles, and reports 'Failed to save agent details'", async () => {
      renderPage();
      fireEvent.click(card("Bob Brown").getByRole("button", { name: "Edit Bob Brown" }));
      const edit = within(screen.getByRole("form", { name: "Edit Bob Brown" }));
      expect((edit.getByLabelText("Email") as HTMLInputElement).value).toBe("bob@agency.test");
      type(edit, "First Name", "Robert");
      fireEvent.click(edit.getByLabelText("Admin"));
      fireEvent.click(edit.getByRole("button", { name: "Save" }));
      await advance(0);
      const [[url, init]] = calls((_u, i) => i?.method === "PUT");
      expect(url).toBe(`/api/agents/${BOB_ID}`);
      expect(JSON.parse(String(init!.body))).toEqual({
        firstName: "Robert",
        lastName: "Brown",
        email: "bob@agency.test",
        phone: "5125550101",
        isAdmin: true,
        isAgent: true,
        carriers: [],
        stateLicenses: [],
        bookingLink: null,
        signature: "",
      });
      expect(screen.getByRole("heading", { name: "Robert Brown" })).toBeTruthy();

      replies.update = () => ({ status: 500, body: {} });
      fireEvent.click(card("Robert Brown").getByRole("button", { name: "Edit Robert Brown" }));
      const again = within(screen.getByRole("form", { name: "Edit Robert Brown" }));
      fireEvent.click(again.getByRole("button", { name: "Save" }));
      await advance(0);
      expect(again.getByRole("alert").textContent).toBe(AGENT_MESSAGES.saveDetailsFailed);

      type(again, "Phone", "512");
      fireEvent.click(again.getByRole("button", { name: "Save" }));
      await advance(0);
      expect(again.getByRole("alert").textContent).toBe(AGENT_MESSAGES.invalid);

      // No role at all: the edit schema's rule, before any call.
      const puts = calls((_u, i) => i?.method === "PUT").length;
      type(again, "Phone", "5125550101");
      fireEvent.click(again.getByLabelText("Admin"));
      fireEvent.click(again.getByLabelText("Agent"));
      fireEvent.click(again.getByRole("button", { name: "Save" }));
      await advance(0);
      expect(again.getByRole("alert").textContent).toBe(AGENT_MESSAGES.invalid);
      expect(calls((_u, i) => i?.method === "PUT")).toHaveLength(puts);
    });
  });
});
