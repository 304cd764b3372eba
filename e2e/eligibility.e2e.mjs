// The Underwriting Assessment on a phone: a contact opens it from a quote link, answers all No (→ accept)
// or a Yes with its follow-ups (→ decline); the agency then reads the answers in the contact's Health
// Assessment Results. Also the generic organization link (temporary contact) and a missing organization.
import { ELIGIBILITY_QUESTIONS, PHONE, signIn } from "./helpers.mjs";

/** Quote links for two of the sample agency's contacts, made through the app as its admin. */
async function quoteLinksForTwoContacts(page, baseUrl, expect) {
  await signIn(page, baseUrl, "admin@sample-agency.test");
  const list = await (await page.request.get(baseUrl + "/api/contacts?limit=50")).json();
  expect(list.contacts.length >= 2, "the sample agency has contacts");
  const [first, second] = list.contacts;
  const links = [];
  for (const contact of [first, second]) {
    const res = await page.request.post(`${baseUrl}/api/quotes/generate/${contact.id}`);
    expect(res.ok(), `quote link for ${contact.id}: ${res.status()}`);
    links.push({ contact, token: (await res.json()).quoteId });
  }
  return links;
}

const card = (page, title) => page.getByRole("region", { name: title });
const mainAnswer = (page, title, answer) =>
  card(page, title).getByRole("group").first().getByRole("button", { name: answer, exact: true });

export const journeys = [
  {
    name: "eligibility: answers from a quote link on a phone, accept and decline, read back on the contact page",
    async run({ page, baseUrl, screenshot, expect }) {
      const [accepting, declining] = await quoteLinksForTwoContacts(page, baseUrl, expect);
      await page.context().clearCookies();
      await page.setViewportSize(PHONE);

      // All No → accept
      await page.goto(`${baseUrl}/eligibility?id=${accepting.token}`);
      await page.getByRole("heading", { level: 1, name: "Underwriting Assessment" }).waitFor();
      await page
        .getByText("In order to qualify for a new Supplemental plan you must pass medical underwriting.", {
          exact: false,
        })
        .waitFor();
      await page.getByRole("heading", { name: "Looking to dramatically lower your monthly costs?" }).waitFor();
      const explore = await page.getByRole("link", { name: "Explore Options" }).getAttribute("href");
      expect(explore === `/schedule?id=${accepting.token}&status=decline`, `Explore Options goes to ${explore}`);
      await screenshot("eligibility-phone-empty");
      const next = page.getByRole("button", { name: "Next" });
      expect(await next.isDisabled(), "Next is disabled before any answer");
      for (const title of ELIGIBILITY_QUESTIONS.slice(0, -1)) await mainAnswer(page, title, "No").click();
      expect(await next.isDisabled(), "Next is disabled with one question unanswered");
      await mainAnswer(page, ELIGIBILITY_QUESTIONS.at(-1), "No").click();
      expect(
        (await mainAnswer(page, ELIGIBILITY_QUESTIONS.at(-1), "No").getAttribute("aria-pressed")) === "true",
        "No reads as pressed",
      );
      await screenshot("eligibility-phone-all-no");
      await next.click();
      await page.waitForURL(
        (url) =>
          url.pathname === "/schedule" &&
          url.searchParams.get("status") === "accept" &&
          url.searchParams.get("id") === accepting.token,
      );

      // A Yes with its follow-ups → decline
      const diagnosis = "Atrial fibrillation, diagnosed 2019 (e2e)";
      await page.goto(`${baseUrl}/eligibility?id=${declining.token}&orgId=sample-agency`);
      await page.getByRole("heading", { level: 1, name: "Underwriting Assessment" }).waitFor();
      await mainAnswer(page, "Heart Health", "Yes").click();
      const heart = card(page, "Heart Health");
      const details = heart.getByPlaceholder("Please provide details...");
      await details.waitFor();
      for (const title of ELIGIBILITY_QUESTIONS.slice(1)) await mainAnswer(page, title, "No").click();
      expect(await page.getByRole("button", { name: "Next" }).isDisabled(), "Next waits for the follow-ups of a Yes");
      await details.fill(diagnosis);
      const yesNoFollowUps = heart.getByRole("group");
      await yesNoFollowUps.nth(1).getByRole("button", { name: "Yes", exact: true }).click();
      await yesNoFollowUps.nth(2).getByRole("button", { name: "No", exact: true }).click();
      await screenshot("eligibility-phone-yes-with-follow-ups");
      await page.getByRole("button", { name: "Next" }).click();
      await page.waitForURL(
        (url) =>
          url.pathname === "/schedule" &&
          url.searchParams.get("status") === "decline" &&
          url.searchParams.get("id") === declining.token,
      );
      expect(!page.url().includes("@"), "no email address in the schedule URL");

      // The agency reads the answers back
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, baseUrl, "admin@sample-agency.test");
      await page.goto(`${baseUrl}/contact/${declining.contact.id}`);
      await page.getByRole("heading", { name: "Contact Details" }).waitFor();
      await page.getByText("Health issues identified").waitFor();
      await page.getByRole("button", { name: "View Results" }).click();
      const modal = page.getByRole("dialog");
      await modal.getByRole("heading", { name: "Health Issues Identified" }).waitFor();
      await modal.getByText(diagnosis).waitFor();
      await screenshot("eligibility-health-modal-issues");
      await page.keyboard.press("Escape");
      await modal.waitFor({ state: "hidden" });

      await page.goto(`${baseUrl}/contact/${accepting.contact.id}`);
      await page.getByRole("button", { name: "View Results" }).click();
      await page.getByRole("dialog").getByRole("heading", { name: "All Health Checks Passed" }).waitFor();
    },
  },
  {
    name: "eligibility: a generic organization link makes a temporary contact; a missing organization goes to the error page",
    async run({ page, baseUrl, screenshot, expect }) {
      await page.setViewportSize(PHONE);
      await page.goto(`${baseUrl}/eligibility?orgId=sample-agency`);
      await page.getByRole("heading", { level: 1, name: "Underwriting Assessment" }).waitFor();
      for (const title of ELIGIBILITY_QUESTIONS) await mainAnswer(page, title, "No").click();
      await page.getByRole("button", { name: "Next" }).click();
      await page.waitForURL(
        (url) =>
          url.pathname === "/schedule" &&
          url.searchParams.get("status") === "accept" &&
          /^[A-Za-z0-9_-]{43}$/.test(url.searchParams.get("id") ?? ""),
      );
      expect(
        !new URL(page.url()).searchParams.has("contactId"),
        "the schedule page is addressed by a link token, not a contact id",
      );

      await page.goto(`${baseUrl}/eligibility`);
      await page.waitForURL((url) => url.pathname === "/error");
      await page.getByText("Missing or invalid organization ID").waitFor();
      await page.goto(`${baseUrl}/eligibility?orgId=no-such-agency`);
      await page.waitForURL((url) => url.pathname === "/error");
      await screenshot("eligibility-missing-organization");
    },
  },
];
