// A preview deployment, as a reviewer meets it (run.mjs with E2E_PREVIEW_DATABASE_URL: APP_ENV=preview on
// PostgreSQL, built by `npm run build:deploy` and served by `next start`): the banner on every page, the outbox
// closed without the key, opened by /dev/access, and an email to a real consumer held there, marked [PREVIEW].
import { escapeRe, signIn, sendQuoteFromContact } from "./helpers.mjs";

const BANNER = /Preview: a test copy of .* for review/;

export const journeys = [
  {
    name: "preview: banner, outbox behind the key, a consumer's quote email held as [PREVIEW]",
    mode: "preview",
    async run({ page, baseUrl, outboxKey, screenshot, expect }) {
      // --- the banner, on the public home page
      await page.goto(baseUrl + "/");
      await page.getByRole("note", { name: "Preview deployment" }).getByText(BANNER).waitFor();
      await screenshot("preview-home-banner");

      // --- the outbox and the dev calls do not exist for a stranger
      const closed = await page.goto(baseUrl + "/dev/outbox");
      expect(closed.status() === 404, `/dev/outbox without the key answers 404 (got ${closed.status()})`);
      await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
      const devCall = await page.request.post(baseUrl + "/api/dev/outreach/run", { data: { sendNext: 1 } });
      expect(devCall.status() === 404, `/api/dev/outreach/run without the key answers 404 (got ${devCall.status()})`);

      // --- the key opens it; a wrong one does not
      await page.goto(baseUrl + "/dev/access");
      await page.getByRole("heading", { name: "Outbox access" }).waitFor();
      await page.getByLabel("Access key").fill("not-the-key-not-the-key-not-the-key");
      await page.getByRole("button", { name: "Open the outbox" }).click();
      await page.getByRole("alert").getByText("That key does not open the outbox.").waitFor();
      await page.getByLabel("Access key").fill(outboxKey);
      await page.getByRole("button", { name: "Open the outbox" }).click();
      await page.waitForURL(baseUrl + "/dev/outbox");
      await page
        .getByText("Emails this preview sent, newest first, all marked [PREVIEW]. None reached a client.")
        .waitFor();
      // The build seeded the sample agency; its welcome email is here, marked.
      await page
        .getByRole("link", { name: /\[PREVIEW\] Your sample agency is ready/ })
        .first()
        .waitFor();
      await screenshot("preview-outbox");

      // --- the sample agency's admin signs in through the outbox, goes live, and sends a quote to a client
      await signIn(page, baseUrl, "admin@sample-agency.test");
      await page.getByRole("note", { name: "Preview deployment" }).waitFor();
      await page.goto(baseUrl + "/contacts");
      await page.getByRole("button", { name: "Go Live Now" }).click();
      const confirm = page.getByRole("dialog", { name: "Go live now?" });
      await confirm.getByRole("button", { name: "Yes, go live" }).click();
      await confirm.waitFor({ state: "hidden" });

      await page.goto(baseUrl + "/contacts?states=TX");
      const firstContact = page.locator('table a[href^="/contact/"]').first();
      await firstContact.waitFor();
      await firstContact.click();
      await page.getByRole("heading", { name: "Contact Details" }).waitFor();
      const contactId = page.url().split("/contact/")[1].split(/[?#]/)[0];
      const { email } = await (await page.request.get(`${baseUrl}/api/contacts/${contactId}`)).json();
      expect(
        email && !email.endsWith("@sample-agency.test"),
        `the contact has a consumer address of their own (${email})`,
      );
      await sendQuoteFromContact(page);
      await screenshot("preview-contact-quote-sent");

      // --- the consumer's email is in the outbox, addressed to them, marked [PREVIEW], and went nowhere
      await page.goto(baseUrl + "/dev/outbox");
      const held = page.getByRole("link", {
        name: new RegExp(`\\[PREVIEW\\].*personalized Medicare Supplement quotes.*To ${escapeRe(email)}`),
      });
      await held.first().click();
      const subject = (await page.getByTestId("outbox-subject").textContent())?.trim() ?? "";
      expect(
        subject.startsWith("[PREVIEW] ") && !subject.includes("[TEST]"),
        `a live agency's email to a client, held and marked (${subject})`,
      );
      await screenshot("preview-consumer-email-held");
    },
  },
];
