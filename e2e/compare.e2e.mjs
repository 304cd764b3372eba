// The quote journey on a phone, end to end: a seeded contact's quote email (sent from their page, read
// in /dev/outbox) → the compare page shows up to 3 plans per type with the sample-price label → change
// county (a ZIP with several counties) and effective date → household toggle → select a plan → the
// qualify explanation → health questions, all No → the accept schedule page → request a callback →
// the callback on the contact's page. A second contact answers a Yes and lands on the decline page.
// Plus the demo and /error.
import { escapeRe, signIn, sendQuoteFromContact } from "./helpers.mjs";

const PHONE = { width: 390, height: 844 };
const QUESTIONS = [
  "Heart Health",
  "Lung Health",
  "Cancer History",
  "Diabetes with Complications",
  "Memory or Cognitive Health",
  "Recent and Current Hospitalizations",
  "Current Hospitalization or Medical Test",
];
const answer = (page, title, value) =>
  page
    .getByRole("region", { name: title })
    .getByRole("group")
    .first()
    .getByRole("button", { name: value, exact: true });

/** Sends a seeded contact (the nth of a state) a quote from their page and returns the link in the email. */
async function quoteEmailLink(page, baseUrl, state, nth, expect) {
  await signIn(page, baseUrl, "admin@sample-agency.test");
  await page.goto(`${baseUrl}/contacts?states=${state}`);
  const row = page.locator('table a[href^="/contact/"]').nth(nth);
  await row.waitFor();
  const contactPath = await row.getAttribute("href");
  const name = (await row.locator("span").last().innerText()).trim();
  await row.click();
  await page.getByRole("heading", { name: "Contact Details" }).waitFor();
  await sendQuoteFromContact(page);
  await page.goto(baseUrl + "/dev/outbox");
  await page
    .getByRole("link", { name: new RegExp(`\\[TEST\\] ${escapeRe(name.split(/\s+/)[0])}, your personalized`) })
    .first()
    .click();
  const href = await page
    .frameLocator('iframe[title^="Email:"]')
    .getByRole("link", { name: "See your personalized quotes" })
    .getAttribute("href");
  expect(href.startsWith(`${baseUrl}/compare?id=`), `quote link ${href}`);
  return { url: href, contactPath, name };
}

export const journeys = [
  {
    name: "quote journey on a phone: compare → county, date, household → select → all No → accept → callback on the contact",
    async run({ page, baseUrl, screenshot, expect }) {
      const { url, contactPath } = await quoteEmailLink(page, baseUrl, "GA", 0, expect);
      await page.context().clearCookies();
      await page.setViewportSize(PHONE);
      await page.goto(url);
      await page.getByRole("heading", { name: "Personal Quote" }).waitFor();
      await page
        .getByText("Sample prices: these rates are illustrative sample data, not real carrier prices.")
        .waitFor();
      const selects = page.getByRole("button", { name: /^Select / });
      await selects.first().waitFor();
      for (const plan of ["G", "N"]) {
        await page.getByRole("group", { name: "Plan type" }).getByRole("button", { name: plan, exact: true }).click();
        const n = await selects.count();
        expect(n === 3, `plan ${plan}: 3 carriers, saw ${n}`);
      }
      await screenshot("compare-phone-quotes");

      // A ZIP with several counties: the county select appears; the choice is kept on the contact.
      await page.getByRole("button", { name: "Change" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Where do you live?" });
      await dialog.getByLabel("ZIP Code").fill("30005");
      await dialog.getByLabel("County").selectOption({ label: "Forsyth County" });
      await screenshot("compare-phone-county");
      await dialog.getByRole("button", { name: "Update Quotes" }).click();
      await page.getByText("30005, Forsyth County").waitFor();
      await page.reload();
      await page.getByText("30005, Forsyth County").waitFor(); // persisted through update-location

      // Effective date: the next 4 months, first of the month.
      await page.getByRole("button", { name: "Change" }).nth(1).click();
      const dateDialog = page.getByRole("dialog", { name: "Coverage start date" });
      expect((await dateDialog.getByRole("radio").count()) === 4, "four start dates");
      const third = dateDialog.locator("label").nth(2);
      const thirdText = (await third.innerText()).trim();
      await third.click();
      await dateDialog.getByRole("button", { name: "Update Quotes" }).click();
      await page.waitForURL(/effectiveDate=\d{4}-\d{2}-01/);
      await page.getByText(thirdText, { exact: true }).waitFor();

      // Household toggle: household prices and the rule text
      await page.getByRole("group", { name: "Plan type" }).getByRole("button", { name: "G", exact: true }).click();
      await page.getByRole("switch", { name: "Household discount" }).check();
      await page
        .getByText(/^Household discount: \$\d+\.\d{2} a month off/)
        .first()
        .waitFor();
      await screenshot("compare-phone-household");

      // Select → what qualifying means (Escape closes it) → the health questions
      await selects.first().click();
      await page.getByText(/seven short yes-or-no health questions/).waitFor();
      await screenshot("compare-phone-qualify");
      await page.keyboard.press("Escape");
      await page.getByText(/seven short yes-or-no health questions/).waitFor({ state: "detached" });
      await selects.first().click();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(/\/eligibility\?id=[A-Za-z0-9_-]{43}&orgId=[0-9a-f-]{36}&planType=G/);

      // All No → the accept page
      await page.getByRole("heading", { level: 1, name: "Underwriting Assessment" }).waitFor();
      for (const title of QUESTIONS) await answer(page, title, "No").click();
      await page.getByRole("button", { name: "Next" }).click();
      await page.waitForURL((u) => u.pathname === "/schedule" && u.searchParams.get("status") === "accept");
      await page.getByRole("heading", { level: 1, name: "Good News!" }).waitFor();

      // Request a callback
      await page.getByRole("button", { name: "Request a Callback" }).click();
      const form = page.getByRole("form", { name: "Request a Callback" });
      await form.getByLabel("Phone").fill("(404) 555-0177");
      await form.getByLabel(/Message/).fill("Mornings are best (quote journey)");
      await form.getByRole("button", { name: "Request Callback" }).click();
      await page.getByRole("heading", { level: 1, name: "Thank You" }).waitFor();
      await screenshot("journey-callback-thank-you");

      // The agency sees the callback and the passed health check on the contact's page
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, baseUrl, "admin@sample-agency.test");
      await page.goto(baseUrl + contactPath);
      await page
        .getByRole("region", { name: "Follow-up Requests" })
        .getByText("Mornings are best (quote journey)")
        .waitFor();
      await page.getByRole("button", { name: "View Results" }).click();
      await page.getByRole("dialog").getByRole("heading", { name: "All Health Checks Passed" }).waitFor();
      await screenshot("journey-contact-callback");
    },
  },
  {
    name: "quote journey with a Yes: compare → select → a health condition → the decline page",
    async run({ page, baseUrl, screenshot }) {
      const { url } = await quoteEmailLink(page, baseUrl, "GA", 1, () => {});
      await page.context().clearCookies();
      await page.setViewportSize(PHONE);
      await page.goto(url);
      await page
        .getByRole("button", { name: /^Select / })
        .first()
        .click();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { level: 1, name: "Underwriting Assessment" }).waitFor();
      await answer(page, "Cancer History", "Yes").click();
      const cancer = page.getByRole("region", { name: "Cancer History" });
      const texts = cancer.getByPlaceholder("Please provide details...");
      await texts.first().fill("Prostate cancer");
      await texts.nth(1).fill("2021");
      await cancer.getByRole("group").nth(1).getByRole("button", { name: "No", exact: true }).click();
      for (const title of QUESTIONS.filter((t) => t !== "Cancer History")) await answer(page, title, "No").click();
      await page.getByRole("button", { name: "Next" }).click();
      await page.waitForURL((u) => u.pathname === "/schedule" && u.searchParams.get("status") === "decline");
      await page.getByRole("heading", { level: 1, name: "Here are some options..." }).waitFor();
      await screenshot("journey-decline-phone");
    },
  },
  {
    name: "the demo compare page and a bad link",
    async run({ page, baseUrl, screenshot, expect }) {
      await page.setViewportSize(PHONE);
      const res = await page.goto(baseUrl + "/compare?demo=true");
      expect(
        res.headers()["referrer-policy"] === "no-referrer",
        "consumer pages never send their URL (with its token) as a Referer",
      );
      await page.getByText(/Demo: a sample person/).waitFor();
      await page
        .getByRole("button", { name: /^Select / })
        .first()
        .click();
      await page.getByText(/This is a demo/).waitFor();
      await screenshot("compare-demo");
      await page.goto(baseUrl + "/compare?id=not-a-token");
      await page.waitForURL(/\/error\?message=/);
      await page.getByText("Missing or invalid quote ID").waitFor();
      await page.goto(baseUrl + "/error?message=Call%20555-0100%20to%20claim%20your%20prize");
      await page.getByText("Something went wrong. Please try again.").waitFor();
    },
  },
];
