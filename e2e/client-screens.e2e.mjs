// Screens and behaviours of #16 point 9: the contacts Welcome tutorial, Contact Details' quote link with
// Copy Link, the self-onboarding ?quoteId= prefill, the welcome email after a self-signup confirms, and
// the Sample Agency's restricted view (banner, refusals, exit).
import { PHONE, confirmSignupFromOutbox, escapeRe, fillSelfOnboarding, signIn, signUpAgency } from "./helpers.mjs";

const ADMIN = "admin@sample-agency.test";
const SAMPLE_BILLING_REFUSAL =
  "The Sample Agency is sample data: its plan cannot be changed and it takes no payments. Create your own agency to choose a plan.";
const stamp = Date.now();
/** A first name no other journey uses, so its emails can be counted. */
const letters = (n) => Array.from(String(n), (d) => "abcdefghij"[Number(d)]).join("");
const WELCOME_NAME = `Wren${letters(stamp).slice(-5)}`;

/** A new agency of its own (its book empty, its tutorial not yet closed), on /contacts: the tutorial dialog. */
async function newAgencyContacts(page, baseUrl, firstName, lastName, phoneDigits) {
  const slug = `${firstName}.${lastName}`.toLowerCase();
  await signUpAgency(page, baseUrl, {
    firstName,
    lastName,
    organizationName: `${firstName} ${lastName} ${stamp}`,
    email: `${slug}.${stamp}@example.com`,
    phoneDigits,
    keepContactsTutorial: true,
  });
  await page.goto(baseUrl + "/contacts");
  const tutorial = page.getByRole("dialog", { name: "Welcome to your contacts" });
  await tutorial.waitFor();
  // The page renders the tutorial on the server; keys work once the script has run and the dialog took focus.
  await page.waitForFunction(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement));
  return tutorial;
}

const activeText = (page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

export const journeys = [
  {
    name: "screens: the contacts Welcome tutorial on an empty book opens Add New Client, closes with Escape and stays closed",
    async run({ page, baseUrl, screenshot, expect }) {
      const tutorial = await newAgencyContacts(page, baseUrl, "Tess", "Tutorial", "5125550131");
      await tutorial.getByText("one at a time or all at once").waitFor();
      await tutorial.getByRole("link", { name: "Download an example file" }).waitFor();
      await screenshot("screens-contacts-tutorial");

      await tutorial.getByRole("button", { name: "Add a Contact" }).click();
      await tutorial.waitFor({ state: "hidden" });
      const form = page.getByRole("dialog", { name: "Add New Client" });
      await form.getByRole("button", { name: "Add Client" }).waitFor();
      await screenshot("screens-contacts-tutorial-add-contact");
      await page.keyboard.press("Escape");
      await form.waitFor({ state: "hidden" });
      expect(
        (await activeText(page)) === "+ Add Contact",
        `focus returns to + Add Contact (on "${await activeText(page)}")`,
      );

      // Closed once is closed for good.
      await page.reload();
      await page.getByRole("heading", { level: 1, name: /^Contacts/ }).waitFor();
      await page.getByRole("button", { name: "+ Add Contact" }).waitFor();
      expect((await tutorial.count()) === 0, "the tutorial does not come back after it was closed");
    },
  },
  {
    name: "screens: the contacts Welcome tutorial closes with Escape and focus goes to + Add Contact",
    async run({ page, baseUrl, expect }) {
      const tutorial = await newAgencyContacts(page, baseUrl, "Esme", "Escape", "5125550132");
      await page.keyboard.press("Escape");
      await tutorial.waitFor({ state: "hidden" });
      expect((await activeText(page)) === "+ Add Contact", `focus on + Add Contact (on "${await activeText(page)}")`);
      await page.reload();
      await page.getByRole("button", { name: "+ Add Contact" }).waitFor();
      expect((await tutorial.count()) === 0, "closed with Escape is closed for good");
    },
  },
  {
    name: "screens: Contact Details generates a quote link, Copy Link copies it; the link prefills the self-onboarding form, nothing else does",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, ADMIN);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
      await page.goto(baseUrl + "/contacts?states=TX");
      const row = page.locator('table a[href^="/contact/"]').nth(3);
      await row.waitFor();
      await row.click();
      await page.getByRole("heading", { name: "Contact Details" }).waitFor();
      const contactId = page.url().split("/contact/")[1].split(/[?#]/)[0];
      const contact = await (await page.request.get(`${baseUrl}/api/contacts/${contactId}`)).json();

      const panel = page.getByRole("region", { name: "Quote Link" });
      await panel.getByRole("button", { name: "Generate quote link" }).click();
      const field = panel.getByLabel("Personal quote link");
      await field.waitFor();
      const url = await field.inputValue();
      expect(/\/compare\?id=[A-Za-z0-9_-]{43}$/.test(url), `a quote link (${url})`);
      expect(!url.includes("@") && !url.includes(contactId), "nothing personal in the link");
      await panel.getByText(/for 90 days/).waitFor();
      await panel.getByRole("button", { name: "Copy Link" }).click();
      await panel.getByRole("button", { name: "Copied" }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied === url, `the clipboard holds the link (${copied})`);
      await screenshot("screens-contact-quote-link");
      await panel.getByRole("button", { name: "Copy Link" }).waitFor({ timeout: 5_000 }); // "Copied" lasts 2 s

      // The link opens the quote page...
      const token = new URL(url).searchParams.get("id");
      // ...and, on the agency's self-onboarding page, fills the form in (signed out, on a phone).
      await page.context().clearCookies();
      await page.setViewportSize(PHONE);
      await page.goto(`${baseUrl}/self-onboarding/sample-agency?quoteId=${encodeURIComponent(token)}`);
      await page.getByRole("heading", { name: "Get Your Personalized Quote" }).waitFor();
      // The form's values are put in when it hydrates (react-hook-form's defaults), after the server's heading shows.
      const firstName = page.getByLabel(/^First Name/);
      await page
        .waitForFunction((el) => el.value !== "", await firstName.elementHandle(), { timeout: 10_000 })
        .catch(() => {});
      expect((await firstName.inputValue()) === contact.firstName, "first name prefilled");
      expect((await page.getByLabel(/^Last Name/).inputValue()) === contact.lastName, "last name prefilled");
      expect((await page.getByLabel(/^Email/).inputValue()) === contact.email, "email prefilled");
      expect(
        !(await page.getByRole("checkbox", { name: /may email me Medicare Supplement quotes/ }).isChecked()),
        "the opt-in is left to the person",
      );
      await screenshot("screens-self-onboarding-prefilled");
      await page.setViewportSize({ width: 320, height: 800 });
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(!sideways, "no sideways scroll at 320px");
      await page.setViewportSize(PHONE);

      // A contact id, a made-up token: an empty form and no error.
      for (const quoteId of [contactId, "A".repeat(43)]) {
        await page.goto(`${baseUrl}/self-onboarding/sample-agency?quoteId=${encodeURIComponent(quoteId)}`);
        await page.getByRole("heading", { name: "Get Your Personalized Quote" }).waitFor();
        expect(
          (await page.getByLabel(/^First Name/).inputValue()) === "" &&
            (await page.getByLabel(/^Email/).inputValue()) === "",
          `empty form for quoteId ${quoteId}`,
        );
        expect((await page.getByRole("alert").filter({ hasText: /\S/ }).count()) === 0, "no error shown");
      }
    },
  },
  {
    name: "screens: a self-signup gets the welcome email once, only after confirming its address",
    async run({ page, baseUrl, screenshot, expect }) {
      const welcomeLinks = async () => {
        await page.goto(baseUrl + "/dev/outbox");
        await page.getByRole("navigation", { name: "Emails" }).waitFor();
        return page
          .getByRole("navigation", { name: "Emails" })
          .getByRole("link", { name: new RegExp(`Welcome to Sample Agency, ${escapeRe(WELCOME_NAME)}: your quotes`) });
      };
      await page.setViewportSize(PHONE);
      await page.goto(baseUrl + "/self-onboarding/sample-agency");
      await page.getByRole("heading", { name: "Get Your Personalized Quote" }).waitFor();
      await fillSelfOnboarding(page, { email: `wren.${stamp}@example.com`, firstName: WELCOME_NAME });
      await page.getByRole("button", { name: "Get My Quote" }).click();
      await page.waitForURL(/\/compare\?id=[A-Za-z0-9_-]{43}$/);
      await page.getByRole("heading", { name: "Personal Quote" }).waitFor();

      // Not before the address is confirmed.
      await page.setViewportSize({ width: 1280, height: 900 });
      expect((await (await welcomeLinks()).count()) === 0, "no welcome email before confirmation");

      const quotes = await confirmSignupFromOutbox(page, baseUrl, WELCOME_NAME);
      const links = await welcomeLinks();
      await links.first().waitFor();
      expect((await links.count()) === 1, `one welcome email (${await links.count()})`);
      const name = (await links.first().textContent()) ?? "";
      expect(
        name.includes("[TEST]") && name.includes(`To ${ADMIN}`),
        `a trial agency's welcome goes to its agent as [TEST] (${name})`,
      );
      await links.first().click();
      const frame = page.frameLocator('iframe[title^="Email:"]');
      const button = frame.getByRole("link", { name: "See your quotes" });
      const href = await button.getAttribute("href");
      expect(
        href.startsWith(`${baseUrl}/compare?id=`) && quotes.endsWith(new URL(href).search),
        `the welcome carries the quote link the confirmation opened (${href} vs ${quotes})`,
      );
      await screenshot("screens-welcome-email");

      // Following the confirmation link again sends nothing more.
      await confirmAgain(page, baseUrl, WELCOME_NAME);
      expect((await (await welcomeLinks()).count()) === 1, "still one welcome email after a second confirmation");
    },
  },
  {
    name: "screens: the Sample Agency's restricted view: banner, billing refused in the page, exit to signup",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, ADMIN);
      await page.goto(baseUrl + "/contacts?search=no-such-contact-anywhere"); // a short page for the picture
      const banner = page.getByRole("note", { name: "Sample data" });
      await banner.getByText("none of its emails reaches a client, and it takes no payments.").waitFor();
      await screenshot("screens-sample-banner");

      // A plan change is refused with the sample message, in the page and in the one error shape.
      await page.goto(baseUrl + "/change-plan");
      await page.getByText("Current plan").waitFor();
      await page.getByRole("button", { name: "Choose Basic" }).click();
      await page.getByText(SAMPLE_BILLING_REFUSAL).waitFor();
      await screenshot("screens-sample-change-plan-refused");
      const put = await page.request.put(`${baseUrl}/api/organizations/sample-agency/subscription`, {
        data: { tierId: "basic", extraAgents: 0, extraContacts: 0 },
      });
      const body = await put.json();
      expect(
        put.status() === 403 && body.error?.code === "forbidden" && body.error?.message === SAMPLE_BILLING_REFUSAL,
        `403 in the error shape (${put.status()} ${JSON.stringify(body)})`,
      );
      const me = await (await page.request.get(baseUrl + "/api/me")).json();
      expect(me.accountStatus.subscriptionTier === "pro", "the plan is unchanged");

      // The exit control: signed out, on the signup page.
      await page.goto(baseUrl + "/contacts");
      await page
        .getByRole("note", { name: "Sample data" })
        .getByRole("link", { name: "Exit and create your own agency" })
        .click();
      await page.waitForURL((u) => u.pathname === "/signup");
      await page.getByRole("heading", { name: "Get Started" }).waitFor();
      const session = await (await page.request.get(baseUrl + "/api/auth/session")).json();
      expect(session.valid !== true, "signed out");
    },
  },
];

/** Follows the newest confirmation email to `firstName` again, pressing its button through the API: "already confirmed". */
async function confirmAgain(page, baseUrl, firstName) {
  await page.goto(baseUrl + "/dev/outbox");
  await page
    .getByRole("navigation", { name: "Emails" })
    .getByRole("link", { name: new RegExp(`${escapeRe(firstName)}, please confirm your email`) })
    .first()
    .click();
  const href = await page
    .frameLocator('iframe[title^="Email:"]')
    .getByRole("link", { name: "Confirm my email" })
    .getAttribute("href");
  const token = new URL(href).pathname.split("/").pop();
  const answer = await page.request.post(baseUrl + "/api/self-service/confirm-email", { data: { token } });
  const body = await answer.json();
  if (body.status !== "already_confirmed")
    throw new Error(`a second confirmation answered ${answer.status()} ${JSON.stringify(body)}`);
}
