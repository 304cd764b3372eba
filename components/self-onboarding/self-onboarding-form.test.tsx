import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SelfOnboardingForm } from "@/components/self-onboarding/self-onboarding-form";
import { bodyOf, choose, mockFetch, type Routes, type } from "@/components/self-onboarding/test-helpers";
import { SOLVED_CHALLENGE } from "@/components/challenge/test-double";

// The forms' proof-of-work is always solved here (components/challenge/use-challenge.test.tsx tests the real hook).
jest.mock("@/components/challenge/use-challenge", () =>
  jest.requireActual("@/components/challenge/test-double").solvedChallengeModule(),
);

const ORG_ID = "00000000-0000-4000-8000-0000000000aa";
const AGENT = { id: "00000000-0000-4000-8000-0000000000bb", firstName: "Alex", lastName: "Rivera" };
const NOW = () => new Date("2026-05-20T12:00:00Z");

const okRoutes = (): Routes => ({
  "/api/self-service/signup": () => ({
    status: 200,
    body: { success: true, contactId: "c1", email: "pat@example.com", proof: "proof-1" },
  }),
  "/api/self-service/generate-quote": () => ({
    status: 200,
    body: { success: true, contactId: "c1", quoteId: "tok", redirectUrl: "/compare?id=tok" },
  }),
});

function setup(routes: Routes = okRoutes(), agent: typeof AGENT | null = null) {
  const fetchMock = mockFetch(routes);
  const navigate = jest.fn();
  render(
    <SelfOnboardingForm
      organization={{ id: ORG_ID, name: "Sample Agency" }}
      brandColor="#6B46C1"
      agent={agent}
      navigate={navigate}
      now={NOW}
    />,
  );
  return { fetchMock, navigate };
}

async function fillRequired(zip = "78701", optIn = true) {
  type(/^First Name/, "Pat");
  type(/^Last Name/, "Jones");
  type(/^Email/, "pat@example.com");
  type(/^Phone Number/, "5125550188");
  type(/^ZIP Code/, zip);
  await screen.findByDisplayValue("TX");
  type(/^Date of Birth/, "1958-03-14");
  choose(/Gender/, "Female");
  choose(/Tobacco User/, "No");
  if (optIn) fireEvent.click(screen.getByRole("checkbox", { name: /may email me Medicare Supplement quotes/ }));
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Get My Quote" }));

describe("SelfOnboardingForm", () => {
  it("keeps the phone to 10 digits, shown as (xxx) xxx-xxxx, and the premium to digits and a dot", () => {
    setup();
    const phone = screen.getByLabelText(/^Phone Number/) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: "512abc5550188999" } });
    expect(phone.value).toBe("(512) 555-0188");
    choose(/currently have/, "Yes");
    const premium = screen.getByLabelText(/Current Monthly Premium/) as HTMLInputElement;
    fireEvent.change(premium, { target: { value: "$1,45.5.0" } });
    expect(premium.value).toBe("145.50");
  });

  it("looks the ZIP up: state read-only, a county select only when the ZIP has several counties, 'Invalid zip code' for an unknown one", async () => {
    setup();
    type(/^ZIP Code/, "78a70-1");
    expect((screen.getByLabelText(/^ZIP Code/) as HTMLInputElement).value).toBe("78701");
    expect((await screen.findByDisplayValue("TX")).hasAttribute("readonly")).toBe(true);
    expect(screen.queryByLabelText(/^County/)).toBeNull();
    type(/^ZIP Code/, "78737");
    const county = (await screen.findByLabelText(/^County/)) as HTMLSelectElement;
    expect([...county.options].map((o) => o.textContent)).toEqual(["Hays County", "Travis County"]);
    expect(county.value).toBe("Hays County");
    type(/^ZIP Code/, "00000");
    expect(await screen.findByText("Invalid zip code")).toBeTruthy();
  });

  it("refuses to submit with required fields missing: 'Please fill out all required fields.'", async () => {
    const { fetchMock } = setup();
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Please fill out all required fields.");
    expect(screen.getByLabelText(/^First Name/).getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalledWith("/api/self-service/signup", expect.anything());
  });

  it("each empty field's own error names the field", async () => {
    setup();
    submit();
    await screen.findByRole("alert");
    for (const text of [
      "Please enter your first name",
      "Please enter your last name",
      "Please enter your email address",
      "Please enter your phone number",
      "Please enter your ZIP code",
      "Please enter your date of birth",
      "Please choose your gender",
      "Please say whether you use tobacco",
    ])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryAllByText("Please fill out all required fields.")).toHaveLength(1);
  });

  it("the quote-emails opt-in is optional: left unticked, the quote is still generated and the 'no' is sent", async () => {
    const { fetchMock, navigate } = setup(okRoutes());
    expect(screen.getByText("Optional: you get your quote either way.")).toBeTruthy();
    await fillRequired("78701", false);
    submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/compare?id=tok"));
    expect(bodyOf(fetchMock, "/api/self-service/signup")).toMatchObject({ optInQuarterlyUpdates: false });
  });

  it("asks for a carrier when a current plan is held, and shows the unique-email hint", async () => {
    const { fetchMock } = setup();
    expect(screen.getByText("Use a unique email for each person.")).toBeTruthy();
    await fillRequired();
    choose(/currently have/, "Yes");
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Please fill out all required fields.");
    expect(screen.getByLabelText(/^Current Carrier/).getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalledWith("/api/self-service/signup", expect.anything());
  });

  it("an unknown ZIP cannot give a state: 'Unable to determine state from zip code'", async () => {
    setup();
    await fillRequired();
    type(/^ZIP Code/, "00000");
    await screen.findByText("Invalid zip code");
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Unable to determine state from zip code");
  });

  it("signs up, generates the quote with signup's proof, and goes to the compare page; the button is disabled meanwhile", async () => {
    let releaseSignup: () => void = () => {};
    const gate = new Promise<void>((resolve) => (releaseSignup = resolve));
    const { fetchMock, navigate } = setup(okRoutes(), AGENT);
    await fillRequired("78737");
    fireEvent.change(await screen.findByLabelText(/^County/), { target: { value: "Travis County" } });
    choose(/currently have/, "Yes");
    fireEvent.change(screen.getByLabelText(/^Current Carrier/), { target: { value: "Humana" } });
    type(/Current Monthly Premium/, "145.50");
    fireEvent.change(screen.getByLabelText(/^Plan Type/), { target: { value: "Plan G" } });
    // Hold signup's answer so the busy state can be seen.
    const original = global.fetch;
    global.fetch = (async (url: string, init?: RequestInit) => {
      if (url === "/api/self-service/signup") await gate;
      return original(url, init);
    }) as typeof fetch;
    submit();
    const busy = await screen.findByRole("button", { name: "Signing up..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () => releaseSignup());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/compare?id=tok"));
    // The signup carries a solved proof-of-work (docs/security.md "Public forms").
    expect(
      (fetchMock.mock.calls.find(([url]) => url === "/api/self-service/signup")![1] as RequestInit).headers,
    ).toMatchObject(SOLVED_CHALLENGE);
    expect(bodyOf(fetchMock, "/api/self-service/signup")).toEqual({
      orgId: ORG_ID,
      email: "pat@example.com",
      firstName: "Pat",
      lastName: "Jones",
      phoneNumber: "5125550188",
      zipCode: "78737",
      state: "TX",
      county: "Travis County",
      dateOfBirth: "1958-03-14",
      gender: "F",
      tobacco: false,
      hasCurrentPlan: true,
      carrierChoice: "Humana",
      currentCarrier: null,
      currentPremium: "145.50",
      planType: "Plan G",
      optInQuarterlyUpdates: true,
      agentId: AGENT.id,
      intake: "self_onboarding",
    });
    expect(bodyOf(fetchMock, "/api/self-service/generate-quote")).toEqual({
      orgId: ORG_ID,
      contactEmail: "pat@example.com",
      proof: "proof-1",
    });
    expect(screen.getByText(/Alex Rivera/)).toBeTruthy();
  });

  it("an address already on file: no quote page here, the page says the link was emailed", async () => {
    const { fetchMock, navigate } = setup({
      "/api/self-service/signup": () => ({
        status: 200,
        body: { success: true, contactId: null, email: "pat@example.com", proof: null, emailedQuoteLink: true },
      }),
    });
    await fillRequired();
    submit();
    // The form checks itself first (asynchronously), so wait for the one status left: the emailed note.
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toMatch(
        /Check your email.*Sample Agency already has your details on file.*pat@example.com/,
      ),
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/self-service/generate-quote")).toBe(false);
  });

  it.each([
    [
      "signup fails",
      { "/api/self-service/signup": () => ({ status: 500, body: { error: { code: "internal", message: "boom" } } }) },
      "Signup failed. Please try again.",
    ],
    [
      "the organization is gone",
      { "/api/self-service/signup": () => ({ status: 404, body: { error: { code: "not_found", message: "x" } } }) },
      "Organization not found or invalid link.",
    ],
    [
      "the network is down",
      { "/api/self-service/signup": () => "network" as const },
      "Something went wrong. Please try again.",
    ],
    [
      "the quote cannot be generated",
      { "/api/self-service/generate-quote": () => ({ status: 500, body: {} }) },
      "Failed to generate quote. Please try again.",
    ],
    [
      "the server refuses a field",
      {
        "/api/self-service/signup": () => ({
          status: 422,
          body: {
            error: {
              code: "validation_failed",
              message: "Please enter a 10-digit phone number",
              fields: { phoneNumber: ["Please enter a 10-digit phone number"] },
            },
          },
        }),
      },
      "Please enter a 10-digit phone number",
    ],
  ])("shows the spec's error when %s, and can be submitted again", async (_case, override, message) => {
    const { navigate } = setup({ ...okRoutes(), ...override } as Routes);
    await fillRequired();
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(navigate).not.toHaveBeenCalled();
    expect((screen.getByRole("button", { name: "Get My Quote" }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("SelfOnboardingForm with a prefill (a valid quote link on the URL)", () => {
  it("starts with the agency's details of the person, leaves the opt-in for them, and sends what is shown", async () => {
    const fetchMock = mockFetch(okRoutes());
    const prefill = {
      firstName: "Pat",
      lastName: "Prefill",
      email: "pat.prefill@example.com",
      phone: "5125550166",
      zip: "78701",
      dateOfBirth: "1958-04-12",
      gender: "F" as const,
      tobacco: "no" as const,
    };
    render(
      <SelfOnboardingForm
        organization={{ id: ORG_ID, name: "Sample Agency" }}
        brandColor="#6B46C1"
        agent={null}
        prefill={prefill}
        navigate={jest.fn()}
        now={NOW}
      />,
    );
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe("Pat");
    expect((screen.getByLabelText(/^Last Name/) as HTMLInputElement).value).toBe("Prefill");
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe("pat.prefill@example.com");
    expect((screen.getByLabelText(/^Date of Birth/) as HTMLInputElement).value).toBe("1958-04-12");
    expect((screen.getByRole("radio", { name: "Female" }) as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole("checkbox", { name: /may email me Medicare Supplement quotes/ }) as HTMLInputElement).checked,
    ).toBe(false);
    await screen.findByDisplayValue("TX"); // the prefilled ZIP is looked up like a typed one

    fireEvent.click(screen.getByRole("checkbox", { name: /may email me Medicare Supplement quotes/ }));
    submit();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === "/api/self-service/signup")).toBe(true));
    expect(bodyOf(fetchMock, "/api/self-service/signup")).toMatchObject({
      firstName: "Pat",
      lastName: "Prefill",
      email: "pat.prefill@example.com",
      phoneNumber: "5125550166",
      zipCode: "78701",
      dateOfBirth: "1958-04-12",
      gender: "F",
      tobacco: false,
    });
  });
});
