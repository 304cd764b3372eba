import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { rateHistoryView } from "@/lib/quotes/rate-history-text";
import { CompareQuotesView } from "@/components/quotes/compare-quotes-view";
import { compareModel as model, quote } from "@/components/quotes/compare-test-model";
import { HOUSEHOLD_DEFAULT_REASON, LOWEST_OVER_TIME_EXPLAINED, NO_HISTORY_LAST } from "@/lib/quotes/compare-texts";

const push = jest.fn();
const replace = jest.fn();
const refresh = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace, refresh }),
  useSearchParams: () => new URLSearchParams("id=tok"),
}));

const cards = () =>
  within(screen.getByRole("list", { name: /quotes$/ }))
    .getAllByRole("heading", { level: 3 })
    .map((h) => h.textContent);

beforeEach(() => {
  jest.clearAllMocks();
  global.fetch = jest
    .fn()
    .mockResolvedValue({ ok: true, json: async () => ({ success: true }) }) as unknown as typeof fetch;
});

test("shows the 3 cheapest of the plan with the sample notice, and reports the view once", async () => {
  render(<CompareQuotesView model={model()} />);
  expect(screen.getByRole("heading", { name: "Personal Quote" })).toBeTruthy();
  expect(screen.getByText(/Sample prices/)).toBeTruthy();
  expect(cards()).toEqual(["Beta", "Delta", "Gamma"]);
  await waitFor(() =>
    expect(global.fetch).toHaveBeenCalledWith(
      "/api/tracking/log-tracking-click",
      expect.objectContaining({ method: "POST" }),
    ),
  );
  expect(global.fetch).toHaveBeenCalledTimes(1);
});

test("an unconfirmed self-signup sees its quotes, with a note to confirm the address the link went to", () => {
  const { rerender } = render(<CompareQuotesView model={model({ emailToConfirm: "pat@example.com" })} />);
  expect(screen.getAllByRole("note")[0]!.textContent).toBe(
    'We sent an email to pat@example.com. Please open it and press "Confirm my email", so that Sample Agency can send you your quotes and updates.',
  );
  expect(cards()).toEqual(["Beta", "Delta", "Gamma"]);
  rerender(<CompareQuotesView model={model({ emailToConfirm: null })} />);
  expect(screen.queryByText(/We sent an email/)).toBeNull();
});

test("the household toggle re-ranks by the household price and shows the discount and its rule", () => {
  render(<CompareQuotesView model={model()} />);
  fireEvent.click(screen.getByRole("switch", { name: "Household discount" }));
  expect(cards()).toEqual(["Alpha", "Beta", "Delta"]);
  expect(screen.getByText(/^Household discount: \$30\.00 a month off \(Roommate\)\./)).toBeTruthy();
  expect(screen.getAllByText("No household discount with this carrier.")).toHaveLength(2);
  expect(screen.getByText("You need to live with a spouse or someone who is at least 50 years old.")).toBeTruthy();
});

test("household default: on for a contact in a confirmed household, with the reason in plain words; the visitor can turn it off", () => {
  render(<CompareQuotesView model={model({ householdPaired: true })} />);
  const toggle = screen.getByRole<HTMLInputElement>("switch", { name: "Household discount" });
  expect(toggle.checked).toBe(true);
  expect(cards()).toEqual(["Alpha", "Beta", "Delta"]);
  expect(screen.getByText(/^Household discount: \$30\.00 a month off \(Roommate\)\./)).toBeTruthy();
  const reason = screen.getByText(HOUSEHOLD_DEFAULT_REASON);
  expect(toggle.getAttribute("aria-describedby")).toBe(reason.id);

  fireEvent.click(toggle);
  expect(toggle.checked).toBe(false);
  expect(cards()).toEqual(["Beta", "Delta", "Gamma"]);
  expect(screen.queryByText(HOUSEHOLD_DEFAULT_REASON)).toBeNull();
  expect(screen.queryByText(/^Household discount: /)).toBeNull();
});

test("household default: off for a contact not in a confirmed household, and nothing on without household prices", () => {
  const { unmount } = render(<CompareQuotesView model={model()} />);
  expect(screen.getByRole<HTMLInputElement>("switch", { name: "Household discount" }).checked).toBe(false);
  expect(cards()).toEqual(["Beta", "Delta", "Gamma"]);
  expect(screen.queryByText(HOUSEHOLD_DEFAULT_REASON)).toBeNull();
  unmount();

  // Paired, but no carrier here has a household price: no toggle, no reason, the standard prices.
  const plain = { plan: "G" as const, label: "Plan G", quotes: [quote("Beta", 12500), quote("Gamma", 14000)] };
  render(
    <CompareQuotesView model={model({ householdPaired: true }, { plans: [plain], carriers: ["Beta", "Gamma"] })} />,
  );
  expect(screen.queryByRole("switch", { name: "Household discount" })).toBeNull();
  expect(screen.queryByText(HOUSEHOLD_DEFAULT_REASON)).toBeNull();
  expect(screen.queryByText("No household discount with this carrier.")).toBeNull();
  expect(cards()).toEqual(["Beta", "Gamma"]);
});

test("a card's title is the brand people know, the legal entity small beneath it, and the saving in exact cents", () => {
  const omaha = quote("UNITED WORLD LIFE INSURANCE COMPANY", 12500, {
    groupName: "Mutual of Omaha",
    householdMonthlyCents: 11625,
  });
  const only = { plan: "G" as const, label: "Plan G", quotes: [omaha] };
  render(<CompareQuotesView model={model({}, { plans: [only], carriers: [omaha.groupName] })} />);
  expect(cards()).toEqual(["Mutual of Omaha"]);
  expect(screen.getByText("UNITED WORLD LIFE INSURANCE COMPANY")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Select Mutual of Omaha Plan G" })).toBeTruthy();
  fireEvent.click(screen.getByRole("switch", { name: "Household discount" }));
  expect(screen.getByText(/^Household discount: \$8\.75 a month off\./)).toBeTruthy();
});

test("switches plan type and filters carriers", () => {
  render(<CompareQuotesView model={model()} />);
  fireEvent.click(screen.getByRole("button", { name: "N" }));
  expect(cards()).toEqual(["Beta"]);
  fireEvent.click(screen.getByRole("button", { name: "G" }));
  fireEvent.click(screen.getByLabelText("Gamma"));
  expect(cards()).toEqual(["Gamma"]);
  fireEvent.click(screen.getByRole("button", { name: "Show all carriers" }));
  expect(cards()).toEqual(["Beta", "Delta", "Gamma"]);
});

test("the effective-date modal offers the 4 dates, closes on Escape, and reloads with the chosen one", async () => {
  render(<CompareQuotesView model={model()} />);
  fireEvent.click(screen.getAllByRole("button", { name: "Change" })[1]!);
  // The dialog's form is fetched when it first opens (its code is not in the page's first load).
  await screen.findByLabelText("December 1, 2026");
  const dialog = screen.getByRole("dialog", { name: "Coverage start date" });
  expect(within(dialog).getAllByRole("radio")).toHaveLength(4);
  expect((within(dialog).getByLabelText("December 1, 2026") as HTMLInputElement).checked).toBe(true);
  fireEvent.keyDown(document, { key: "Escape" });
  expect(screen.queryByRole("dialog")).toBeNull();
  fireEvent.click(screen.getAllByRole("button", { name: "Change" })[1]!);
  fireEvent.click(screen.getByLabelText("February 1, 2027"));
  fireEvent.click(screen.getByRole("button", { name: "Update Quotes" }));
  await waitFor(() =>
    expect(replace).toHaveBeenCalledWith("/compare?id=tok&effectiveDate=2027-02-01", { scroll: false }),
  );
  expect(screen.queryByRole("dialog")).toBeNull();
});

test("select → qualify explanation → continue to the health questions with the plan", () => {
  render(<CompareQuotesView model={model()} />);
  fireEvent.click(screen.getByRole("button", { name: "Select Beta Plan G" }));
  expect(screen.getByRole("dialog", { name: "Beta Plan G" }).textContent).toMatch(
    /seven short yes-or-no health questions/,
  );
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  expect(push).toHaveBeenCalledWith("/eligibility?id=tok&orgId=org-1&planType=G");
});

test("riders add their price; Customize riders adds more", () => {
  const riders = [
    { id: "part_a_deductible", name: "Part A deductible", monthlyCents: 4000 },
    { id: "foreign_travel", name: "Foreign travel", monthlyCents: 500 },
  ];
  render(
    <CompareQuotesView
      model={model(
        {},
        {
          state: "MN",
          statePlans: true,
          plans: [
            {
              plan: "MN_BASIC",
              label: "Minnesota Basic Plan",
              quotes: [quote("Alpha", 10000, { plan: "MN_BASIC", riders })],
            },
          ],
          initialPlan: "MN_BASIC",
          riderOptions: riders.map(({ id, name }) => ({ id, name })),
          defaultRiders: ["part_a_deductible"],
          carriers: ["Alpha"],
        },
      )}
    />,
  );
  expect(screen.getByText(/MN uses its own versions/)).toBeTruthy();
  expect(screen.getByText("$140.00/mo")).toBeTruthy();
  fireEvent.click(screen.getByLabelText("Part A deductible"));
  expect(screen.getByText("$100.00/mo")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Customize riders" }));
  const dialog = screen.getByRole("dialog", { name: "Customize riders" });
  fireEvent.click(within(dialog).getByLabelText(/Foreign travel/));
  fireEvent.click(within(dialog).getByRole("button", { name: "Apply" }));
  expect(screen.getByText("$105.00/mo")).toBeTruthy();
});

test("no plans: the fallback with a call prompt; the Medicare Advantage promo unless hidden", () => {
  const { rerender } = render(<CompareQuotesView model={model({}, { plans: [], carriers: [] })} />);
  expect(screen.getByText("We couldn't find plans for your specific criteria")).toBeTruthy();
  const fallback = screen.getByText("We couldn't find plans for your specific criteria").parentElement!;
  expect(within(fallback).getByRole("link", { name: "(512) 555-0100" }).getAttribute("href")).toBe("tel:5125550100");
  expect(screen.getByRole("link", { name: "Connect With Us" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Explore Options" }).getAttribute("href")).toBe(
    "/schedule?id=tok&orgId=org-1&status=decline",
  );
  rerender(<CompareQuotesView model={model({ hideMedicareAdvantage: true }, { plans: [], carriers: [] })} />);
  expect(screen.queryByRole("link", { name: "Explore Options" })).toBeNull();
});

test("the switching-window notice says why only some plans show", () => {
  render(
    <CompareQuotesView
      model={model(
        {},
        {
          switchWindow: {
            state: "KY",
            kind: "birthday",
            opens: "2026-11-01",
            closes: "2026-12-30",
            allowedPlans: ["G"],
            message: "Because of your birthday, KY law lets you switch.",
          },
        },
      )}
    />,
  );
  expect(screen.getByText(/KY law lets you switch\. The plans below are the ones this right covers\./)).toBeTruthy();
});

test("Target GI: a contact who failed underwriting is told the carriers shown take them without medical underwriting", () => {
  const { rerender } = render(<CompareQuotesView model={model({}, { guaranteedIssueOnly: true })} />);
  expect(screen.getByTestId("guaranteed-issue-note").textContent).toBe(
    "Based on your health answers, these are the carriers that can accept you in TX without medical underwriting (guaranteed issue).",
  );
  rerender(<CompareQuotesView model={model({}, { guaranteedIssueOnly: false })} />);
  expect(screen.queryByTestId("guaranteed-issue-note")).toBeNull();
});

test("the demo does not continue and does not report views", () => {
  render(<CompareQuotesView model={model({ mode: "demo", quoteId: null, nextUrl: null, advantageUrl: null })} />);
  expect(screen.getByText(/Demo: a sample person/)).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Select Beta Plan G" }));
  expect(screen.getByRole("status").textContent).toMatch(/This is a demo/);
  expect(global.fetch).not.toHaveBeenCalled();
});

test("the summary list is a valid definition list: each group holds one term and its description, the Change buttons inside it", () => {
  const { container } = render(<CompareQuotesView model={model()} />);
  const dl = container.querySelector("dl")!;
  for (const group of Array.from(dl.children)) {
    expect(group.tagName).toBe("DIV");
    expect(Array.from(group.children).map((child) => child.tagName)).toEqual(["DT", "DD"]);
  }
  expect(Array.from(dl.querySelectorAll("dt")).map((dt) => dt.textContent)).toEqual([
    "You",
    "Location",
    "Coverage starts",
  ]);
  expect(within(dl).getAllByRole("button", { name: "Change" })).toHaveLength(2);
});

test("a light brand colour gets black text on its buttons and a darker shade for its links", () => {
  render(
    <CompareQuotesView
      model={model({
        brand: {
          name: "Sample Agency",
          logoUrl: null,
          color: "#F97316",
          phone: "5125550100",
          senderName: "Sam Sample",
        },
      })}
    />,
  );
  const select = screen.getAllByRole("button", { name: /^Select / })[0]!;
  expect(select.style.backgroundColor).toBe("rgb(249, 115, 22)");
  expect(select.style.color).toBe("rgb(0, 0, 0)");
  const change = screen.getAllByRole("button", { name: "Change" })[0]!;
  expect(change.style.color).not.toBe("rgb(249, 115, 22)");
  const purple = render(<CompareQuotesView model={model()} />);
  expect(within(purple.container).getAllByRole("button", { name: /^Select / })[0]!.style.color).toBe(
    "rgb(255, 255, 255)",
  );
});

test("the location dialog looks the ZIP up, saves through update-location, and shows the server's county error on the county", async () => {
  const answers: Record<string, { status: number; body: unknown }[]> = {
    "/api/zip-lookup/78737": [
      {
        status: 200,
        body: {
          zip: "78737",
          state: "TX",
          counties: ["Hays County", "Travis County"],
          cities: ["Austin"],
          countyDetails: [
            { name: "Hays County", fips: "48209", state: "TX", residentialShare: 0.77 },
            { name: "Travis County", fips: "48453", state: "TX", residentialShare: 0.23 },
          ],
          defaultCounty: { name: "Hays County", fips: "48209", state: "TX", residentialShare: 0.77 },
        },
      },
    ],
    "/api/self-service/update-location": [
      {
        status: 422,
        body: {
          error: {
            code: "validation_failed",
            message: "Please choose a county for this ZIP code",
            fields: { county: ["Please choose a county for this ZIP code"] },
          },
        },
      },
      {
        status: 200,
        body: { success: true, zipCode: "78737", state: "TX", county: "Travis County", countyFips: "48453" },
      },
    ],
  };
  const fetchMock = jest.fn(async (url: string) => {
    const next = answers[url]?.shift() ?? { status: 200, body: { success: true } };
    return { ok: next.status < 400, status: next.status, json: async () => next.body };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  render(<CompareQuotesView model={model()} />);
  fireEvent.click(screen.getAllByRole("button", { name: "Change" })[0]!);
  // The dialog's form is fetched when it opens (its code is not in the page's first load).
  await screen.findByLabelText("ZIP Code");
  const dialog = screen.getByRole("dialog", { name: "Where do you live?" });
  await act(
    async () => void fireEvent.change(within(dialog).getByLabelText("ZIP Code"), { target: { value: "78737" } }),
  );
  const county = within(dialog).getByLabelText("County") as HTMLSelectElement;
  expect([...county.options].map((o) => o.textContent)).toEqual(["Hays County", "Travis County"]);
  fireEvent.change(county, { target: { value: "48453" } });

  await act(async () => void fireEvent.click(within(dialog).getByRole("button", { name: "Update Quotes" })));
  const saved = fetchMock.mock.calls.filter(([url]) => url === "/api/self-service/update-location");
  expect(JSON.parse(String((saved[0] as unknown as [string, RequestInit])[1].body))).toEqual({
    quoteId: "tok",
    zipCode: "78737",
    county: "48453",
  });
  expect(within(dialog).getByRole("alert").textContent).toBe("Please choose a county for this ZIP code");
  expect(county.getAttribute("aria-invalid")).toBe("true");

  await act(async () => void fireEvent.click(within(dialog).getByRole("button", { name: "Update Quotes" })));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(refresh).toHaveBeenCalled();
});

describe("carrier strength and rate history (issue #20 point 2)", () => {
  const aetnaHistory = rateHistoryView({
    increases: [{ date: "2026-07-01", pct: 0.077 }],
    from: "2025-01-01",
    to: "2026-11-29",
    fullWindow: false,
    averageAnnualPct: 1.077 ** (365.25 / 697) - 1,
  })!;
  // Aetna is the dearest today (the fourth, so not shown by price) but has the only history.
  const withHistory = () =>
    model(
      {},
      {
        plans: [
          {
            plan: "G",
            label: "Plan G",
            quotes: [
              quote("Beta", 12500, { amBestRating: "A+" }),
              quote("Gamma", 14000),
              quote("Delta", 13000),
              quote("Aetna", 14500, { rateHistory: aetnaHistory, amBestRating: "A" }),
            ],
          },
        ],
        carriers: ["Aetna", "Beta", "Delta", "Gamma"],
      },
    );
  const card = (name: string) => screen.getByRole("heading", { level: 3, name }).closest("li")!;

  test("shows the rating when the source has one, and nothing when it has none", () => {
    render(<CompareQuotesView model={withHistory()} />);
    expect(within(card("Beta")).getByText("A+", { exact: false }).textContent).toBe("AM Best A+");
    expect(within(card("Delta")).queryByText(/AM Best/)).toBeNull();
    expect(within(card("Gamma")).queryByText(/AM Best/)).toBeNull();
  });

  test("no history anywhere: no order control, no history line, no invented figure", () => {
    render(<CompareQuotesView model={model()} />);
    expect(screen.queryByRole("group", { name: "Order" })).toBeNull();
    expect(screen.queryByTestId("rate-history")).toBeNull();
    expect(screen.queryByText(/a year on average/)).toBeNull();
    expect(screen.queryByText(/over 5 years/)).toBeNull();
  });

  test("'Lowest over time' puts the carrier with a history first, says how, and shows the history and the 5-year cost", () => {
    render(<CompareQuotesView model={withHistory()} />);
    expect(cards()).toEqual(["Beta", "Delta", "Gamma"]);
    expect(screen.queryByText(LOWEST_OVER_TIME_EXPLAINED, { exact: false })).toBeNull();
    const order = screen.getByRole("group", { name: "Order" });
    expect(within(order).getByRole("button", { name: "Lowest price" }).getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(within(order).getByRole("button", { name: "Lowest over time" }));
    expect(cards()).toEqual(["Aetna", "Beta", "Delta"]);
    const explained = screen.getByText(LOWEST_OVER_TIME_EXPLAINED, { exact: false });
    expect(explained.textContent).toBe(`${LOWEST_OVER_TIME_EXPLAINED} ${NO_HISTORY_LAST}`);
    expect(within(order).getByRole("button", { name: "Lowest over time" }).getAttribute("aria-describedby")).toBe(
      explained.id,
    );

    const aetna = card("Aetna");
    // first only because the others have no history: not called the lowest
    expect(within(aetna).queryByText(/^Lowest /)).toBeNull();
    expect(within(aetna).getByText("+4.0% a year on average since January 2025")).toBeTruthy();
    expect(within(aetna).getByText("Rate changes: +7.7% in July 2026")).toBeTruthy();
    // the sparkline is decoration; the sentences are its text
    expect(within(aetna).getByTestId("rate-history").querySelector("svg")!.getAttribute("aria-hidden")).toBe("true");
    // 145.00 × 12 × (1 + 1.0396 + 1.0396² + 1.0396³ + 1.0396⁴) = $9,418
    expect(within(aetna).getByText(/^Estimated cost over 5 years: \$9,4\d\d$/)).toBeTruthy();
    // carriers without a history: no line, no 5-year figure
    expect(within(card("Beta")).queryByTestId("rate-history")).toBeNull();
    expect(within(card("Beta")).queryByText(/over 5 years/)).toBeNull();

    fireEvent.click(within(order).getByRole("button", { name: "Lowest price" }));
    expect(cards()).toEqual(["Beta", "Delta", "Gamma"]);
    expect(within(card("Beta")).getByText("Lowest price")).toBeTruthy();
    expect(screen.queryByText(LOWEST_OVER_TIME_EXPLAINED, { exact: false })).toBeNull();
  });

  test("with two histories, the first over time is the 'Lowest 5-year estimate'", () => {
    const gentle = rateHistoryView({ ...aetnaHistory, averageAnnualPct: 0.01 })!;
    const m = withHistory();
    m.comparison.plans[0]!.quotes[1] = quote("Gamma", 14000, { rateHistory: gentle });
    render(<CompareQuotesView model={m} />);
    fireEvent.click(screen.getByRole("button", { name: "Lowest over time" }));
    expect(cards()).toEqual(["Gamma", "Aetna", "Beta"]);
    expect(within(card("Gamma")).getByText("Lowest 5-year estimate")).toBeTruthy();
    expect(within(card("Gamma")).getByText("+1.0% a year on average since January 2025")).toBeTruthy();
  });
});
