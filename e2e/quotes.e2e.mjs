// Quotes, first slice: an agent sends a quote from a contact's page; in trial it reaches the agent's own
// inbox marked [TEST]; its link opens the public compare page with (sample) prices, on a phone.
import { signIn, sendQuoteFromContact } from "./helpers.mjs";

export const journeys = [
  {
    name: "send a quote from a contact's page and open it on a phone",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, "admin@sample-agency.test");
      await page.waitForURL(baseUrl + "/contacts");
      await page.goto(baseUrl + "/contacts?states=TX");
      const firstContact = page.locator('table a[href^="/contact/"]').first();
      await firstContact.waitFor();
      const name = (await firstContact.innerText()).trim();
      await firstContact.click();
      await page.getByRole("heading", { name: "Contact Details" }).waitFor();
      await sendQuoteFromContact(page);
      await screenshot("quote-sent");

      // Trial: the email went to the agent, marked [TEST]
      await page.goto(baseUrl + "/dev/outbox");
      await page
        .getByRole("link", { name: /\[TEST\].*personalized Medicare Supplement quotes/ })
        .first()
        .click();
      const frame = page.frameLocator('iframe[title^="Email:"]');
      const href = await frame.getByRole("link", { name: "See your personalized quotes" }).getAttribute("href");
      expect(href.startsWith(`${baseUrl}/compare?id=`), `quote link ${href}`);
      expect(!href.includes("@"), "no email address in the quote link");

      // The consumer opens it on a phone, without a session
      await page.context().clearCookies();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(href);
      await page.getByRole("heading", { name: "Personal Quote" }).waitFor();
      await page
        .getByText("Sample prices: these rates are illustrative sample data, not real carrier prices.")
        .waitFor();
      const prices = page.getByText(/\$\d+\.\d{2}\/mo/);
      await prices.first().waitFor();
      const count = await prices.count();
      expect(
        count >= 1 && count <= 6,
        `shows up to 3 plans (standard and household prices), saw ${count} prices for ${name}`,
      );
      await screenshot("compare-phone");

      // A tampered link is refused
      await page.goto(href.slice(0, -2) + (href.endsWith("AA") ? "BB" : "AA"));
      await page.getByText("Quote not found or expired. Please try again or contact support.").waitFor();

      // /quote with a link that cannot be loaded: the agency's manual form, saying why it is empty
      await page.goto(`${baseUrl}/quote?id=${"A".repeat(43)}&orgId=sample-agency`);
      await page.getByRole("heading", { level: 1, name: "Get Your Quote" }).waitFor();
      await page
        .getByRole("note")
        .getByText("We couldn't load your saved details. Enter them below to see your quotes.")
        .waitFor();
      await page.goto(`${baseUrl}/quote?orgId=sample-agency`);
      await page.getByRole("heading", { level: 1, name: "Get Your Quote" }).waitFor();
      expect((await page.getByRole("note").count()) === 0, "no fallback note without a link");
    },
  },
];
