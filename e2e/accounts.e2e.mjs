// Accounts: signup → activation link → /choose-plan; sign-in by emailed link; single-use links;
// the resend countdown; stage and role routing.
import { latestEmailLink, newestEmailTo, proxyRedirectOf, requestLink, signIn, waitForNewEmailTo } from "./helpers.mjs";

export const journeys = [
  {
    name: "sign up a new agency, follow the activation link from the outbox, land on /choose-plan",
    async run({ page, baseUrl, screenshot, expect }) {
      const email = `owner.${Date.now()}@agency.example.com`;
      await page.goto(baseUrl + "/signup");
      await page.getByRole("heading", { name: "Get Started" }).waitFor();
      const submit = page.getByRole("button", { name: "Get Started" });
      await page.getByLabel("First Name").fill("Riley");
      await page.getByLabel("Last Name").fill("Owner");
      await page.getByLabel("Organization Name").fill("Riley Owner Insurance");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Phone").pressSequentially("5125550188");
      expect((await page.getByLabel("Phone").inputValue()) === "(512) 555-0188", "phone is shown formatted");
      await page.getByText("Email address is valid").waitFor();
      await screenshot("signup-filled");
      expect(await submit.isEnabled(), "Get Started is enabled once the form is valid");
      const firstAnswer = page.waitForResponse(
        (r) => r.url() === baseUrl + "/api/organizations" && r.request().method() === "POST",
      );
      await submit.click();
      await page.getByText("Check your email").waitFor();
      const first = await firstAnswer;
      const firstBody = await first.text(); // before any navigation: the body is gone after one
      await waitForNewEmailTo(page, baseUrl, email, null); // the signup answers first and emails after
      await screenshot("signup-sent");

      const href = await latestEmailLink(page, baseUrl, email, "Activate and log in");
      expect(href.startsWith(`${baseUrl}/auth/verify/riley-owner-insurance/`), `activation link ${href}`);
      expect(!href.includes(encodeURIComponent(email)) && !href.includes(email), "the address is not in the link");
      await page.goto(href);
      await page.waitForURL((url) => url.pathname === "/choose-plan");

      // without a plan, the app's pages send back to /choose-plan: the proxy does, before any page renders
      const toDashboard = await page.goto(baseUrl + "/dashboard");
      await page.waitForURL((url) => url.pathname === "/choose-plan");
      await page.getByRole("heading", { level: 1, name: "Choose Your Plan" }).waitFor();
      const redirectedTo = await proxyRedirectOf(toDashboard);
      expect(
        redirectedTo === "/choose-plan",
        `proxy.ts redirected /dashboard to /choose-plan (proxy redirect: ${redirectedTo})`,
      );

      // the same address again: the form and the answer are those of a new address (nobody learns it has an
      // account); no second agency, and the owner gets a sign-in link instead
      await page.context().clearCookies();
      const previous = await newestEmailTo(page, baseUrl, email);
      await page.goto(baseUrl + "/signup");
      await page.getByLabel("First Name").fill("Mallory");
      await page.getByLabel("Last Name").fill("Probe");
      await page.getByLabel("Organization Name").fill("Probe Agency");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Phone").pressSequentially("5125550177");
      await page.getByText("Email address is valid").waitFor();
      const secondAnswer = page.waitForResponse(
        (r) => r.url() === baseUrl + "/api/organizations" && r.request().method() === "POST",
      );
      await page.getByRole("button", { name: "Get Started" }).click();
      await page.getByText("Check your email").waitFor();
      const second = await secondAnswer;
      const secondBody = await second.text();
      expect(
        first.status() === 202 && second.status() === 202,
        `both signups answer 202 (${first.status()}, ${second.status()})`,
      );
      expect(firstBody === secondBody, `both signups answer the same body (${firstBody} / ${secondBody})`);
      const headerNames = (r) =>
        Object.keys(r.headers())
          .filter((h) => !["date", "x-request-id", "server-timing", "content-length"].includes(h))
          .sort()
          .join(",");
      expect(
        headerNames(first) === headerNames(second),
        `the same headers (${headerNames(first)} / ${headerNames(second)})`,
      );
      await waitForNewEmailTo(page, baseUrl, email, previous);
      const signInHref = await latestEmailLink(page, baseUrl, email, /Log in|Activate and log in/);
      await page.goto(signInHref);
      await page.waitForURL((url) => url.pathname === "/choose-plan");
      const me = await (await page.request.get(baseUrl + "/api/me")).json();
      expect(
        !JSON.stringify(me).includes("Probe Agency"),
        "the second signup created nothing: the owner is in their own agency",
      );
    },
  },
  {
    name: "the seeded admin signs in by emailed link and lands on /contacts; the link works once",
    async run({ page, baseUrl, screenshot, expect }) {
      const previous = await newestEmailTo(page, baseUrl, "admin@sample-agency.test");
      await requestLink(page, baseUrl, "admin@sample-agency.test");
      await screenshot("login-sent");
      await waitForNewEmailTo(page, baseUrl, "admin@sample-agency.test", previous);
      const href = await latestEmailLink(page, baseUrl, "admin@sample-agency.test", /Log in|Activate and log in/);
      await page.goto(href);
      await page.waitForURL(baseUrl + "/contacts");
      await page.getByRole("heading", { level: 1, name: /^Contacts \(\d+\)$/ }).waitFor();
      await page.getByText("Sample data.").waitFor();
      await page.getByRole("button", { name: /Sam Sample/ }).click();
      for (const item of ["Your Profile", "Organization Settings", "Manage Agents", "Log out"])
        await page.getByRole("menuitem", { name: item }).waitFor();
      await page.keyboard.press("Escape");
      await screenshot("contacts-admin");

      // a signed-in visitor of /login is told so
      await page.goto(baseUrl + "/login");
      await page.getByRole("heading", { name: "Already Logged In" }).waitFor();
      await screenshot("login-already");

      // the link is single-use
      await page.context().clearCookies();
      await page.goto(href);
      await page.getByRole("heading", { name: "Link Not Valid" }).waitFor();
      await page.getByText("This login link is invalid or has already been used.").waitFor();
      await screenshot("link-used");
      expect(page.url() === href, "stays on the link page, offering a new link");
      await page.getByRole("button", { name: "Send login link" }).waitFor();
    },
  },
  {
    name: "log out from the user menu clears the session and returns home",
    async run({ page, baseUrl, expect }) {
      await signIn(page, baseUrl, "admin@sample-agency.test");
      await page.waitForURL(baseUrl + "/contacts");
      await page.getByRole("button", { name: /Sam Sample/ }).click();
      await page.getByRole("menuitem", { name: "Log out" }).click();
      await page.waitForURL(baseUrl + "/");
      await page.getByRole("heading", { level: 1, name: "Boost Your Medigap Renewals" }).waitFor();
      await page.goto(baseUrl + "/contacts");
      await page.waitForURL(baseUrl + "/login");
      expect(true, "signed out");
    },
  },
  {
    name: "an agent who opens /settings is sent to /contacts",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, "alex@sample-agency.test");
      await page.waitForURL(baseUrl + "/contacts");
      await page.getByRole("button", { name: /Alex Rivera/ }).click();
      for (const item of ["Payment Settings", "Contact Us", "Log out"])
        await page.getByRole("menuitem", { name: item }).waitFor();
      await page.keyboard.press("Escape");
      const toSettings = await page.goto(baseUrl + "/settings");
      await page.waitForURL(baseUrl + "/contacts");
      expect((await proxyRedirectOf(toSettings)) === "/contacts", "proxy.ts sent the agent away from the admin screen");
      await screenshot("contacts-agent");
    },
  },
  {
    name: "the resend link counts down from 60 seconds",
    async run({ page, baseUrl, expect }) {
      await requestLink(page, baseUrl, "jordan@sample-agency.test");
      const countdown = page.getByText(/Resend link in \d+ seconds/);
      await countdown.waitFor();
      const first = Number(/(\d+)/.exec(await countdown.textContent())[1]);
      expect(first >= 58 && first <= 60, `countdown starts near 60 (was ${first})`);
      await page.waitForTimeout(2200);
      const later = Number(/(\d+)/.exec(await countdown.textContent())[1]);
      expect(later <= first - 2, `countdown went from ${first} to ${later}`);
    },
  },
  {
    name: "join the waitlist",
    async run({ page, baseUrl, screenshot }) {
      await page.goto(baseUrl + "/waitlist");
      await page.getByLabel("Name").fill("Dana Broker");
      await page.getByLabel("Email").fill(`dana.${Date.now()}@brokers.example.com`);
      await page.getByLabel("Phone").pressSequentially("5125550123");
      await page.getByLabel("Number of agents").fill("0");
      await page.getByLabel("Book size (clients)").fill("1200");
      await page.getByRole("button", { name: "Join Waitlist" }).click();
      await page.getByText("Please fill out all fields correctly.").waitFor();
      await page.getByLabel("Number of agents").fill("3");
      await page.getByRole("button", { name: "Join Waitlist" }).click();
      await page.getByText("Thanks for joining! We'll be in touch soon.").waitFor();
      await screenshot("waitlist-joined");
    },
  },
  {
    name: "the onboarding link prefills signup, and needs names and email",
    async run({ page, baseUrl, expect }) {
      await page.goto(
        `${baseUrl}/onboarding?firstName=Kim&lastName=Lee&email=kim.lee%40agency.example.com&phone=5125550111&frame=9`,
      );
      await page.getByRole("heading", { name: "Get Started" }).waitFor();
      // The values may be put in when the form hydrates, after the server's heading shows.
      await page
        .waitForFunction((el) => el.value !== "", await page.getByLabel("First Name").elementHandle(), {
          timeout: 10_000,
        })
        .catch(() => {});
      expect((await page.getByLabel("First Name").inputValue()) === "Kim", "first name prefilled");
      expect((await page.getByLabel("Email").inputValue()) === "kim.lee@agency.example.com", "email prefilled");
      await page.goto(`${baseUrl}/onboarding?firstName=Kim`);
      await page.waitForURL(baseUrl + "/signup");
    },
  },
  {
    name: "logged out visitors of signed-in pages go to /login, and a stale session cookie is dropped",
    async run({ page, baseUrl, expect }) {
      for (const path of ["/contacts", "/dashboard", "/choose-plan", "/settings"]) {
        await page.goto(baseUrl + path);
        await page.waitForURL(baseUrl + "/login");
      }
      await page.context().addCookies([{ name: "authjs.session-token", value: "no-such-session", url: baseUrl }]);
      const toContacts = await page.goto(baseUrl + "/contacts");
      await page.waitForURL(baseUrl + "/login");
      expect((await proxyRedirectOf(toContacts)) === "/login", "proxy.ts sent the unknown session to /login");
      const left = (await page.context().cookies()).filter((c) => c.name.endsWith("authjs.session-token"));
      expect(left.length === 0, `the stale cookie is gone (left: ${left.map((c) => c.name).join(", ")})`);
    },
  },
];
