import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { FullIntakeForm } from "@/components/self-onboarding/full-intake-form";
import { bodyOf, choose, mockFetch, type Routes, type } from "@/components/self-onboarding/test-helpers";

// The forms' proof-of-work is always solved here (components/challenge/use-challenge.test.tsx tests the real hook).
jest.mock("@/components/challenge/use-challenge", () =>
  jest.requireActual("@/components/challenge/test-double").solvedChallengeModule(),
);

const ORG_ID = "00000000-0000-4000-8000-0000000000aa";
const NOW = () => new Date("2026-05-20T12:00:00Z");

function setup(routes: Routes) {
  const fetchMock = mockFetch(routes);
  const navigate = jest.fn();
  render(
    <FullIntakeForm
      organization={{ id: ORG_ID, name: "Sample Agency" }}
      brandColor="#6B46C1"
      navigate={navigate}
      now={NOW}
    />,
  );
  return { fetchMock, navigate };
}

async function fill() {
  type(/^First Name/, "Lee");
  type(/^Last Name/, "Park");
  type(/^Cell Number/, "2145550100");
  type(/^Email/, "lee@example.com");
  type(/^Date of Birth/, "1959-09-09");
  type(/^ZIP Code/, "78701");
  await screen.findByDisplayValue("TX");
  choose(/Gender/, "Male");
  choose(/Tobacco User/, "No");
}

describe("FullIntakeForm", () => {
  it("is titled 'Let's Get Some Details', formats the cell number and asks for every required field for a quote", async () => {
    const { fetchMock } = setup({});
    expect(screen.getByRole("heading", { name: "Let's Get Some Details" })).toBeTruthy();
    expect(screen.getByText("Use a unique email for each person.")).toBeTruthy();
    // Signing up here starts the agency's outreach: the form says so before the button is pressed.
    expect(
      screen.getByText(
        /will email you your quotes, and new quotes around your birthday, policy anniversary and the enrollment period; you can unsubscribe at any time/,
      ),
    ).toBeTruthy();
    type(/^Cell Number/, "214555");
    expect((screen.getByLabelText(/^Cell Number/) as HTMLInputElement).value).toBe("(214) 555");
    fireEvent.click(screen.getByRole("button", { name: "Get My Quote" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please fill out all required fields for a quote.");
    expect(fetchMock).toHaveBeenCalledTimes(0);
  });

  it("offers carriers and None/Other when a plan is held, and requires one", async () => {
    setup({});
    await fill();
    choose(/current Medicare Supplement plan/, "Yes");
    const carrier = screen.getByLabelText(/^Current Carrier/) as HTMLSelectElement;
    expect([...carrier.options].map((o) => o.textContent)).toContain("None/Other");
    fireEvent.click(screen.getByRole("button", { name: "Get My Quote" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please fill out all required fields for a quote.");
  });

  it("shows the submitting, then generating overlays, and ends on the compare page", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetchMock, navigate } = setup({
      "/api/self-service/signup": () => ({
        status: 200,
        body: { success: true, contactId: "c1", email: "lee@example.com", proof: "p" },
      }),
      "/api/self-service/generate-quote": () => ({
        status: 200,
        body: { success: true, contactId: "c1", quoteId: "tok", redirectUrl: "/compare?id=tok" },
      }),
    });
    await fill();
    choose(/current Medicare Supplement plan/, "Yes");
    fireEvent.change(screen.getByLabelText(/^Current Carrier/), { target: { value: "None" } });
    const original = global.fetch;
    global.fetch = (async (url: string, init?: RequestInit) => {
      if (url === "/api/self-service/generate-quote") await gate;
      return original(url, init);
    }) as typeof fetch;
    fireEvent.click(screen.getByRole("button", { name: "Get My Quote" }));
    expect(await screen.findByText("Generating your quote...", { selector: "p" })).toBeTruthy();
    await act(async () => release());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/compare?id=tok"));
    expect(bodyOf(fetchMock, "/api/self-service/signup")).toMatchObject({
      orgId: ORG_ID,
      phoneNumber: "2145550100",
      zipCode: "78701",
      county: "Travis County",
      hasCurrentPlan: true,
      carrierChoice: "None",
      currentCarrier: null,
      intake: "quote_intake",
    });
  });

  it("says 'Failed to generate quote. Please try again.' when the quote call fails", async () => {
    const { navigate } = setup({
      "/api/self-service/signup": () => ({
        status: 200,
        body: { success: true, contactId: "c1", email: "lee@example.com", proof: "p" },
      }),
      "/api/self-service/generate-quote": () => ({ status: 403, body: { error: { code: "forbidden", message: "x" } } }),
    });
    await fill();
    fireEvent.click(screen.getByRole("button", { name: "Get My Quote" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to generate quote. Please try again.");
    expect(navigate).not.toHaveBeenCalled();
  });
});
