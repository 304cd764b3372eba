// The first hour, what clients see (issue #18 points 9, 15–18): the favicon and /demo on any host; the
// self-onboarding form names each empty field and does not require the quote-emails opt-in; the compare page's tab
// is the agency's name and its cards name the brand with one household line; the eligibility page shows the
// agency's number and says why Next is disabled; Send Quote in a trial says the email went to your own address and
// Email Activity shows it without a reload, in a white-label email.
import { expectAccessibleConsumerPage } from "./a11y.mjs";
import { fillSelfOnboarding, sendQuoteFromContact, signIn } from "./helpers.mjs";

const PHONE = { width: 390, height: 844 };

export const journeys = [
  {
    name: "first hour, clients: favicon, /demo, self-onboarding errors and optional opt-in, compare, eligibility",
    async run({ page, baseUrl, screenshot, expect }) {
      // /favicon.ico answers with an icon; /demo stays on the host it was asked on (a relative Location).
      const icon = await page.request.get(baseUrl + "/favicon.ico");
      expect(icon.status() === 200, `/favicon.ico answered ${icon.status()}`);
      expect(/^image\//.test(icon.headers()["content-type"] ?? ""), `icon type ${icon.headers()["content-type"]}`);
      const demo = await page.request.get(baseUrl + "/demo", { maxRedirects: 0 });
      expect(demo.status() === 307, `/demo answered ${demo.status()}`);
      expect(demo.headers().location === "/compare?demo=true", `/demo goes to ${demo.headers().location}`);

      // Self-onboarding: each empty field says what it needs.
      await page.setViewportSize(PHONE);
      await page.goto(baseUrl + "/self-onboarding/sample-agency");
      await page.getByRole("heading", { name: "Get Your Personalized Quote" }).waitFor();
      await page.getByRole("button", { name: "Get My Quote" }).click();
      await page.getByRole("alert").filter({ hasText: "Please fill out all required fields." }).waitFor();
      for (const text of [
        "Please enter your first name",
        "Please enter your email address",
        "Please choose your gender",
      ])
        await page.getByText(text, { exact: true }).waitFor();
      await screenshot("first-hour-self-onboarding-errors");

      // The opt-in is optional: left unticked, the quote still comes.
      await fillSelfOnboarding(page, { email: `no.optin.${Date.now()}@example.com` });
      await page.getByRole("checkbox", { name: /may email me Medicare Supplement quotes/ }).uncheck();
      await page.getByText("Optional: you get your quote either way.").waitFor();
      await page.getByRole("button", { name: "Get My Quote" }).click();
      await page.waitForURL(/\/compare\?id=[A-Za-z0-9_-]{43}$/);
      await page.getByRole("heading", { name: "Personal Quote" }).waitFor();
      const token = new URL(page.url()).searchParams.get("id");

      // The tab is the agency's name; cards are titled by brand; one household line per card, in cents.
      await page.waitForFunction(() => document.title.trim() !== "");
      expect((await page.title()) === "Sample Agency", `tab title ${await page.title()}`);
      await page.getByRole("switch", { name: "Household discount" }).check();
      const cards = page.getByRole("list", { name: /quotes$/ }).getByRole("listitem");
      await cards.first().waitFor();
      for (const text of await cards.allInnerTexts()) {
        expect(
          !(/a month off/.test(text) && /has no household discount/.test(text)),
          `one household line per card: ${text.replace(/\s+/g, " ")}`,
        );
        expect(!/Discount: \$\d+ a month/.test(text), `no rounded dollars: ${text.replace(/\s+/g, " ")}`);
      }
      await screenshot("first-hour-compare-household");
      await expectAccessibleConsumerPage(page, "compare, household on (first hour)", expect);

      // Eligibility: the agency's number, and why Next is disabled.
      await page.goto(`${baseUrl}/eligibility?id=${token}&orgId=sample-agency`);
      await page.getByRole("heading", { level: 1, name: "Underwriting Assessment" }).waitFor();
      await page.getByText(/Questions\? Call Sample Agency at/).waitFor();
      const call = page.getByRole("link", { name: /^\(\d{3}\) \d{3}-\d{4}$/ });
      expect(/^tel:\+1\d{10}$/.test((await call.getAttribute("href")) ?? ""), "the number is a call link");
      const next = page.getByRole("button", { name: "Next" });
      expect(await next.isDisabled(), "Next starts disabled");
      await page.getByText("To continue, answer all 7 questions.").waitFor();
      await screenshot("first-hour-eligibility");
      await expectAccessibleConsumerPage(page, "eligibility (first hour)", expect);
    },
  },
  {
    name: "first hour, clients: Send Quote in a trial says where the email went and Email Activity shows it at once",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, "admin@sample-agency.test");
      await page.waitForURL(baseUrl + "/contacts");
      await page.goto(baseUrl + "/contacts?states=TX");
      const contact = page.locator('table a[href^="/contact/"]').nth(2);
      await contact.waitFor();
      await contact.click();
      await page.getByRole("heading", { name: "Contact Details" }).waitFor();
      const activity = page.getByRole("region", { name: "Email Activity" });
      const before = await activity.getByRole("row").count();
      await sendQuoteFromContact(page);
      await page
        .getByRole("status")
        .filter({ hasText: "Quote email sent to your address (trial: nothing reaches clients until you go live)" })
        .waitFor();
      // No reload: the table gains the Quote Email row.
      await activity.getByRole("cell", { name: "Quote Email" }).first().waitFor();
      const after = await activity.getByRole("row").count();
      expect(after > before, `Email Activity rows ${before} → ${after}`);
      await screenshot("first-hour-send-quote-trial");

      // The email is white-label: nothing of the platform in its footer.
      await page.goto(baseUrl + "/dev/outbox");
      await page
        .getByRole("link", { name: /\[TEST\].*personalized Medicare Supplement quotes/ })
        .first()
        .click();
      const frame = page.frameLocator('iframe[title^="Email:"]');
      await frame.getByRole("link", { name: "See your personalized quotes" }).waitFor();
      const footer = await frame.locator("[data-email-footer]").innerText();
      expect(!/Sent with/.test(footer), `white-label footer: ${footer}`);
      await screenshot("first-hour-quote-email");
    },
  },
];
