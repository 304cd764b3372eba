// Self-onboarding and quote intake, on a phone: a consumer signs up from the agency's link and from an
// agent's link (the contact is then the agent's), and the manual /quote form opens the compare page's
// manual mode with the rating facts in the URL (age, never the date of birth). A signup sees its quotes at
// once but joins the agency's book only when the emailed confirmation link is followed (docs/security.md
// "Public forms"); the forms solve their proof-of-work in the background.
import { confirmSignupFromOutbox, fillSelfOnboarding, signIn, waitForValue } from "./helpers.mjs";

const PHONE = { width: 390, height: 844 };

export const journeys = [
  {
    name: "self-onboarding from the organization link lands on the personal quote",
    async run({ page, baseUrl, screenshot, expect }) {
      await page.setViewportSize(PHONE);
      await page.goto(baseUrl + "/self-onboarding/sample-agency");
      await page.getByRole("heading", { name: "Get Your Personalized Quote" }).waitFor();
      expect((await page.title()).startsWith("Get Your Quote - "), `title ${await page.title()}`);

      // Required fields first
      await page.getByRole("button", { name: "Get My Quote" }).click();
      await page.getByRole("alert").filter({ hasText: "Please fill out all required fields." }).waitFor();
      await screenshot("self-onboarding-required");

      const email = `robin.org.${Date.now()}@example.com`;
      await fillSelfOnboarding(page, { email });
      expect(
        (await page.getByLabel(/^Phone Number/).inputValue()) === "(512) 555-0199",
        "phone shown as (xxx) xxx-xxxx",
      );
      expect((await page.getByLabel(/^State/).inputValue()) === "TX", "state from the ZIP");
      await screenshot("self-onboarding-filled");
      await page.getByRole("button", { name: "Get My Quote" }).click();
      await page.waitForURL(/\/compare\?id=[A-Za-z0-9_-]{43}$/);
      await page.getByRole("heading", { name: "Personal Quote" }).waitFor();
      await page.getByText(/Hi Robin/).waitFor();
      expect(!page.url().includes("@"), "no email in the URL");
      // Unconfirmed: the page names the address the confirmation went to.
      await page
        .getByRole("note")
        .filter({ hasText: `We sent an email to ${email}` })
        .waitFor();
      // A long address wraps inside the note (it ran past the box and the screen before).
      await page.setViewportSize({ width: 320, height: 800 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        "no sideways scrolling at 320 px with the note",
      );
      await screenshot("self-onboarding-compare");
      await page.setViewportSize(PHONE);

      // The emailed link, its button, then the quotes again, without the note.
      const quotes = await confirmSignupFromOutbox(page, baseUrl, "Robin");
      await screenshot("self-onboarding-confirmed");
      await page.goto(new URL(quotes, baseUrl).toString());
      await page.getByRole("heading", { name: "Personal Quote" }).waitFor();
      expect(
        (await page.getByRole("note").filter({ hasText: "We sent an email to" }).count()) === 0,
        "no confirmation note once confirmed",
      );

      // An unknown agency is the 404 page
      await page.goto(baseUrl + "/self-onboarding/no-such-agency");
      await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    },
  },
  {
    name: "self-onboarding from an agent link assigns the contact to that agent",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, "admin@sample-agency.test");
      const { agents } = await (await page.request.get(baseUrl + "/api/agents")).json();
      const alex = agents.find((a) => a.email === "alex@sample-agency.test");
      expect(alex, "Alex is an agent of the sample agency");
      const { selfOnboardingUrl } = await (await page.request.get(baseUrl + "/api/self-service-info/")).json();
      expect(selfOnboardingUrl.endsWith("/self-onboarding/sample-agency"), `org link ${selfOnboardingUrl}`);

      // The consumer, signed out, on a phone
      const cookies = await page.context().cookies();
      await page.context().clearCookies();
      await page.setViewportSize(PHONE);
      const email = `robin.alex.${Date.now()}@example.com`;
      await page.goto(`${baseUrl}/self-onboarding/sample-agency?agentId=${alex.id}`);
      await page.getByText("Your agent: Alex Rivera").waitFor();
      await fillSelfOnboarding(page, { email, zip: "78701", county: null });
      await page.getByRole("button", { name: "Get My Quote" }).click();
      await page.waitForURL(/\/compare\?id=/);
      await page.getByRole("heading", { name: "Personal Quote" }).waitFor();

      // Not in the book before the address is confirmed
      const search = async () => {
        const { total } = await (
          await page.request.get(`${baseUrl}/api/contacts?search=${encodeURIComponent(email)}`)
        ).json();
        return total;
      };
      await page.context().addCookies(cookies);
      expect((await search()) === 0, "an unconfirmed signup is not in the contact list");
      await page.context().clearCookies();
      await confirmSignupFromOutbox(page, baseUrl, "Robin");

      // The admin sees the new contact assigned to Alex
      await page.context().addCookies(cookies);
      expect((await search()) === 1, "the confirmed signup is in the contact list");
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${baseUrl}/contacts?search=${encodeURIComponent(email)}`);
      const row = page.locator("table tbody tr").filter({ hasText: "Robin Signup" });
      await row.first().waitFor();
      const text = await row.first().innerText();
      expect(text.includes("Alex Rivera"), `row shows the agent: ${text}`);
      await screenshot("self-onboarding-agent-contact");
    },
  },
  {
    name: "quote intake: the manual form opens the compare page's manual mode; the full intake signs up",
    async run({ page, baseUrl, screenshot, expect }) {
      await page.setViewportSize(PHONE);
      await page.goto(baseUrl + "/quote?orgId=sample-agency&planType=N");
      await page.getByRole("heading", { name: "Get Your Quote" }).waitFor();
      expect((await page.title()) === "Get Your Quote - Gapwise", `title ${await page.title()}`);
      const next = page.getByRole("button", { name: "Next" });
      expect(await next.isDisabled(), "Next is disabled until the form is complete");
      await page.getByLabel(/^ZIP Code/).fill("78737");
      await page.getByLabel(/^County/).selectOption("Hays County");
      await page.getByLabel(/^Date of Birth/).fill("1955-02-10");
      await page
        .getByRole("group", { name: /Tobacco User/ })
        .getByText("No", { exact: true })
        .click();
      await page
        .getByRole("group", { name: /Gender/ })
        .getByText("Male", { exact: true })
        .click();
      await screenshot("quote-intake-manual");
      await next.click();
      await page.waitForURL(/\/compare\?orgId=/);
      const url = new URL(page.url());
      const params = Object.fromEntries(url.searchParams);
      expect(
        params.zip === "78737" &&
          params.county === "Hays County" &&
          params.gender === "M" &&
          params.tobacco === "false" &&
          params.planType === "N",
        `params ${url.search}`,
      );
      expect(/^\d{2,3}$/.test(params.age) && !url.search.includes("1955"), `age, not the date of birth: ${url.search}`);
      expect(/^[0-9a-f-]{36}$/.test(params.orgId), `org id ${params.orgId}`);

      await page.goto(baseUrl + "/quote?orgId=sample-agency&intake=full");
      await page.getByRole("heading", { name: "Let's Get Some Details" }).waitFor();
      await page.getByLabel(/^First Name/).fill("Casey");
      await page.getByLabel(/^Last Name/).fill("Intake");
      await page.getByLabel(/^Cell Number/).pressSequentially("5125550177");
      await page.getByLabel(/^Email/).fill(`casey.${Date.now()}@example.com`);
      await page.getByLabel(/^Date of Birth/).fill("1957-07-07");
      await page.getByLabel(/^ZIP Code/).fill("78701");
      await waitForValue(page.getByLabel(/^State/), "TX");
      await page
        .getByRole("group", { name: /Gender/ })
        .getByText("Male", { exact: true })
        .click();
      await page
        .getByRole("group", { name: /Tobacco User/ })
        .getByText("No", { exact: true })
        .click();
      await screenshot("quote-intake-full");
      await page.getByRole("button", { name: "Get My Quote" }).click();
      await page.waitForURL(/\/compare\?id=/);
      await page.getByRole("heading", { name: "Personal Quote" }).waitFor();

      // No organization, no link: the spec's error redirect
      await page.goto(baseUrl + "/quote");
      await page.waitForURL(/\/error\?message=/);
    },
  },
];
