import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { CompareQuotesView } from "@/components/quotes/compare-quotes-view";
import { compareModel } from "@/components/quotes/compare-test-model";

/**
 * The form dialogs' code (start date, location) is fetched when one opens (compare-quotes-view.tsx). When that
 * fetch fails (a phone that lost its connection), the reader is told so in the dialog, which still closes, and
 * the page keeps working; nothing throws to the error page. Its own file: the module is mocked to fail to load.
 */
jest.mock("@/components/quotes/compare-form-dialogs", () => {
  throw new Error("Failed to load chunk");
});
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
  useSearchParams: () => new URLSearchParams("id=tok"),
}));

beforeEach(() => {
  global.fetch = jest
    .fn()
    .mockResolvedValue({ ok: true, json: async () => ({ success: true }) }) as unknown as typeof fetch;
});

test("a form dialog whose code cannot be fetched says so and closes; the next Change tries again", async () => {
  render(<CompareQuotesView model={compareModel()} />);
  await act(async () => void fireEvent.click(screen.getAllByRole("button", { name: "Change" })[0]!));
  const dialog = await screen.findByRole("dialog", { name: "Where do you live?" });
  expect((await within(dialog).findByRole("alert")).textContent).toMatch(/could not load/);
  expect(within(dialog).queryByLabelText("ZIP Code")).toBeNull();
  fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(screen.getByRole("heading", { name: "Personal Quote" })).toBeTruthy();

  await act(async () => void fireEvent.click(screen.getAllByRole("button", { name: "Change" })[1]!));
  const dateDialog = await screen.findByRole("dialog", { name: "Coverage start date" });
  expect((await within(dateDialog).findByRole("alert")).textContent).toMatch(/could not load/);
  fireEvent.keyDown(document, { key: "Escape" });
  expect(screen.queryByRole("dialog")).toBeNull();
});
