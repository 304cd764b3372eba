// Dashboard (issue #9) on the seeded agency, which is in trial: an agent's quote email goes to the agent as a
// [TEST] copy, and neither it nor the agent's view of it through that copy moves the numbers (issue #16: a
// trial's [TEST] copies are not quotes sent; the outreach journey shows a live agency's sends counted);
// every period the selector offers shows what the API computes for it; the walkthrough opens after payment. Then the public site: the marketing
// home, /demo, /example.csv and a Contact Us message that reaches the support inbox.
import { ELIGIBILITY_QUESTIONS, latestEmailLink, PHONE, signIn, sendQuoteFromContact } from "./helpers.mjs";

const ADMIN = "admin@sample-agency.test";
const DESKTOP = { width: 1280, height: 800 };

const stats = async (page, baseUrl, query) => {
  const response = await page.request.get(`${baseUrl}/api/dashboard/stats?${query}`);
  if (!response.ok()) throw new Error(`stats ${query} answered ${response.status()}`);
  return response.json();
};

/** The four card numbers as the page shows them, once the answer for `query` is on screen. */
async function cardNumbers(page, query) {
  await page.locator(`section[data-ready-for="${query}"]`).waitFor();
  const cards = page.locator(`section[data-ready-for="${query}"]`);
  const read = async (key) =>
    Number((await cards.getByTestId(`card-${key}`).locator("p").nth(1).innerText()).replace(/,/g, ""));
  return {
    quotesSent: await read("quotesSent"),
    quotesViewed: await read("quotesViewed"),
    upcomingEmailsTotal: await read("upcomingEmailsTotal"),
    healthQuestionsCompleted: await read("healthQuestionsCompleted"),
  };
}

const pick = (s) => ({
  quotesSent: s.quotesSent,
  quotesViewed: s.quotesViewed,
  upcomingEmailsTotal: s.upcomingEmailsTotal,
  healthQuestionsCompleted: s.healthQuestionsCompleted,
});
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export const journeys = [
  {
    name: "dashboard: a trial's [TEST] quote, viewed and answered through its link, is not counted; each period shows its own figures (issues 9, 16)",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, ADMIN);
      const todayBefore = await stats(page, baseUrl, "period=today");
      const yesterdayBefore = await stats(page, baseUrl, "period=yesterday");

      // --- the agent sends a quote to an NY contact (other journeys use TX and FL)
      await page.goto(baseUrl + "/contacts?states=NY");
      const contactLink = page.locator('table a[href^="/contact/"]').nth(2);
      await contactLink.waitFor();
      await contactLink.click();
      await page.getByRole("heading", { name: "Contact Details" }).waitFor();
      await sendQuoteFromContact(page);
      const href = await latestEmailLink(page, baseUrl, ADMIN, "See your personalized quotes");
      const token = new URL(href).searchParams.get("id");
      expect(token, `a quote token in ${href}`);
      // The email as a phone shows it: a picture of the real product for the marketing home.
      const emailHtml = await page.locator('iframe[title^="Email:"]').getAttribute("srcdoc");
      const emailPage = await page.context().newPage();
      await emailPage.setViewportSize(PHONE);
      await emailPage.setContent(emailHtml ?? "");
      await screenshot("showcase-email", emailPage);
      await emailPage.close();

      // --- the contact, signed out on a phone, views the quote and answers the health questions
      const adminCookies = await page.context().cookies();
      await page.context().clearCookies();
      await page.setViewportSize(PHONE);
      // The page reports the view once it has rendered; wait for that answer (not for "networkidle": the
      // report's body is never read, and Chromium never calls an unread no-store answer finished).
      const viewReported = page.waitForResponse((res) => res.url() === baseUrl + "/api/tracking/log-tracking-click");
      await page.goto(href);
      await page.getByRole("heading", { name: "Personal Quote" }).waitFor();
      await page
        .getByText(/\$\d+\.\d{2}\/mo/)
        .first()
        .waitFor();
      expect((await viewReported).ok(), "the view is recorded");
      await page.goto(`${baseUrl}/eligibility?id=${token}`);
      await page.getByRole("heading", { level: 1, name: "Underwriting Assessment" }).waitFor();
      await screenshot("showcase-underwriting");
      for (const title of ELIGIBILITY_QUESTIONS)
        await page
          .getByRole("region", { name: title })
          .getByRole("group")
          .first()
          .getByRole("button", { name: "No", exact: true })
          .click();
      await page.getByRole("button", { name: "Next" }).click();
      await page.waitForURL((url) => url.pathname === "/schedule");

      // --- back as the admin: the trial's [TEST] copy went to the agent, so nothing moved
      await page.context().addCookies(adminCookies);
      await page.setViewportSize(DESKTOP);
      const todayAfter = await stats(page, baseUrl, "period=today");
      const yesterdayAfter = await stats(page, baseUrl, "period=yesterday");
      expect(
        todayAfter.quotesSent === todayBefore.quotesSent,
        `Today's quotes sent ${todayBefore.quotesSent} → ${todayAfter.quotesSent}: a [TEST] copy is not a quote sent`,
      );
      expect(todayAfter.manualQuotesSent === todayBefore.manualQuotesSent, "nor a manual quote sent");
      expect(
        todayAfter.quotesViewed === todayBefore.quotesViewed,
        `Today's views ${todayBefore.quotesViewed} → ${todayAfter.quotesViewed}: the agent's view of the copy is not the client's`,
      );
      expect(
        todayAfter.healthQuestionsCompleted === todayBefore.healthQuestionsCompleted,
        `Today's health completed ${todayBefore.healthQuestionsCompleted} → ${todayAfter.healthQuestionsCompleted}`,
      );
      expect(same(pick(yesterdayAfter), pick(yesterdayBefore)), "Yesterday is unchanged by today's activity");

      // --- the page shows the API's numbers for every period it offers
      await page.goto(baseUrl + "/dashboard?period=today");
      // The sample admin has not dismissed the walkthrough for good: it opens; Close keeps it for next time.
      const welcome = page.getByRole("dialog", { name: "Welcome to Gapwise" });
      if (
        await welcome.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      ) {
        await welcome.getByRole("button", { name: "Close", exact: true }).click();
        await welcome.waitFor({ state: "detached" });
      }
      const shownToday = await cardNumbers(page, "period=today");
      expect(
        same(shownToday, pick(todayAfter)),
        `Today shows ${JSON.stringify(shownToday)}, the API ${JSON.stringify(pick(todayAfter))}`,
      );
      // The agency has only sent in trial: no send day to rank.
      await page
        .getByRole("region", { name: "Send Ranking" })
        .getByText("No send data available for the selected period.")
        .waitFor();
      await page.getByRole("region", { name: "Email Activity" }).locator(".recharts-wrapper").first().waitFor();
      await page.waitForTimeout(800); // the charts' 500 ms entry animation
      await screenshot("dashboard-today");

      const week = await stats(page, baseUrl, "period=7days");
      expect(week.quotesSent >= todayAfter.quotesSent, "the last 7 days include today");
      for (const [label, query] of [
        ["Yesterday", "period=yesterday"],
        ["Last 7 Days", "period=7days"],
        ["Last 30 Days", "period=30days"],
        ["Last 90 Days", "period=90days"],
        ["Year to Date", "period=ytd"],
      ]) {
        const statsResponse = page.waitForResponse((r) => r.url().includes(`/api/dashboard/stats?${query}`));
        await page.getByLabel("Date range").selectOption({ label });
        await statsResponse;
        const shown = await cardNumbers(page, query);
        const api = await stats(page, baseUrl, query);
        expect(same(shown, pick(api)), `${label} shows ${JSON.stringify(shown)}, the API ${JSON.stringify(pick(api))}`);
        expect(new URL(page.url()).searchParams.get("period") === query.split("=")[1], `${label} is kept in the URL`);
      }

      // Custom Dates from today to today equal Today
      const today = todayAfter.period.startDate;
      await page.getByLabel("Date range").selectOption({ label: "Custom Dates" });
      await page.getByLabel("From").fill(today);
      const customResponse = page.waitForResponse((r) => r.url().includes("/api/dashboard/stats?period=custom"));
      await page.getByLabel("To").fill(today);
      await customResponse;
      const shownCustom = await cardNumbers(page, `period=custom&startDate=${today}&endDate=${today}`);
      expect(
        shownCustom.quotesSent === todayAfter.quotesSent && shownCustom.quotesViewed === todayAfter.quotesViewed,
        `Custom ${today}…${today} equals Today`,
      );

      // Refresh asks again
      const refreshed = page.waitForResponse((r) => r.url().includes("/api/dashboard/stats?period=custom"));
      await page.getByRole("button", { name: "Refresh" }).click();
      await refreshed;

      // On a phone
      await page.goto(baseUrl + "/dashboard?period=30days");
      await page.setViewportSize(PHONE);
      const phoneWelcome = page.getByRole("dialog", { name: "Welcome to Gapwise" });
      if (
        await phoneWelcome.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      )
        await phoneWelcome.getByRole("button", { name: "Close", exact: true }).click();
      await cardNumbers(page, "period=30days");
      await page.getByRole("region", { name: "Email Activity" }).locator(".recharts-wrapper").first().waitFor();
      await page.waitForTimeout(800);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        "no sideways scrolling on a phone",
      );
      await screenshot("dashboard-phone");
      await page.setViewportSize(DESKTOP);

      // After payment the walkthrough opens; Escape closes it
      await page.goto(baseUrl + "/dashboard?payment_success=true");
      const walkthrough = page.getByRole("dialog", { name: "Welcome to Gapwise" });
      await walkthrough.waitFor();
      await walkthrough.getByText("Video Walkthrough Coming Soon").waitFor();
      await screenshot("dashboard-walkthrough");
      await page.keyboard.press("Escape");
      await walkthrough.waitFor({ state: "detached" });
    },
  },
  {
    name: "public site: marketing home, /demo, /example.csv and a Contact Us message to support (issue 9)",
    async run({ page, baseUrl, screenshot, expect }) {
      await page.goto(baseUrl + "/");
      expect((await page.title()) === "Gapwise - Boost Your Medigap Renewals", `home title ${await page.title()}`);
      await page.getByRole("heading", { level: 1, name: "Boost Your Medigap Renewals" }).waitFor();
      expect(
        (await page.getByRole("link", { name: "Signup", exact: true }).last().getAttribute("href")) === "/signup",
        "Signup goes to /signup",
      );
      await page.getByRole("heading", { name: "Here's how it works" }).waitFor();
      for (const step of ["Upload", "Engage", "Retain & Reset"])
        await page.getByRole("heading", { name: step, exact: true }).waitFor();
      const tabs = page.getByRole("tablist", { name: "Client experience" });
      await tabs.getByRole("tab", { name: "Underwriting" }).hover();
      await page.getByRole("heading", { name: "Health questions before the call" }).waitFor();
      await tabs.getByRole("tab", { name: "Quotes" }).click();
      const showcaseImage = page.getByRole("img", { name: /quote page on a phone/ });
      await showcaseImage.waitFor();
      await showcaseImage.scrollIntoViewIfNeeded();
      // A lazy image starts loading once scrolled into view: wait for it (up to 10 s) rather than read it at once.
      await page
        .waitForFunction((img) => img.complete && img.naturalWidth > 0, await showcaseImage.elementHandle(), {
          timeout: 10_000,
        })
        .catch(() => undefined);
      expect(await showcaseImage.evaluate((img) => img.complete && img.naturalWidth > 0), "the showcase picture loads");
      for (const feature of [
        "Simple Quote to Call Flow",
        "Non-Commissionable Protection",
        "Live Analytics",
        "Activity Notifications",
        "Carrier and Licensing Control",
        "Agent or Agency Setup",
        "Households",
        "Carrier Strength and Rate History",
        "Quote Links by Text",
      ]) {
        await page.getByRole("heading", { name: feature }).waitFor();
      }
      await page.getByText("How is my data protected?").click();
      await page.getByText(/separated by PostgreSQL row-level security/).waitFor();
      await page.getByText(/© \d{4} Gapwise/).waitFor();
      await screenshot("home-desktop");
      await page.setViewportSize(PHONE);
      await page.goto(baseUrl + "/");
      await page.getByRole("heading", { level: 1, name: "Boost Your Medigap Renewals" }).waitFor();
      await screenshot("home-phone");

      // Try It Out → /demo → the configured demo (by default the sample quote page)
      const demo = await page.request.get(baseUrl + "/demo", { maxRedirects: 0 });
      expect(demo.status() === 307, `/demo answered ${demo.status()}`);
      expect(demo.headers().location.endsWith("/compare?demo=true"), `/demo goes to ${demo.headers().location}`);
      const csv = await page.request.get(baseUrl + "/example.csv");
      expect(csv.ok() && (await csv.text()).split("\n")[0].includes("Email"), "/example.csv is served");

      // Contact Us on a phone: validation, then a message that reaches support
      await page.goto(baseUrl + "/contact-us");
      expect((await page.title()) === "Contact Us - Gapwise", `contact-us title ${await page.title()}`);
      await page.getByRole("heading", { name: "Get in Touch" }).waitFor();
      expect(
        (await page.getByRole("link", { name: /Watch Platform Walkthrough/ }).getAttribute("href")) ===
          "/dashboard?payment_success=true",
        "walkthrough link",
      );
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Please fill in all required fields.").waitFor();
      const stamp = Date.now().toString(36);
      await page.getByLabel(/^Name/).fill(`Casey Contact ${stamp}`);
      await page.getByLabel(/^Email/).fill(`casey.${stamp}@agency.example.com`);
      await page.getByLabel(/^Phone/).fill("512 555 0142");
      await page.getByLabel(/^Message/).fill("We have 4 agents and 2,000 clients. Can we see a demo?");
      await screenshot("contact-us-phone-filled");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Thank you for contacting us! We'll get back to you soon.").waitFor();
      await screenshot("contact-us-phone-sent");
      await page.setViewportSize(DESKTOP);
      await page.goto(baseUrl + "/contact-us");
      await screenshot("contact-us-desktop");
      await page.goto(baseUrl + "/dev/outbox");
      await page
        .getByRole("link", { name: new RegExp(`Contact Us: Casey Contact ${stamp}`) })
        .first()
        .waitFor();
    },
  },
];
