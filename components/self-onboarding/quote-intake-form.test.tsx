import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QuoteIntakeForm, type QuoteIntakeMode } from "@/components/self-onboarding/quote-intake-form";
import { bodyOf, choose, mockFetch, type Routes, type, ZIPS } from "@/components/self-onboarding/test-helpers";
import type { ZipLookup } from "@/lib/zip/zip-schema";

// The forms' proof-of-work is always solved here (components/challenge/use-challenge.test.tsx tests the real hook).
jest.mock("@/components/challenge/use-challenge", () =>
  jest.requireActual("@/components/challenge/test-double").solvedChallengeModule(),
);

const NOW = () => new Date("2026-05-20T12:00:00Z");
const TOKEN = "t".repeat(43);

function setup(mode: QuoteIntakeMode, routes: Routes = {}) {
  const fetchMock = mockFetch(routes);
  const navigate = jest.fn();
  render(<QuoteIntakeForm mode={mode} brandColor="#6B46C1" timeZone="America/Chicago" navigate={navigate} now={NOW} />);
  return { fetchMock, navigate };
}

const next = () => screen.getByRole("button", { name: "Next" }) as HTMLButtonElement;
/** The form checks itself with the route's schema, asynchronously (zodResolver): let it settle before looking. */
const settle = () => act(async () => {});

describe("QuoteIntakeForm, manual variant", () => {
  it("enables Next only once ZIP (looked up), date of birth, tobacco and gender are given", async () => {
    setup({ kind: "manual", orgId: "org-1", planType: "G" });
    expect(next().disabled).toBe(true);
    type(/^ZIP Code/, "78737");
    await screen.findByLabelText(/^County/);
    type(/^Date of Birth/, "1958-06-15");
    choose(/Tobacco User/, "No");
    await settle();
    expect(next().disabled).toBe(true);
    choose(/Gender/, "Female");
    await settle();
    expect(next().disabled).toBe(false);
    type(/^Date of Birth/, "2030-01-01");
    await settle();
    expect(next().disabled).toBe(true);
    expect(screen.getByText("Please enter a valid date of birth")).toBeTruthy();
  });

  it("keeps the ZIP to 5 digits and says 'Invalid zip code' for an unknown one", async () => {
    setup({ kind: "manual", orgId: "org-1", planType: "G" });
    type(/^ZIP Code/, "0a0-0009");
    expect((screen.getByLabelText(/^ZIP Code/) as HTMLInputElement).value).toBe("00000");
    expect(await screen.findByText("Invalid zip code")).toBeTruthy();
  });

  it("goes to the compare page's manual mode with the age (never the date of birth) and the chosen county", async () => {
    const { navigate, fetchMock } = setup({ kind: "manual", orgId: "org-1", planType: "N" });
    type(/^ZIP Code/, "78737");
    fireEvent.change(await screen.findByLabelText(/^County/), { target: { value: "Travis County" } });
    type(/^Date of Birth/, "1958-06-15");
    choose(/Tobacco User/, "Yes");
    choose(/Gender/, "Male");
    await settle();
    fireEvent.click(next());
    await settle();
    expect(navigate).toHaveBeenCalledWith(
      "/compare?orgId=org-1&zip=78737&county=Travis+County&age=67&gender=M&tobacco=true&planType=N",
    );
    expect(fetchMock.mock.calls.every(([url]) => String(url).startsWith("/api/zip-lookup/"))).toBe(true);
  });
});

describe("QuoteIntakeForm, quote link variant", () => {
  const prefill = {
    zipCode: "78737",
    county: "Travis County",
    dateOfBirth: "1957-01-02",
    gender: "F" as const,
    tobacco: false,
  };

  it("is prefilled from the link's contact, saves the edits, then opens the compare page", async () => {
    const { navigate, fetchMock } = setup(
      { kind: "link", token: TOKEN, prefill },
      {
        "/api/self-service/update-quote-details": () => ({
          status: 200,
          body: { success: true, redirectUrl: `/compare?id=${TOKEN}` },
        }),
      },
    );
    const county = (await screen.findByLabelText(/^County/)) as HTMLSelectElement;
    expect(county.value).toBe("Travis County");
    expect((screen.getByLabelText(/^Date of Birth/) as HTMLInputElement).value).toBe("1957-01-02");
    expect((screen.getByRole("radio", { name: "Female" }) as HTMLInputElement).checked).toBe(true);
    choose(/Tobacco User/, "Yes");
    await settle();
    fireEvent.click(next());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/compare?id=${TOKEN}`));
    expect(bodyOf(fetchMock, "/api/self-service/update-quote-details")).toEqual({
      quoteId: TOKEN,
      zipCode: "78737",
      county: "Travis County",
      dateOfBirth: "1957-01-02",
      gender: "F",
      tobacco: true,
    });
  });

  it("takes the prefilled ZIP's counties from the page: no lookup for it, one for a ZIP typed after", async () => {
    const fetchMock = mockFetch({
      "/api/self-service/update-quote-details": () => ({
        status: 200,
        body: { success: true, redirectUrl: `/compare?id=${TOKEN}` },
      }),
    });
    render(
      <QuoteIntakeForm
        mode={{ kind: "link", token: TOKEN, prefill }}
        brandColor="#6B46C1"
        zipLookup={ZIPS["78737"] as ZipLookup}
        navigate={jest.fn()}
        now={NOW}
      />,
    );
    expect((screen.getByLabelText(/^County/) as HTMLSelectElement).value).toBe("Travis County");
    await settle();
    expect(next().disabled).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    type(/^ZIP Code/, "78701");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/zip-lookup/78701", expect.anything()));
  });

  it("shows the server's message when saving fails and stays on the page", async () => {
    const { navigate } = setup(
      { kind: "link", token: TOKEN, prefill },
      {
        "/api/self-service/update-quote-details": () => ({
          status: 404,
          body: {
            error: { code: "not_found", message: "Quote not found or expired. Please try again or contact support." },
          },
        }),
      },
    );
    await screen.findByLabelText(/^County/);
    await settle();
    fireEvent.click(next());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Quote not found or expired. Please try again or contact support.",
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(next().disabled).toBe(false);
  });
});
