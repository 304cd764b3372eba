// The compare page's rate history (issue #20 point 2, docs/architecture.md "Rate history and carrier strength"): an
// admin adds a Texas contact and makes their quote link; the visitor, on a phone, sees the order control, chooses
// "Lowest over time" and sees Aetna first (the sample book's one carrier with two Texas filings: 2025-01-01 and
// 2026-07-01), its history line and rate change, the 5-year estimate and the sentence saying how the order is
// computed, and no "Lowest …" label on it (it is first only because the others have no history); the page passes the consumer-page checks; "Lowest price" takes the sentence away. The sample book has no
// AM Best ratings, so no card shows one. The contact is deleted at the end.
import { expectAccessibleConsumerPage } from "./a11y.mjs";
import { compareUrlFor, createContactViaApi, PHONE, signIn } from "./helpers.mjs";

const ADMIN = "admin@sample-agency.test";
const EXPLAINED =
  "We add up five years of payments: the first year at today's price, then each year higher by the carrier's average yearly increase shown on its card (not counting increases as you get older). Carriers without a rate history come after, in order of today's price.";

export const journeys = [
  {
    name: "compare-history: a Texas quote link shows Aetna's rate history and ranks it first by 'Lowest over time', saying how",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, ADMIN);
      const contact = await createContactViaApi(page, baseUrl, expect, {
        firstName: "Hazelhistory",
        lastName: "Historyjourney",
        email: `hazel.history.${Date.now()}@example.test`,
        birthDate: "1956-03-15",
      });
      try {
        const url = await compareUrlFor(page, baseUrl, expect, contact.id);

        await page.context().clearCookies();
        await page.setViewportSize(PHONE);
        await page.goto(url);
        const order = page.getByRole("group", { name: "Order" });
        const byPrice = order.getByRole("button", { name: "Lowest price" });
        const overTime = order.getByRole("button", { name: "Lowest over time" });
        await byPrice.waitFor();
        // The sample book's prices, and so its history, stay labelled as sample data.
        await page.getByText("Sample prices: these rates are illustrative sample data", { exact: false }).waitFor();
        expect((await byPrice.getAttribute("aria-pressed")) === "true", "today's price is the first order");
        expect((await page.getByText(EXPLAINED).count()) === 0, "no explanation until 'Lowest over time' is chosen");
        expect((await page.getByText(/^AM Best /).count()) === 0, "the sample book has no ratings: none shown");

        await overTime.click();
        expect((await overTime.getAttribute("aria-pressed")) === "true", "'Lowest over time' chosen");
        await page.getByText(EXPLAINED).waitFor();
        const cards = page.getByRole("list", { name: "Plan G quotes" }).getByRole("listitem");
        const first = cards.first();
        expect((await first.getByRole("heading", { level: 3 }).innerText()).trim() === "Aetna", "Aetna is first");
        // First only because the others have no history: the card is not called the lowest.
        expect((await first.getByText(/^Lowest /).count()) === 0, "no 'Lowest …' label on Aetna");
        const average = (await first.getByText(/ a year on average /).innerText()).trim();
        expect(/^\+\d+\.\d% a year on average (since January 2025|over the last 3 years)$/.test(average), average);
        await first.getByText("Rate changes: +7.7% in July 2026").waitFor();
        await first.getByText(/^Estimated cost over 5 years: \$\d{1,3}(,\d{3})*$/).waitFor();
        // The others have no history in the sample book: no line, no estimate.
        expect((await page.getByTestId("rate-history").count()) === 1, "one history line: Aetna's");
        expect((await page.getByText(/^Estimated cost over 5 years/).count()) === 1, "one 5-year estimate");
        await screenshot("compare-history-over-time-phone");
        await expectAccessibleConsumerPage(page, "compare, lowest over time (phone)", expect);
        await page.setViewportSize(PHONE);
        await screenshot("compare-history-over-time-phone-after-checks");

        await byPrice.click();
        await page.getByText(EXPLAINED).waitFor({ state: "detached" });
        expect((await byPrice.getAttribute("aria-pressed")) === "true", "back to today's price");
        const firstName = (await cards.first().getByRole("heading", { level: 3 }).innerText()).trim();
        await cards.first().getByText("Lowest price", { exact: true }).waitFor();
        expect(firstName.length > 0, "a first card by price");
      } finally {
        await signIn(page, baseUrl, ADMIN);
        await page.request.delete(`${baseUrl}/api/contacts/${contact.id}`);
      }
    },
  },
];
