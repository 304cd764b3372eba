import { act, fireEvent, render, screen } from "@testing-library/react";
import { AgentsStep } from "@/components/onboarding/agents-step";
import { jsonResponse, wizardData } from "@/components/onboarding/test-helpers";

let fetchMock: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/onboarding/agents") {
      const { agents } = JSON.parse(String(init?.body));
      return jsonResponse(200, {
        success: true,
        onboardingStep: 3,
        nextStep: "payment",
        agents: agents.map((a: object, i: number) => ({ ...a, id: `new-${i}` })),
      });
    }
    throw new Error(`unexpected fetch ${url}`);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => jest.useRealTimers());

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const addButton = () => screen.getByRole("button", { name: "Add Agent" }) as HTMLButtonElement;

function renderStep(onSaved = jest.fn(), agentLimit = 5) {
  render(<AgentsStep productName="Gapwise" agents={wizardData().agents} agentLimit={agentLimit} onSaved={onSaved} />);
  return onSaved;
}

describe("AgentsStep", () => {
  it("lists the current user's card", () => {
    render(
      <AgentsStep
        productName="Gapwise"
        agents={[
          ...wizardData().agents,
          { id: "u2", firstName: "Bo", lastName: "Diaz", email: "bo@agency.test", phone: "" },
        ]}
        agentLimit={5}
        onSaved={jest.fn()}
      />,
    );
    expect(screen.getByRole("heading", { name: "More Team Members?" })).toBeTruthy();
    expect(screen.getByText(/Add additional agents who will be using Gapwise/)).toBeTruthy();
    expect(screen.getByText("RO")).toBeTruthy();
    expect(screen.getByText("Current user (you)")).toBeTruthy();
    expect(screen.getByText("(512) 555-0188")).toBeTruthy();
    expect(screen.getByText("No phone provided")).toBeTruthy();
  });

  it("enables Add Agent only with first name, last name and a valid email, checked here (the save decides whether it is taken)", async () => {
    renderStep();
    expect(addButton().disabled).toBe(true);
    type("First Name", "Ann");
    type("Last Name", "Lee");
    expect(addButton().disabled).toBe(true);

    type("Email", "ann@");
    await advance(500);
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
    expect(addButton().disabled).toBe(true);

    type("Email", "ann@agency.test");
    await advance(499);
    expect(addButton().disabled).toBe(true);
    await advance(1);
    expect(screen.getByText("Email address is valid")).toBeTruthy();
    expect(addButton().disabled).toBe(false);
    // no server is asked whether the address has an account (the unexpected-fetch guard would throw)
    expect(fetchMock).not.toHaveBeenCalled();

    type("First Name", " ");
    expect(addButton().disabled).toBe(true);
  });

  it("adds the agent to the list and creates the new agents on Continue", async () => {
    const onSaved = renderStep();
    type("First Name", "Ann");
    type("Last Name", "Lee");
    type("Email", "ann@agency.test");
    await advance(500);
    await act(async () => fireEvent.click(addButton()));
    // The agent-add rule (§5) still needs a 10-digit phone.
    expect(screen.getByRole("alert").textContent).toBe(
      "Please fill out all fields, ensure email is valid, and select at least one role (admin or agent)",
    );
    type("Phone", "5125550100");
    await act(async () => fireEvent.click(addButton()));
    expect(screen.getByText("Ann Lee")).toBeTruthy();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("");

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    });
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/onboarding/agents")!;
    expect(JSON.parse(String(call[1].body))).toEqual({
      agents: [
        {
          firstName: "Ann",
          lastName: "Lee",
          email: "ann@agency.test",
          phone: "5125550100",
          isAgent: true,
          isAdmin: false,
        },
      ],
    });
    expect(onSaved).toHaveBeenCalledWith([expect.objectContaining({ id: "new-0", email: "ann@agency.test" })], {
      nextStep: "payment",
    });
  });

  it("stops adding at the plan's agent limit", () => {
    renderStep(jest.fn(), 1);
    expect(
      screen.getByText("Your plan allows 1 agent. Remove an agent or upgrade your plan to add more."),
    ).toBeTruthy();
  });
});
