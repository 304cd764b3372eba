// The law: every consumer email carries an unsubscribe link. An agent sends a quote (trial: it reaches
// the agent's own inbox); the footer's Unsubscribe link opens a branded confirmation page on a phone;
// confirming unsubscribes the contact, and the link then says so on every visit.
import { signIn, sendQuoteFromContact } from "./helpers.mjs";

export const journeys = [
  {
    name: "unsubscribe from a quote email's footer link on a phone",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, "admin@sample-agency.test");
      await page.waitForURL(baseUrl + "/contacts");
      await page.goto(baseUrl + "/contacts?states=TX");
      // Not the first TX contact: the quotes journey sends to that one.
      const contactLink = page.locator('table a[href^="/contact/"]').nth(1);
      await contactLink.waitFor();
      await contactLink.click();
      await page.getByRole("heading", { name: "Contact Details" }).waitFor();
      await sendQuoteFromContact(page);

      await page.goto(baseUrl + "/dev/outbox");
      await page
        .getByRole("link", { name: /\[TEST\].*personalized Medicare Supplement quotes/ })
        .first()
        .click();
      const frame = page.frameLocator('iframe[title^="Email:"]');
      const href = await frame.getByRole("link", { name: "Unsubscribe" }).getAttribute("href");
      expect(href.startsWith(`${baseUrl}/unsubscribe?t=`), `unsubscribe link ${href}`);
      expect(!href.includes("@"), "no email address in the unsubscribe link");

      // The contact opens it on a phone, without a session
      await page.context().clearCookies();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(href);
      await page.getByRole("heading", { name: "Unsubscribe" }).waitFor();
      await page.getByText(/Stop emails from Sample Agency/).waitFor();
      await screenshot("unsubscribe-confirm-phone");
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await page.getByRole("heading", { name: "You have been unsubscribed." }).waitFor();
      await screenshot("unsubscribe-done-phone");

      // The link remembers: a second visit says it is done
      await page.goto(href);
      await page.getByRole("heading", { name: "You have been unsubscribed." }).waitFor();

      // A tampered link is refused
      await page.goto(href.slice(0, -2) + (href.endsWith("AA") ? "BB" : "AA"));
      await page
        .getByText("This unsubscribe link is not valid. Please use the link from your most recent email.")
        .waitFor();
    },
  },
];
