// Schedule page, callback requests, landing, thanks and the demo scheduling page. A contact's quote link
// (sent from their page, as in quotes.e2e.mjs) opens /schedule on a phone; the contact asks for a
// callback; the agency sees it on the contact's page and the agent got an email.
import { escapeRe, signIn, sendQuoteFromContact } from "./helpers.mjs";

const ADMIN = "admin@sample-agency.test";
// The Assigned Agent shown on the contact page → who is notified ("Default" is the default agent, the admin).
const AGENT_EMAILS = {
  "Sam Sample": ADMIN,
  "Alex Rivera": "alex@sample-agency.test",
  "Jordan Lee": "jordan@sample-agency.test",
  Default: ADMIN,
};
const PHONE = { width: 390, height: 844 };

export const journeys = [
  {
    name: "schedule page: request a callback on a phone, then the agency sees it and the agent is emailed",
    async run({ page, baseUrl, screenshot, expect }) {
      // A quote link for a seeded contact (not the TX contact quotes.e2e.mjs uses: one quote email a day each)
      await signIn(page, baseUrl, ADMIN);
      await page.waitForURL(baseUrl + "/contacts");
      await page.goto(baseUrl + "/contacts?states=FL");
      const firstContact = page.locator('table a[href^="/contact/"]').first();
      await firstContact.waitFor();
      const contactName = (await firstContact.locator("span").last().innerText()).trim();
      const firstName = contactName.split(/\s+/)[0];
      await firstContact.click();
      await page.getByRole("heading", { name: "Contact Details" }).waitFor();
      const contactUrl = page.url();
      const assigned = (
        await page
          .locator("dt", { hasText: /^Assigned Agent$/ })
          .locator("xpath=following-sibling::dd[1]")
          .innerText()
      ).trim();
      const agentEmail = AGENT_EMAILS[assigned];
      expect(agentEmail, `a known agent for "${assigned}"`);
      await sendQuoteFromContact(page);
      await page.goto(baseUrl + "/dev/outbox");
      await page
        .getByRole("link", {
          name: new RegExp(`\\[TEST\\] ${escapeRe(firstName)}, your personalized Medicare Supplement quotes`),
        })
        .first()
        .click();
      const quoteHref = await page
        .frameLocator('iframe[title^="Email:"]')
        .getByRole("link", { name: "See your personalized quotes" })
        .getAttribute("href");
      const token = new URL(quoteHref).searchParams.get("id");
      expect(token && token.length === 43, `a quote token in ${quoteHref}`);

      // The contact, on a phone and without a session, passed the health questions
      await page.context().clearCookies();
      await page.setViewportSize(PHONE);
      await page.goto(`${baseUrl}/schedule?id=${token}&status=accept`);
      await page.getByRole("heading", { level: 1, name: "Good News!" }).waitFor();
      expect((await page.title()) === "Good News!", `title ${await page.title()}`);
      await page.getByText("Select an Option Below").waitFor();
      // The sample agency speaks as itself (forceOrgSenderDetails): its calendar and its number
      const calendar = page.getByRole("link", { name: "Schedule a Call" });
      expect(
        (await calendar.getAttribute("href")) === "https://www.example.com/book/sample-agency",
        "the organization's booking URL",
      );
      expect(
        (await page.getByRole("link", { name: "Call Now: (512) 555-0100" }).getAttribute("href")) ===
          "tel:+15125550100",
        "the organization's phone",
      );
      await screenshot("schedule-accept-phone");

      await page.getByRole("button", { name: "Request a Callback" }).click();
      const form = page.getByRole("form", { name: "Request a Callback" });
      expect((await form.getByLabel("Name").inputValue()) === contactName, `name prefilled with ${contactName}`);
      await form.getByLabel("Phone").fill("(512) 555-0142");
      await form.getByLabel(/Message/).fill("Please call after 3pm (e2e)");
      await screenshot("schedule-callback-form-phone");
      await form.getByRole("button", { name: "Request Callback" }).click();
      await page.getByRole("heading", { level: 1, name: "Thank You" }).waitFor();
      await page.getByText("Sample Agency will call you back soon.").waitFor();
      const help = await page.getByRole("link", { name: "Help someone else get started" }).getAttribute("href");
      expect(help.startsWith("/self-onboarding/sample-agency?agentId="), `referral link ${help}`);
      expect(!page.url().includes("@"), "no email address in the URL");
      await screenshot("schedule-thank-you-phone");

      // Failed the health questions: the Medicare Advantage page; a generic link by the agency's slug
      await page.goto(`${baseUrl}/schedule?id=${token}&status=decline`);
      await page.getByRole("heading", { level: 1, name: "Here are some options..." }).waitFor();
      expect((await page.title()) === "Medicare Advantage Follow-up", `title ${await page.title()}`);
      await screenshot("schedule-decline-phone");
      await page.goto(`${baseUrl}/schedule?org=sample-agency`);
      await page.getByRole("heading", { level: 1, name: "Let's Connect" }).waitFor();
      // A link to a made-up quote goes to the error page
      await page.goto(`${baseUrl}/schedule?id=${"A".repeat(43)}&status=accept`);
      await page.getByText("Quote not found or expired. Please try again or contact support.").waitFor();

      // The landing and thanks pages of the same link
      await page.goto(`${baseUrl}/landing?id=${token}`);
      await page.getByRole("heading", { level: 1, name: `Hi ${firstName}, your quotes are ready` }).waitFor();
      expect(
        (await page.getByRole("link", { name: "View Your Quotes" }).getAttribute("href")) === `/compare?id=${token}`,
        "landing links to the quotes",
      );
      await screenshot("landing-phone");
      await page.goto(`${baseUrl}/landing`);
      await page.waitForURL(/\/error\?message=/);
      await page.getByText("Missing or invalid quote ID").waitFor();
      await page.goto(`${baseUrl}/thanks?id=${token}`);
      await page.getByRole("heading", { level: 1, name: "Thanks for checking it out." }).waitFor();
      expect(
        (await page.getByRole("link", { name: "click here" }).getAttribute("href")) === `/compare/${token}`,
        "thanks links to the quote",
      );
      expect(
        (await page.getByRole("link", { name: "Go to the homepage" }).getAttribute("href")) === "/",
        "thanks links home",
      );
      await screenshot("thanks-phone");

      // The agency: the request is on the contact's page
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, baseUrl, ADMIN);
      await page.goto(contactUrl);
      const followUps = page.getByRole("region", { name: "Follow-up Requests" });
      await followUps.getByText("Please call after 3pm (e2e)").waitFor();
      await followUps.getByText("Accepted quote").first().waitFor();
      await followUps
        .getByText(/Call back .* at/)
        .first()
        .waitFor();
      await page
        .locator("dt", { hasText: /^Status$/ })
        .locator("xpath=following-sibling::dd[1]")
        .getByText("Requested a follow-up", { exact: true })
        .waitFor();
      await screenshot("contact-callback-request");

      // ...and the agent has an email with the details and a link to the contact
      await page.goto(baseUrl + "/dev/outbox");
      await page
        .getByRole("link", {
          name: new RegExp(`Callback request from ${escapeRe(contactName)}.*To ${escapeRe(agentEmail)}`),
        })
        .first()
        .click();
      const email = page.frameLocator('iframe[title^="Email:"]');
      await email.getByText("(512) 555-0142").waitFor();
      await email.getByText("Please call after 3pm (e2e)").waitFor();
      const view = await email.getByRole("link", { name: "View contact" }).getAttribute("href");
      expect(view === contactUrl, `email links to ${view}, the contact is ${contactUrl}`);
      await screenshot("callback-email");
    },
  },
  {
    name: "schedule a demo and the thanks page",
    async run({ page, baseUrl, screenshot, expect }) {
      await page.setViewportSize(PHONE);
      await page.goto(baseUrl + "/schedule-main");
      await page.getByRole("heading", { level: 1, name: "Schedule a Demo" }).waitFor();
      expect((await page.title()) === "Schedule a Demo - Gapwise", `title ${await page.title()}`);
      const link = page.getByRole("link", { name: "Schedule a Demo Call" });
      const href = await link.getAttribute("href");
      expect(/^(https?:|mailto:)/.test(href), `an external booking URL: ${href}`);
      await screenshot("schedule-main-phone");
      // Don't follow it (an external site or a mail client): the page only needs the click.
      await link.evaluate((a) => a.addEventListener("click", (event) => event.preventDefault()));
      await link.click();
      await page.getByRole("heading", { name: "Thank You" }).waitFor();
      await screenshot("schedule-main-thank-you-phone");

      await page.goto(baseUrl + "/thanks");
      await page.getByRole("heading", { level: 1, name: "Thanks for checking it out." }).waitFor();
      expect((await page.getByRole("link", { name: "click here" }).count()) === 0, "no quote link without an id");
    },
  },
];
