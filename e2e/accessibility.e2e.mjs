// Accessibility (issue #17 points 5 and 6). Every consumer page, and each state a visitor can put it in
// (the compare page's dialogs and toggles, the health questions and their outcome, the callback form and
// its errors, the sign-up form with errors, unsubscribe confirm and done), at a phone's size and a
// desktop's: 0 serious or critical axe-core violations (WCAG 2.2 AA), body text of 18 px and nothing
// under 16 px, every target at least 44 × 44 px, and no sideways scrolling at 320 px (e2e/a11y.mjs).
// A keyboard-only walk from the compare page to a requested callback checks that focus is always visible.
//
// Agency pages (signed out, every onboarding step, the signed-in screens and the dialogs opened from them),
// at both sizes: 0 serious or critical axe findings, enforced like the consumer pages.
import { axeViolations, describeViolations, expectAccessibleConsumerPage, focusIsVisible } from "./a11y.mjs";
import { ELIGIBILITY_QUESTIONS, PHONE, escapeRe, signIn, signUpToChoosePlan } from "./helpers.mjs";

const DESKTOP = { width: 1280, height: 800 };
const SIZES = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
];
const ADMIN = "admin@sample-agency.test";

/** Fails the journey on any serious or critical axe finding of the page as it is now. */
async function expectNoAxeFindings(page, expect, label) {
  const violations = await axeViolations(page);
  expect(violations.length === 0, `axe on ${label}: ${violations.length ? describeViolations(violations) : "clean"}`);
}
// States other journeys send quote emails to or filter by (one quote email per contact a day).
const STATES_OTHERS_USE = ["GA", "FL", "TX", "NY"];

/** The sample agency's contacts that other journeys leave alone (the first two, and the states above). */
async function spareContacts(page, baseUrl) {
  await signIn(page, baseUrl, ADMIN);
  const { contacts } = await (await page.request.get(baseUrl + "/api/contacts?limit=100")).json();
  return contacts.slice(2).filter((c) => !STATES_OTHERS_USE.includes(c.state) && c.email);
}

async function newQuoteToken(page, baseUrl, expect, contact) {
  const res = await page.request.post(`${baseUrl}/api/quotes/generate/${contact.id}`);
  expect(res.ok(), `quote link for ${contact.id}: ${res.status()}`);
  return (await res.json()).quoteId;
}

/** Fresh quote links (tokens) for `count` spare contacts; signed out afterwards. */
async function quoteTokens(page, baseUrl, expect, count) {
  const mine = (await spareContacts(page, baseUrl)).slice(0, count);
  expect(mine.length === count, `${count} contacts outside ${STATES_OTHERS_USE.join(", ")}`);
  const tokens = [];
  for (const contact of mine) tokens.push({ contact, token: await newQuoteToken(page, baseUrl, expect, contact) });
  await page.context().clearCookies();
  return tokens;
}

/**
 * A quote link whose compare page lists plans to select (the sample rates do not price every contact),
 * for the `nth` such spare contact; signed out afterwards. The server renders the list, so the page's
 * HTML tells (fetching it reports no view: the browser does that).
 */
async function quotedToken(page, baseUrl, expect, nth = 0) {
  let found = 0;
  for (const contact of (await spareContacts(page, baseUrl)).slice(0, 30)) {
    const token = await newQuoteToken(page, baseUrl, expect, contact);
    const html = await (await page.request.get(`${baseUrl}/compare?id=${token}`)).text();
    if (html.includes('aria-label="Select ') && found++ === nth) {
      await page.context().clearCookies();
      return token;
    }
  }
  throw new Error("no spare contact with quotes to select");
}

/** Screenshots of the page (or of `target`, a dialog) at 390 px and at 320 px wide, then back to the phone size. */
async function pictures(page, screenshot, name, target = page) {
  await page.setViewportSize(PHONE);
  await screenshot(`a11y-${name}-390`, target);
  await page.setViewportSize({ width: 320, height: PHONE.height });
  await screenshot(`a11y-${name}-320`, target);
  await page.setViewportSize(PHONE);
}

const dialog = (page) => page.getByRole("dialog");

async function closeDialog(page) {
  await page.keyboard.press("Escape");
  await dialog(page).waitFor({ state: "detached" });
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches `name`; focus must show at every step. */
async function tabTo(page, expect, name, { shift = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(shift ? "Shift+Tab" : "Tab");
    const focus = await focusIsVisible(page);
    expect(focus.visible, `focus is visible on ${focus.what}`);
    const current = await page.evaluate(() => {
      const el = document.activeElement;
      const labelled = el?.labels?.[0]?.textContent;
      return (el?.getAttribute("aria-label") || labelled || el?.textContent || "").replace(/\s+/g, " ").trim();
    });
    if (name.test(current)) return;
  }
  throw new Error(`no focusable element named ${name} within ${max} presses`);
}

export const journeys = [
  {
    name: "accessibility: the compare page and each of its dialogs and toggles, phone and desktop, and the demo",
    async run({ page, baseUrl, screenshot, expect }) {
      const token = await quotedToken(page, baseUrl, expect, 0);
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        await page.goto(`${baseUrl}/compare?id=${token}`);
        await page.getByRole("heading", { name: "Personal Quote" }).waitFor();
        await page
          .getByRole("button", { name: /^Select / })
          .first()
          .waitFor();
        await expectAccessibleConsumerPage(page, `compare (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "compare");

        await page.getByRole("button", { name: "Change" }).first().click();
        await dialog(page).getByRole("heading", { name: "Where do you live?" }).waitFor();
        await expectAccessibleConsumerPage(page, `compare, location dialog (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "compare-location", dialog(page));
        await closeDialog(page);

        await page.getByRole("button", { name: "Change" }).nth(1).click();
        await dialog(page).getByRole("heading", { name: "Coverage start date" }).waitFor();
        await expectAccessibleConsumerPage(page, `compare, start date dialog (${size})`, expect);
        await closeDialog(page);

        const gVsN = page.getByRole("button", { name: "Plan G vs Plan N" });
        if (await gVsN.count()) {
          await gVsN.click();
          await dialog(page).waitFor();
          await expectAccessibleConsumerPage(page, `compare, Plan G vs Plan N dialog (${size})`, expect);
          if (size === "phone") await pictures(page, screenshot, "compare-g-vs-n", dialog(page));
          await closeDialog(page);
        }
        const riders = page.getByRole("button", { name: "Customize riders" });
        if (await riders.count()) {
          await riders.click();
          await dialog(page).waitFor();
          await expectAccessibleConsumerPage(page, `compare, riders dialog (${size})`, expect);
          await closeDialog(page);
        }

        const household = page.getByRole("switch", { name: "Household discount" });
        if (await household.count()) {
          await household.check();
          await expectAccessibleConsumerPage(page, `compare, household discount on (${size})`, expect);
        }
        const carriers = page.locator("summary", { hasText: /^Carriers/ });
        if (await carriers.count()) {
          await carriers.click();
          await page.getByRole("group", { name: "Show carriers" }).waitFor();
          await expectAccessibleConsumerPage(page, `compare, carrier filter open (${size})`, expect);
          if (size === "phone") await pictures(page, screenshot, "compare-carriers");
        }

        await page
          .getByRole("button", { name: /^Select / })
          .first()
          .click();
        await page.getByText(/seven short yes-or-no health questions/).waitFor();
        await expectAccessibleConsumerPage(page, `compare, what qualifying means (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "compare-qualify", dialog(page));
        await closeDialog(page);

        await page.goto(baseUrl + "/compare?demo=true");
        await page.getByText(/Demo: a sample person/).waitFor();
        await expectAccessibleConsumerPage(page, `compare demo (${size})`, expect);
        await page
          .getByRole("button", { name: /^Select / })
          .first()
          .click();
        await page.getByText(/This is a demo/).waitFor();
        await expectAccessibleConsumerPage(page, `compare demo, after Select (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "compare-demo");

        await page.goto(baseUrl + "/error?message=x");
        await page.getByText("Something went wrong. Please try again.").waitFor();
        await expectAccessibleConsumerPage(page, `error (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "error");
      }
    },
  },
  {
    name: "accessibility: health questions, their outcome, the schedule page and callback form, landing and thanks, phone and desktop",
    async run({ page, baseUrl, screenshot, expect }) {
      const links = await quoteTokens(page, baseUrl, expect, 2);
      for (const [index, [size, viewport]] of SIZES.entries()) {
        const { token } = links[index]; // one contact per size: each answers the questions once
        await page.setViewportSize(viewport);
        await page.goto(`${baseUrl}/landing?id=${token}`);
        await page.getByRole("link", { name: "View Your Quotes" }).waitFor();
        await expectAccessibleConsumerPage(page, `landing (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "landing");

        await page.goto(`${baseUrl}/eligibility?id=${token}`);
        await page.getByRole("heading", { level: 1, name: "Underwriting Assessment" }).waitFor();
        await expectAccessibleConsumerPage(page, `eligibility questions (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "eligibility");
        const answer = (title, value) =>
          page
            .getByRole("region", { name: title })
            .getByRole("group")
            .first()
            .getByRole("button", { name: value, exact: true });
        await answer("Cancer History", "Yes").click();
        await page
          .getByRole("region", { name: "Cancer History" })
          .getByPlaceholder("Please provide details...")
          .first()
          .waitFor();
        await expectAccessibleConsumerPage(page, `eligibility, follow-up questions open (${size})`, expect);
        await answer("Cancer History", "No").click();
        for (const title of ELIGIBILITY_QUESTIONS) await answer(title, "No").click();
        await page.getByRole("button", { name: "Next" }).click();
        await page.waitForURL((u) => u.pathname === "/schedule" && u.searchParams.get("status") === "accept");
        await page.getByRole("heading", { level: 1, name: "Good News!" }).waitFor();
        await expectAccessibleConsumerPage(page, `schedule, accepted (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "schedule-accept");

        await page.getByRole("button", { name: "Request a Callback" }).click();
        const form = page.getByRole("form", { name: "Request a Callback" });
        await form.waitFor();
        await expectAccessibleConsumerPage(page, `schedule, callback form (${size})`, expect);
        await form.getByLabel("Phone").fill("");
        await form.getByRole("button", { name: "Request Callback" }).click();
        await form.locator("[aria-invalid='true']").first().waitFor();
        await expectAccessibleConsumerPage(page, `schedule, callback form with errors (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "schedule-callback-errors");
        await form.getByLabel("Phone").fill("(404) 555-0178");
        await form.getByRole("button", { name: "Request Callback" }).click();
        await page.getByRole("heading", { level: 1, name: "Thank You" }).waitFor();
        await expectAccessibleConsumerPage(page, `schedule, thank you (${size})`, expect);

        await page.goto(`${baseUrl}/schedule?id=${token}&status=decline`);
        await page.getByRole("heading", { level: 1, name: "Here are some options..." }).waitFor();
        await expectAccessibleConsumerPage(page, `schedule, declined (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "schedule-decline");

        await page.goto(`${baseUrl}/thanks?id=${token}`);
        await page.locator("main").waitFor();
        await expectAccessibleConsumerPage(page, `thanks (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "thanks");
      }
    },
  },
  {
    name: "accessibility: sign-up forms with their errors, confirm-email, unsubscribe confirm and done, phone and desktop",
    async run({ page, baseUrl, screenshot, expect }) {
      // An unsubscribe link: a quote email from the contact's page (trial: it reaches the agent's inbox)
      const [{ contact }] = await quoteTokens(page, baseUrl, expect, 1);
      await signIn(page, baseUrl, ADMIN);
      const sent = await page.request.post(`${baseUrl}/api/contacts/${contact.id}/send-quote-email`, { data: {} });
      expect(sent.ok(), `quote email to ${contact.id}: ${sent.status()} ${await sent.text()}`);
      await page.goto(baseUrl + "/dev/outbox");
      await page
        .getByRole("link", { name: new RegExp(`\\[TEST\\] ${escapeRe(contact.firstName)}, your personalized`) })
        .first()
        .click();
      const unsubscribe = await page
        .frameLocator('iframe[title^="Email:"]')
        .getByRole("link", { name: "Unsubscribe" })
        .getAttribute("href");
      await page.context().clearCookies();

      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        await page.goto(baseUrl + "/self-onboarding/sample-agency");
        await page.getByRole("heading", { name: "Get Your Personalized Quote" }).waitFor();
        await expectAccessibleConsumerPage(page, `self-onboarding (${size})`, expect);
        await page.getByRole("button", { name: "Get My Quote" }).click();
        await page.getByRole("alert").filter({ hasText: "Please fill out all required fields." }).waitFor();
        await expectAccessibleConsumerPage(page, `self-onboarding with errors (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "self-onboarding-errors");

        await page.goto(baseUrl + "/quote?orgId=sample-agency");
        await page.locator("form").first().waitFor();
        await expectAccessibleConsumerPage(page, `quote, manual intake (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "quote");
        await page.goto(baseUrl + "/quote?intake=full&orgId=sample-agency");
        await page.getByRole("button", { name: "Get My Quote" }).waitFor();
        await expectAccessibleConsumerPage(page, `quote, full intake (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "quote-full");

        await page.goto(baseUrl + "/eligibility?orgId=sample-agency");
        await page.getByRole("heading", { level: 1, name: "Underwriting Assessment" }).waitFor();
        await expectAccessibleConsumerPage(page, `eligibility, organization link (${size})`, expect);

        await page.goto(`${baseUrl}/confirm-email/${"A".repeat(43)}`);
        await page.locator("main").waitFor();
        await expectAccessibleConsumerPage(page, `confirm-email, unknown link (${size})`, expect);
        if (size === "phone") await pictures(page, screenshot, "confirm-email");

        await page.goto(baseUrl + "/unsubscribe?t=not-a-token");
        await page.getByText(/This unsubscribe link is not valid/).waitFor();
        await expectAccessibleConsumerPage(page, `unsubscribe, bad link (${size})`, expect);
      }

      await page.setViewportSize(PHONE);
      await page.goto(unsubscribe);
      await page.getByRole("heading", { name: "Unsubscribe" }).waitFor();
      await expectAccessibleConsumerPage(page, "unsubscribe, confirm (phone)", expect);
      await pictures(page, screenshot, "unsubscribe-confirm");
      await page.setViewportSize(DESKTOP);
      await expectAccessibleConsumerPage(page, "unsubscribe, confirm (desktop)", expect);
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await page.getByRole("heading", { name: "You have been unsubscribed." }).waitFor();
      await expectAccessibleConsumerPage(page, "unsubscribe, done (desktop)", expect);
      await page.setViewportSize(PHONE);
      await expectAccessibleConsumerPage(page, "unsubscribe, done (phone)", expect);
      await pictures(page, screenshot, "unsubscribe-done");
    },
  },
  {
    name: "accessibility: keyboard only, compare → select → health questions → schedule → callback, focus always visible",
    async run({ page, baseUrl, screenshot, expect }) {
      const token = await quotedToken(page, baseUrl, expect, 1);
      await page.setViewportSize(PHONE);
      await page.goto(`${baseUrl}/compare?id=${token}`);
      await page
        .getByRole("button", { name: /^Select / })
        .first()
        .waitFor();

      // The start date dialog opens with Enter and closes with Escape, focus back on its button
      await tabTo(page, expect, /^Change$/);
      await tabTo(page, expect, /^Change$/);
      await page.keyboard.press("Enter");
      await dialog(page).getByRole("heading", { name: "Coverage start date" }).waitFor();
      await page.keyboard.press("Escape");
      await dialog(page).waitFor({ state: "detached" });
      expect((await focusIsVisible(page)).visible, "focus is back, and visible, on the Change button");

      await tabTo(page, expect, /^Select /);
      await page.keyboard.press("Enter");
      await page.getByText(/seven short yes-or-no health questions/).waitFor();
      await tabTo(page, expect, /^Continue$/);
      await screenshot("a11y-keyboard-qualify");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/eligibility\?/);
      await page.getByRole("heading", { level: 1, name: "Underwriting Assessment" }).waitFor();

      for (let i = 0; i < ELIGIBILITY_QUESTIONS.length; i++) {
        await tabTo(page, expect, /^No$/);
        await page.keyboard.press("Space");
      }
      // Back once and forward again: Shift+Tab shows focus too
      await tabTo(page, expect, /^Yes$/, { shift: true });
      await tabTo(page, expect, /^Next$/);
      await screenshot("a11y-keyboard-eligibility-next");
      await page.keyboard.press("Enter");
      await page.waitForURL((u) => u.pathname === "/schedule" && u.searchParams.get("status") === "accept");
      await page.getByRole("heading", { level: 1, name: "Good News!" }).waitFor();

      await tabTo(page, expect, /^Request a Callback$/);
      await page.keyboard.press("Enter");
      const form = page.getByRole("form", { name: "Request a Callback" });
      await form.waitFor();
      await tabTo(page, expect, /^Phone/);
      await page.keyboard.press("Control+A");
      await page.keyboard.type("4045550179");
      await tabTo(page, expect, /^Message/);
      await page.keyboard.type("Afternoons (keyboard journey)");
      await tabTo(page, expect, /^Request Callback$/);
      await screenshot("a11y-keyboard-callback");
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 1, name: "Thank You" }).waitFor();
    },
  },
  {
    name: "accessibility: signed-out pages and every onboarding step, axe enforced",
    async run({ page, baseUrl, expect }) {
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        for (const path of ["/", "/pricing", "/contact-us", "/waitlist", "/login", "/signup"]) {
          await page.goto(baseUrl + path);
          await page.waitForLoadState("networkidle").catch(() => {});
          await expectNoAxeFindings(page, expect, `${size} ${path}`);
        }
      }
      // The sign-up form showing its errors, on a phone
      await page.setViewportSize(PHONE);
      await page.goto(baseUrl + "/signup");
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByLabel("First Name").click();
      await page
        .getByText(/valid email/i)
        .first()
        .waitFor();
      await expectNoAxeFindings(page, expect, "phone /signup with errors");

      // A new agency through plan choice and the setup wizard, axe on each step
      await signUpToChoosePlan(page, baseUrl, {
        organizationName: "Contrast Checkers",
        email: "a11y-onboarding@agency.test",
        firstName: "Ada",
      });
      await expectNoAxeFindings(page, expect, "phone /choose-plan");
      await page.getByRole("button", { name: "Choose Pro" }).click();
      await page.waitForURL((url) => url.pathname === "/setup/settings");
      const next = page.getByRole("button", { name: "Continue" });
      await page.getByRole("heading", { level: 2, name: "Personal Details" }).waitFor();
      await expectNoAxeFindings(page, expect, "setup: Personal Details");
      await next.click();
      await page.getByRole("heading", { level: 2, name: "Company Settings" }).waitFor();
      await expectNoAxeFindings(page, expect, "setup: Company Settings");
      const phone = page.getByLabel("Phone");
      await phone.fill("");
      await phone.pressSequentially("5125550177");
      await next.click();
      await page.getByRole("heading", { level: 2, name: "Carrier Information" }).waitFor();
      await expectNoAxeFindings(page, expect, "setup: Carrier Information");
      const carriers = page.getByRole("list", { name: "Carriers" }).getByRole("checkbox");
      if (!(await carriers.nth(0).isChecked())) await carriers.nth(0).check();
      await page.getByRole("checkbox", { name: "Texas", exact: true }).check();
      await next.click();
      await page.getByRole("heading", { level: 2, name: "More Team Members?" }).waitFor();
      await expectNoAxeFindings(page, expect, "setup: More Team Members?");
      await next.click();
      await page.getByRole("heading", { level: 2, name: "Payment" }).waitFor();
      await expectNoAxeFindings(page, expect, "setup: Payment");
      await page.getByRole("button", { name: "Finish setup" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      const walkthrough = page.getByRole("dialog", { name: /Welcome to/ });
      await walkthrough.waitFor();
      await expectNoAxeFindings(page, expect, "phone /dashboard with the welcome dialog");
      await page.keyboard.press("Escape");
      await walkthrough.waitFor({ state: "hidden" });
      await page.goto(baseUrl + "/contacts");
      await page.waitForLoadState("networkidle").catch(() => {});
      await expectNoAxeFindings(page, expect, "phone /contacts, empty book with its tutorial");
    },
  },
  {
    name: "accessibility: agency pages and their dialogs, axe enforced, and the brand colour warning",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, ADMIN);
      const { contacts } = await (await page.request.get(baseUrl + "/api/contacts?limit=50")).json();
      const pages = [
        "/dashboard",
        "/contacts",
        `/contact/${contacts[0].id}`,
        "/settings",
        "/brand-settings",
        "/profile",
        "/add-agents",
        "/walkthrough",
        "/templanding",
      ];
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        for (const path of pages) {
          await page.goto(baseUrl + path);
          await page.waitForLoadState("networkidle").catch(() => {});
          await expectNoAxeFindings(page, expect, `${size} ${path}`);
        }

        // The dialogs a user opens from the contacts page
        await page.goto(baseUrl + "/contacts");
        await page.getByRole("button", { name: "+ Add Contact" }).click();
        const chooser = page.getByRole("dialog", { name: "Add Contacts" });
        await chooser.getByText("How would you like to add contacts?").waitFor();
        await expectNoAxeFindings(page, expect, `${size} Add Contacts chooser`);
        await chooser.getByRole("button", { name: /Single Contact/ }).click();
        const form = page.getByRole("dialog", { name: "Add New Client" });
        await form.getByText("Fields marked * are required.").waitFor();
        await form.getByLabel("Email").fill("not-an-email");
        await form.getByLabel("First Name").click();
        await expectNoAxeFindings(page, expect, `${size} Add New Client with an error`);
        await page.keyboard.press("Escape");
        await form.waitFor({ state: "hidden" });
        await page.getByRole("button", { name: "+ Add Contact" }).click();
        await chooser.getByRole("button", { name: /Multiple Contacts via CSV/ }).click();
        const upload = page.getByRole("dialog", { name: "Upload CSV" });
        await upload.getByText("Choose a CSV file to upload.").waitFor();
        await expectNoAxeFindings(page, expect, `${size} Upload CSV`);
        await page.keyboard.press("Escape");
        await upload.waitFor({ state: "hidden" });
        const firstRow = page.getByRole("checkbox", { name: /^Select (?!all)/ }).first();
        await firstRow.check();
        await page.getByRole("button", { name: "Delete Selected" }).click();
        const confirm = page.getByRole("dialog", { name: "Delete Contacts" });
        await confirm.waitFor();
        await expectNoAxeFindings(page, expect, `${size} Delete Contacts confirmation`);
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await confirm.waitFor({ state: "hidden" });
      }

      // Brand Settings warns about a brand colour that fails AA on white, with a preview (not saved here)
      await page.setViewportSize(DESKTOP);
      await page.goto(baseUrl + "/brand-settings");
      await page.getByRole("textbox", { name: "Primary Color", exact: true }).fill("#F97316");
      await page.getByText(/This color is hard to read on white \(2\.8:1; AA needs 4\.5:1\)/).waitFor();
      await screenshot(
        "a11y-brand-color-warning",
        page.getByRole("group", { name: "Preview on client pages" }).locator(".."),
      );
    },
  },
];
