import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { CompareTwoPeople } from "@/components/quotes/compare-two-people";
import { compareModel } from "@/components/quotes/compare-test-model";
import { HOUSEHOLD_DEFAULT_REASON, TWO_PEOPLE_INTRO } from "@/lib/quotes/compare-texts";

const push = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: jest.fn(), refresh: jest.fn() }),
  useSearchParams: () => new URLSearchParams("id=ann-token"),
}));

beforeEach(() => {
  jest.clearAllMocks();
  global.fetch = jest
    .fn()
    .mockResolvedValue({ ok: true, json: async () => ({ success: true }) }) as unknown as typeof fetch;
});

/** A household email's link (docs/households.md "One link for two"): Ann's own model, and Ben's with his own token. */
const person = (name: string, token: string, opened: boolean, age: number) =>
  compareModel(
    {
      firstName: name,
      householdPaired: true,
      quoteId: token,
      tid: opened ? "quote-tid" : null,
      nextUrl: `/eligibility?id=${token}&orgId=org-1`,
      advantageUrl: `/schedule?id=${token}&orgId=org-1&status=decline`,
      person: { heading: `${name}'s quotes`, opened },
    },
    { age },
  );

const renderPair = () =>
  render(
    <CompareTwoPeople
      lead={person("Ann", "ann-token", true, 70)}
      partner={person("Ben", "ben-token", false, 74)}
      intro={TWO_PEOPLE_INTRO}
    />,
  );

const sections = () => [
  screen.getByRole("region", { name: "Ann's quotes" }),
  screen.getByRole("region", { name: "Ben's quotes" }),
];

test("two people: one title and header, a section per person under their own heading, a choice of person on a phone, ids not shared", () => {
  const { container } = renderPair();
  expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Personal Quotes"]);
  expect(screen.getByText(TWO_PEOPLE_INTRO)).toBeTruthy();
  expect(screen.getAllByRole("main")).toHaveLength(1);
  expect(container.querySelectorAll("header")).toHaveLength(1);

  const [ann, ben] = sections();
  expect(within(ann!).getByRole("heading", { level: 2, name: "Ann's quotes" })).toBeTruthy();
  expect(within(ben!).getByRole("heading", { level: 2, name: "Ben's quotes" })).toBeTruthy();
  expect(within(ann!).getByText("70, female, non-tobacco")).toBeTruthy();
  expect(within(ben!).getByText("74, female, non-tobacco")).toBeTruthy();

  // On a phone "Whose quotes" shows one person at a time (CSS on the checked radio); from lg both stand side by side.
  const group = screen.getByRole("group", { name: "Whose quotes" });
  const radios = within(group).getAllByRole<HTMLInputElement>("radio");
  expect(radios.map((r) => [r.labels?.[0]?.textContent, r.checked])).toEqual([
    ["Ann's quotes", true],
    ["Ben's quotes", false],
  ]);
  expect(radios.every((r) => r.labels?.[0]?.className.includes("min-h-11"))).toBe(true);
  expect(group.className).toContain("lg:hidden");
  expect(ann!.className).toContain(`max-lg:group-has-[#${radios[1]!.id}:checked]/people:hidden`);
  expect(ben!.className.split(" ")).toEqual(
    expect.arrayContaining(["max-lg:hidden", `max-lg:group-has-[#${radios[1]!.id}:checked]/people:block`]),
  );
  fireEvent.click(within(group).getByLabelText("Ben's quotes"));
  expect([radios[0]!.checked, radios[1]!.checked]).toEqual([false, true]);

  // Each person's household default is on, and each view's ids are its own.
  const reasons = screen.getAllByText(HOUSEHOLD_DEFAULT_REASON);
  expect(reasons).toHaveLength(2);
  const ids = [...container.querySelectorAll("[id]")].map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const toggle of screen.getAllByRole<HTMLInputElement>("switch", { name: "Household discount" })) {
    expect(toggle.checked).toBe(true);
    expect(ids).toContain(toggle.getAttribute("aria-describedby"));
  }
});

test("each person's qualify and Medicare Advantage links carry that person's own token; only the opened link reports a view", async () => {
  renderPair();
  const [ann, ben] = sections();
  fireEvent.click(within(ben!).getByRole("button", { name: "Select Beta Plan G" }));
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  expect(push).toHaveBeenLastCalledWith("/eligibility?id=ben-token&orgId=org-1&planType=G");
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  fireEvent.click(within(ann!).getByRole("button", { name: "Select Beta Plan G" }));
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  expect(push).toHaveBeenLastCalledWith("/eligibility?id=ann-token&orgId=org-1&planType=G");
  expect(within(ann!).getByRole("link", { name: "Explore Options" }).getAttribute("href")).toContain("id=ann-token");
  expect(within(ben!).getByRole("link", { name: "Explore Options" }).getAttribute("href")).toContain("id=ben-token");

  await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(1));
  const [, init] = (global.fetch as jest.Mock).mock.calls[0]!;
  expect(JSON.parse(init.body)).toMatchObject({ quoteId: "ann-token", tid: "quote-tid" });
});
