// Shared by the journeys: reading the outbox, and signing in by emailed link.
//
// Journeys sign in often as the same few users; each sign-in by emailed link counts against the login
// rate limits (5 links per address per 15 minutes, 20 per IP per hour), which a full run would exceed.
// So a journey that only needs to *be* signed in reuses the session an earlier journey started, after
// checking with the server that it is still valid. The sign-in flow itself is still clicked through
// by the journeys that test it (e2e/accounts.e2e.mjs).
const sessions = new Map();

/** Restores `email`'s session if one is cached and still valid, and opens its landing page. */
async function reuseSession(page, baseUrl, email) {
  const cookies = sessions.get(email);
  if (!cookies) return false;
  await page.context().addCookies(cookies);
  const session = await (await page.request.get(baseUrl + "/api/auth/session")).json();
  if (!session.valid || session.email !== email) {
    sessions.delete(email);
    await page.context().clearCookies();
    return false;
  }
  await page.goto(baseUrl + session.redirectUrl);
  return true;
}

/** Remembers the session cookie the browser now holds for `email`. */
async function rememberSession(page, email) {
  const cookies = (await page.context().cookies()).filter((c) => c.name.endsWith("authjs.session-token"));
  if (cookies.length) sessions.set(email, cookies);
}

/**
 * Where proxy.ts sent a navigation before any page rendered: the first hop's Location when the proxy
 * answered it with a redirect (its responses carry Server-Timing proxy;dur), else null. Pages redirect
 * with 307s too, so the header is what tells the two apart.
 */
export async function proxyRedirectOf(response) {
  let request = response.request();
  while (request.redirectedFrom()) request = request.redirectedFrom();
  const first = await request.response();
  const fromProxy = first?.status() === 307 && /\bproxy;dur=/.test(first.headers()["server-timing"] ?? "");
  return fromProxy ? new URL(first.headers()["location"], request.url()).pathname : null;
}

/** A phone's viewport (the public pages are opened from emails on phones). */
export const PHONE = { width: 390, height: 844 };
/** An agency logo for the journeys: a real 240x60 PNG (green block, blue bar, white stripe), the size the forms recommend. */
export const LOGO_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAPAAAAA8CAIAAADXHaAKAAAAz0lEQVR42u3aQQ0AIAwEwUrABMpQgiw0IaIY4E2AzGUddJ6NMvpz1TalbQG0gAZaQAMtoIEW0AIaaAENtIAGWkADLaAFNNACGmgBDbSABlpAC2igBTTQAhpoAe1sAlpAAy2ggRbQR0Gn3T2ggQYaaAMaaAMaaAMaaKCBBhpooA1ooA1ooA1ooIEGGmiggTaggTaggTag/UMLaAENtIAGWkADLaCBFtACGmgBDbSABlpAAy2gBTTQAhpoAQ20gJaAFtBAC2igBTTQAloCWr+2AH9t0niod/REAAAAAElFTkSuQmCC";

/** The seven main questions of the Underwriting Assessment, in order. */
export const ELIGIBILITY_QUESTIONS = [
  "Heart Health",
  "Lung Health",
  "Cancer History",
  "Diabetes with Complications",
  "Memory or Cognitive Health",
  "Recent and Current Hospitalizations",
  "Current Hospitalization or Medical Test",
];

export const escapeRe = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Opens the newest email to `to` in /dev/outbox that has a button named `buttonName`, and returns the
 * button's href. Newest first, a few deep: the outreach ticker may have sent the same person a [TEST]
 * email (a trial agency's scheduled emails go to its agents) since the one the journey waits for.
 */
export async function latestEmailLink(page, baseUrl, to, buttonName) {
  await page.goto(baseUrl + "/dev/outbox");
  const emails = page.getByRole("link", { name: new RegExp(`To ${escapeRe(to)}`) });
  await emails.first().waitFor();
  const count = Math.min(await emails.count(), 8);
  for (let i = 0; i < count; i++) {
    if (i > 0) await page.goto(baseUrl + "/dev/outbox");
    await emails.nth(i).click();
    const button = page.frameLocator('iframe[title^="Email:"]').getByRole("link", { name: buttonName });
    try {
      await button.waitFor({ timeout: i === count - 1 ? 10_000 : 1_500 });
      return button.getAttribute("href");
    } catch {
      // Not this one: try the next older email to the same address.
    }
  }
  throw new Error(`no email to ${to} with a "${buttonName}" button in the outbox`);
}

/** The outbox entry (its href) of the newest email to `to`, or null. */
export async function newestEmailTo(page, baseUrl, to) {
  await page.goto(baseUrl + "/dev/outbox");
  const newest = page.getByRole("link", { name: new RegExp(`To ${escapeRe(to)}`) }).first();
  return (await newest.count()) ? newest.getAttribute("href") : null;
}

/**
 * Waits until the outbox shows an email to `to` newer than `previous` (newestEmailTo before the request):
 * /api/auth/login sends the link after it has answered (lib/auth/login.ts), so it can arrive a moment
 * after the page says "sent".
 */
export async function waitForNewEmailTo(page, baseUrl, to, previous, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const newest = await newestEmailTo(page, baseUrl, to);
    if (newest && newest !== previous) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`no new email to ${to} in the outbox within ${timeoutMs / 1000} s`);
}

/**
 * A self-signup's confirmation (docs/security.md "Public forms"): opens the newest "{firstName}, please
 * confirm your email" in /dev/outbox (in a trial agency it went to the agent as [TEST]), follows its
 * "Confirm my email" link, presses the page's button (the page itself never confirms on load) and
 * returns the "See your quotes" href.
 */
export async function confirmSignupFromOutbox(page, baseUrl, firstName) {
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
  await page.goto(href);
  await page.getByRole("heading", { name: "Please confirm your email" }).waitFor();
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await page.getByRole("heading", { name: "Thank you, your email is confirmed." }).waitFor();
  return page.getByRole("link", { name: "See your quotes" }).getAttribute("href");
}

/** Asks /login for a link and waits for both "sent" texts. */
export async function requestLink(page, baseUrl, email) {
  await page.goto(baseUrl + "/login");
  await page.getByRole("heading", { level: 1, name: "Welcome Back To Gapwise" }).waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send login link" }).click();
  await page.getByText("If your email is registered, you'll receive a login link soon.").waitFor();
  await page.getByText("Check your inbox and spam folder.").waitFor();
}

/**
 * Signed in as `email`, on the account's landing page: a still-valid earlier session, or a new one
 * by emailed link. Returns the link when one was followed.
 */
export async function signIn(page, baseUrl, email) {
  if (await reuseSession(page, baseUrl, email)) return null;
  const previous = await newestEmailTo(page, baseUrl, email);
  await requestLink(page, baseUrl, email);
  await waitForNewEmailTo(page, baseUrl, email, previous);
  const href = await latestEmailLink(page, baseUrl, email, /Log in|Activate and log in/);
  await page.goto(href);
  await page.waitForURL((url) => !url.pathname.startsWith("/auth/"));
  await rememberSession(page, email);
  return href;
}

/** A new agency's admin signs up and follows the activation link from the outbox: on /choose-plan. */
export async function signUpToChoosePlan(
  page,
  baseUrl,
  { firstName = "Morgan", lastName = "Billing", organizationName, email, phoneDigits = "5125550142" },
) {
  await page.goto(baseUrl + "/signup");
  await page.getByRole("heading", { name: "Get Started" }).waitFor();
  await page.getByLabel("First Name").fill(firstName);
  await page.getByLabel("Last Name").fill(lastName);
  await page.getByLabel("Organization Name").fill(organizationName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").pressSequentially(phoneDigits);
  await page.getByText("Email address is valid").waitFor();
  await page.getByRole("button", { name: "Get Started" }).click();
  await page.getByText("Check your email").waitFor();
  await waitForNewEmailTo(page, baseUrl, email, null); // the signup answers first and emails after (lib/organizations/sign-up-organization.ts)
  await page.goto(await latestEmailLink(page, baseUrl, email, "Activate and log in"));
  await page.waitForURL((url) => url.pathname === "/choose-plan");
}

/**
 * A new agency of its own, for journeys that change organization-wide state (going live): signup,
 * activation link, the Pro plan in billing-off mode, and the setup wizard with the least it accepts
 * (Personal Details as signed up). Ends signed in as its admin on the dashboard, with the contacts page's
 * Welcome tutorial already closed unless keepContactsTutorial.
 */
export async function signUpAgency(
  page,
  baseUrl,
  { firstName, lastName, organizationName, email, phoneDigits, keepContactsTutorial = false },
) {
  await signUpToChoosePlan(page, baseUrl, { firstName, lastName, organizationName, email, phoneDigits });
  await page.getByRole("button", { name: "Choose Pro" }).click();
  await page.waitForURL((url) => url.pathname === "/setup/settings");
  const next = page.getByRole("button", { name: "Continue" });
  // Personal Details comes filled in from the signup.
  await page.getByRole("heading", { level: 2, name: "Personal Details" }).waitFor();
  await next.click();
  await page.getByRole("heading", { level: 2, name: "Company Settings" }).waitFor();
  const phone = page.getByLabel("Phone");
  await phone.fill("");
  await phone.pressSequentially(phoneDigits);
  await next.click();
  await page.getByRole("heading", { level: 2, name: "Carrier Information" }).waitFor();
  const carriers = page.getByRole("list", { name: "Carriers" }).getByRole("checkbox");
  if (!(await carriers.nth(0).isChecked())) await carriers.nth(0).check();
  await page.getByRole("checkbox", { name: "Texas", exact: true }).check();
  await next.click();
  await page.getByRole("heading", { level: 2, name: "More Team Members?" }).waitFor();
  await next.click();
  await page.getByRole("heading", { level: 2, name: "Payment" }).waitFor();
  await page.getByRole("button", { name: "Finish setup" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
  const walkthrough = page.getByRole("dialog", { name: /Welcome to/ });
  await walkthrough.waitFor();
  await walkthrough.getByRole("button", { name: "Got it, Don't Show Again" }).click();
  await walkthrough.waitFor({ state: "hidden" });
  // The empty book's Welcome tutorial on /contacts is its own journey's (e2e/client-screens.e2e.mjs); the others skip it.
  if (!keepContactsTutorial) {
    const dismissed = await page.request.post(baseUrl + "/api/profile/dismiss-contacts-tutorial");
    if (!dismissed.ok()) throw new Error(`dismissing the contacts tutorial failed: ${dismissed.status()}`);
  }
}

/** Waits until an input shows `value` (a looked-up state, for example). */
export async function waitForValue(locator, value) {
  for (let i = 0; i < 100; i++) {
    if ((await locator.inputValue()) === value) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`input never showed ${value}`);
}

/** Fills the self-onboarding form (a trial agency's public page) as a consumer would. */
export async function fillSelfOnboarding(
  page,
  { email, firstName = "Robin", zip = "78737", county = "Travis County" },
) {
  // A county select appears only for a ZIP with several counties (78737: Hays and Travis).
  await page.getByLabel(/^First Name/).fill(firstName);
  await page.getByLabel(/^Last Name/).fill("Signup");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone Number/).pressSequentially("5125550199");
  await page.getByLabel(/^ZIP Code/).fill(zip);
  await waitForValue(page.getByLabel(/^State/), "TX");
  if (county) await page.getByLabel(/^County/).selectOption(county);
  await page.getByLabel(/^Date of Birth/).fill("1958-04-12");
  await page
    .getByRole("group", { name: /Gender/ })
    .getByText("Female", { exact: true })
    .click();
  await page
    .getByRole("group", { name: /Tobacco User/ })
    .getByText("No", { exact: true })
    .click();
  await page
    .getByRole("group", { name: /currently have/ })
    .getByText("Yes", { exact: true })
    .click();
  await page.getByLabel(/^Current Carrier/).selectOption("Humana");
  await page.getByLabel(/Current Monthly Premium/).fill("152.40");
  await page.getByLabel(/^Plan Type/).selectOption("Plan G");
  await page.getByRole("checkbox", { name: /may email me Medicare Supplement quotes/ }).check();
}

/** POST /api/dev/outreach/run as the signed-in admin: the queued reschedule, then a sweep of the next `sendNext` emails. */
export async function runOutreach(page, baseUrl, sendNext) {
  const response = await page.request.post(baseUrl + "/api/dev/outreach/run", { data: { sendNext } });
  if (!response.ok()) throw new Error(`outreach run answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

/** The contact's detail page, found through the list's search. */
export async function openContact(page, baseUrl, email) {
  await page.goto(baseUrl + "/contacts?search=" + encodeURIComponent(email));
  await page.locator('table a[href^="/contact/"]').first().click();
  await page.getByRole("heading", { name: "Contact Details" }).waitFor();
}

/** Opens the CSV upload from the contact list and chooses a generated file: the Upload CSV dialog, at Column Mapping. */
export async function chooseCsv(page, name, buffer) {
  await page.getByRole("button", { name: "+ Add Contact" }).click();
  await page
    .getByRole("dialog", { name: "Add Contacts" })
    .getByRole("button", { name: /Multiple Contacts via CSV/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Upload CSV" });
  await dialog.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer });
  await dialog.getByRole("heading", { name: "Column Mapping" }).waitFor();
  return dialog;
}

/**
 * Contact Details → Send Quote, until "Email Sent". A live agency is asked first (the "Send Quote" dialog: Send Email);
 * a trial sends at once (the email goes to the sender's own address).
 */
export async function sendQuoteFromContact(page) {
  await page.getByRole("button", { name: "Send Quote", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Send Quote" });
  const sent = page.getByRole("button", { name: "Email Sent" });
  await dialog.or(sent).first().waitFor();
  if (await dialog.isVisible()) await dialog.getByRole("button", { name: "Send Email" }).click();
  await sent.waitFor();
}

/**
 * Adds a contact through the API as the signed-in agent: a woman born 1958-04-12 in Austin (78701) on Plan G, unless
 * `fields` say otherwise. Answers the created contact.
 */
export async function createContactViaApi(page, baseUrl, expect, fields) {
  const res = await page.request.post(baseUrl + "/api/contacts/create", {
    data: {
      zipCode: "78701",
      birthDate: "1958-04-12",
      gender: "F",
      tobaccoUser: false,
      planType: "Plan G",
      ...fields,
    },
  });
  expect(res.ok(), `create ${fields.firstName}: ${res.status()} ${await res.text()}`);
  return (await res.json()).contact;
}

/** Makes a contact's quote link through the API and answers its compare page's address. */
export async function compareUrlFor(page, baseUrl, expect, contactId) {
  const res = await page.request.post(`${baseUrl}/api/quotes/generate/${contactId}`);
  expect(res.ok(), `quote link: ${res.status()}`);
  return `${baseUrl}/compare?id=${(await res.json()).quoteId}`;
}
