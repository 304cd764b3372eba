import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SubscriptionWizard } from "@/components/billing/subscription-wizard";

const tiers = [
  {
    id: "basic",
    name: "Basic",
    priceCents: 10_000,
    agentLimit: 1,
    contactLimit: -1,
    features: ["1 agent"],
    isContactUs: false,
  },
  {
    id: "pro",
    name: "Pro",
    priceCents: 10_000,
    agentLimit: 5,
    contactLimit: -1,
    features: ["Up to 5 agents"],
    isContactUs: false,
  },
  {
    id: "enterprise",
    name: "Enterprise",
    priceCents: 0,
    agentLimit: -1,
    contactLimit: -1,
    features: ["Unlimited agents"],
    isContactUs: true,
  },
];

/** jsdom has no Response: the part of it the component reads. */
const reply = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body });

type Route = (url: string, init?: RequestInit) => { status: number; body: unknown } | undefined;
let routes: Route[];
const calls: { url: string; init?: RequestInit }[] = [];

beforeEach(() => {
  calls.length = 0;
  routes = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    for (const route of routes) {
      const answer = route(url, init);
      if (answer) return reply(answer.status, answer.body);
    }
    if (url === "/api/organizations/subscription-tiers") return reply(200, { tiers });
    if (url === "/api/organizations/my-subscription")
      return reply(200, { tierId: "pro", extraAgents: 1, extraContacts: 0 });
    return reply(404, {});
  }) as unknown as typeof fetch;
});

const props = { orgSlug: "acme", supportEmail: "help@example.test", billingEnabled: false };

describe("SubscriptionWizard: choose", () => {
  it("lists the plans (enterprise is contact us), says billing is disabled, and choosing saves then follows the redirect", async () => {
    const onDone = jest.fn();
    routes.push((url) =>
      url === "/api/choose-plan"
        ? { status: 200, body: { success: true, redirectUrl: "/setup/settings?plan=basic" } }
        : undefined,
    );
    render(<SubscriptionWizard mode="choose" {...props} onDone={onDone} />);
    expect(screen.getByText(/Loading plans\.\.\./)).toBeTruthy();
    await screen.findByRole("button", { name: "Choose Basic" });
    // Same price: the page says so, and each card says who it is for and what the price includes.
    expect(
      screen.getByText(
        "Basic and Pro cost the same $100 a month; they differ only in agents: Basic is for 1 agent, Pro for up to 5 agents.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("For one agent working alone")).toBeTruthy();
    expect(screen.getByText("For a team: up to 5 agents, more at $20/month each")).toBeTruthy();
    expect(screen.getAllByText("includes 300 contacts, then $0.33 per contact/month")).toHaveLength(2);
    expect(screen.queryByText(/blocks? of/i)).toBeNull();
    expect(
      screen.getByText("Billing is disabled in this mode: choosing a plan does not charge anything."),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe(
      "mailto:help@example.test?subject=Enterprise%20plan",
    );
    fireEvent.click(screen.getByRole("button", { name: "Choose Basic" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith("/setup/settings?plan=basic"));
    const post = calls.find((c) => c.url === "/api/choose-plan")!;
    expect(JSON.parse(String(post.init!.body))).toEqual({ plan: "basic", orgSlug: "acme", extraAgents: 0 });
    expect(screen.getByText(/Plan saved/)).toBeTruthy();
  });

  it("shows 'Saving...' and disables the buttons while saving (step 1)", async () => {
    let release: () => void = () => {};
    global.fetch = jest.fn(async (url: string) => {
      if (url === "/api/organizations/subscription-tiers") return reply(200, { tiers });
      await new Promise<void>((resolve) => (release = resolve));
      return reply(200, { redirectUrl: "/x" });
    }) as unknown as typeof fetch;
    render(<SubscriptionWizard mode="choose" {...props} onDone={jest.fn()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    const saving = await screen.findByRole("button", { name: /Saving/ });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Choose Basic" }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());
  });

  it("sends the pro extra agents with Pro, never with Basic; offers no contact add-on", async () => {
    routes.push((url) =>
      url === "/api/choose-plan" ? { status: 200, body: { redirectUrl: "/setup/settings?plan=pro" } } : undefined,
    );
    render(<SubscriptionWizard mode="choose" {...props} onDone={jest.fn()} />);
    await screen.findByRole("button", { name: "Choose Pro" });
    fireEvent.change(screen.getByLabelText(/Extra agents/), { target: { value: "2" } });
    expect(screen.queryByLabelText(/Extra contacts/)).toBeNull();
    expect(screen.getByTestId("contacts-billing-note").textContent).toBe(
      "No plan limits contacts: the first 300 are included and each contact above that is billed at $0.33 a month, for the contacts you actually have.",
    );
    expect(screen.getAllByText(/No contact limit/)).toHaveLength(3);
    fireEvent.click(screen.getByRole("button", { name: "Choose Pro" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/choose-plan")).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url === "/api/choose-plan")!.init!.body))).toEqual({
      plan: "pro",
      orgSlug: "acme",
      extraAgents: 2,
    });
  });

  it("a server error shows its message, or 'Failed to save subscription', and returns to step 0", async () => {
    routes.push((url) =>
      url === "/api/choose-plan" ? { status: 422, body: { error: { message: "Please select a plan" } } } : undefined,
    );
    render(<SubscriptionWizard mode="choose" {...props} onDone={jest.fn()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Choose Basic" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please select a plan");
    routes.unshift((url) => (url === "/api/choose-plan" ? { status: 500, body: null } : undefined));
    fireEvent.click(screen.getByRole("button", { name: "Choose Basic" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to save subscription"));
  });

  it("'Failed to load subscription tiers' when the plans do not load", async () => {
    routes.push((url) => (url === "/api/organizations/subscription-tiers" ? { status: 500, body: {} } : undefined));
    render(<SubscriptionWizard mode="choose" {...props} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load subscription tiers");
  });

  it("custom tier: prices a contact count without changing the plan or buying anything; a failure says so", async () => {
    routes.push((url) =>
      url === "/api/subscription/calculate-tier/12000"
        ? {
            status: 200,
            body: {
              success: true,
              pricing: {
                contacts: 12000,
                contactLimit: -1,
                extraContacts: 0,
                additionalContacts: 11700,
                monthlyTotalCents: 396_100,
              },
            },
          }
        : undefined,
    );
    render(<SubscriptionWizard mode="choose" {...props} onDone={jest.fn()} />);
    await screen.findByRole("button", { name: "Choose Pro" });
    fireEvent.change(screen.getByLabelText("Number of contacts"), { target: { value: "12000" } });
    fireEvent.click(screen.getByRole("button", { name: "Calculate" }));
    expect((await screen.findByTestId("custom-tier")).textContent).toBe(
      "12,000 contacts: about $3,961.00/month (11,700 contacts above the 300 included, billed per contact).",
    );
    routes.unshift((url) =>
      url.startsWith("/api/subscription/calculate-tier/") ? { status: 500, body: {} } : undefined,
    );
    fireEvent.click(screen.getByRole("button", { name: "Calculate" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to calculate custom tier pricing");
  });

  it("custom tier: a count the route would refuse (negative, blank) is refused here, without a call", async () => {
    render(<SubscriptionWizard mode="choose" {...props} onDone={jest.fn()} />);
    await screen.findByRole("button", { name: "Choose Pro" });
    const asked = () =>
      (global.fetch as jest.Mock).mock.calls.filter(([url]) =>
        String(url).startsWith("/api/subscription/calculate-tier/"),
      ).length;
    for (const value of ["-5", ""]) {
      fireEvent.change(screen.getByLabelText("Number of contacts"), { target: { value } });
      fireEvent.click(screen.getByRole("button", { name: "Calculate" }));
      expect((await screen.findByRole("alert")).textContent).toBe("Failed to calculate custom tier pricing");
    }
    expect(asked()).toBe(0);
  });
});

describe("SubscriptionWizard: change", () => {
  it("marks the current plan, refuses an unchanged choice with 'No changes made to your subscription.', and saves a change with PUT", async () => {
    const onDone = jest.fn();
    routes.push((url, init) =>
      url === "/api/organizations/acme/subscription" && init?.method === "PUT"
        ? { status: 200, body: { success: true, redirectUrl: "/stripe" } }
        : undefined,
    );
    render(<SubscriptionWizard mode="change" {...props} onDone={onDone} />);
    await screen.findByText("Current plan");
    expect((screen.getByLabelText(/Extra agents/) as HTMLInputElement).value).toBe("1");
    fireEvent.click(screen.getByRole("button", { name: "Choose Pro" }));
    expect((await screen.findByRole("alert")).textContent).toBe("No changes made to your subscription.");
    expect(calls.some((c) => c.init?.method === "PUT")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Choose Basic" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith("/stripe"));
    expect(JSON.parse(String(calls.find((c) => c.init?.method === "PUT")!.init!.body))).toEqual({
      tierId: "basic",
      extraAgents: 0,
    });
  });

  it("a failed change without a server message says 'Failed to update plan. Please try again.' and stays on step 0", async () => {
    routes.push((url, init) =>
      url === "/api/organizations/acme/subscription" && init?.method === "PUT"
        ? { status: 503, body: null }
        : undefined,
    );
    render(<SubscriptionWizard mode="change" {...props} onDone={jest.fn()} />);
    await screen.findByText("Current plan");
    fireEvent.click(screen.getByRole("button", { name: "Choose Basic" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to update plan. Please try again.");
    expect((screen.getByRole("button", { name: "Choose Basic" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("'Failed to load current subscription' when the subscription does not load", async () => {
    routes.push((url) => (url === "/api/organizations/my-subscription" ? { status: 500, body: {} } : undefined));
    render(<SubscriptionWizard mode="change" {...props} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load current subscription");
  });
});
