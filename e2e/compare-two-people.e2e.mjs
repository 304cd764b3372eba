// One link for two (issue #20 point 1, docs/households.md "One link for two"): a new agency adds Ann and Ben, links
// them as a household (POST /api/contacts/{id}/household), and the job runner's sweep (the dev run, as the outreach
// journey uses it) sends their one household email. The email's own quote link opens both people's quotes on a phone:
// "Whose quotes" shows one at a time, Ann first, then Ben with his own facts and his own token (his health questions;
// Back comes to both again); the consumer page rules hold (axe, text, targets, nothing sideways at 320 px); on a wide
// screen the two stand side by side. Once the household is undone, the same link shows Ann alone.
import { expectAccessibleConsumerPage } from "./a11y.mjs";
import { escapeRe, PHONE, runOutreach, signUpAgency } from "./helpers.mjs";

const stamp = Date.now().toString(36);
const admin = `tess.twopeople.${stamp}@agency.example.com`;

/** A birth date `years` before the day `days` from now (UTC), so the birthday email falls `days - 14` days out. */
function birthDate(days, years) {
  const day = new Date(Date.now() + days * 86_400_000);
  if (day.getUTCMonth() === 1 && day.getUTCDate() === 29) day.setUTCDate(28);
  return `${day.getUTCFullYear() - years}-${String(day.getUTCMonth() + 1).padStart(2, "0")}-${String(day.getUTCDate()).padStart(2, "0")}`;
}

async function addContact(page, baseUrl, expect, data) {
  const res = await page.request.post(baseUrl + "/api/contacts/create", {
    data: {
      lastName: "Twopeople",
      email: `${data.firstName.toLowerCase()}.${stamp}@client.example.com`,
      zipCode: "78701",
      planType: "Plan G",
      ...data,
    },
  });
  expect(res.ok(), `create ${data.firstName}: ${res.status()} ${await res.text()}`);
  return (await res.json()).contact;
}

/** The household email in /dev/outbox (a trial agency's emails go to its admin as [TEST]): its own quote button's href. */
async function householdEmailLink(page, baseUrl, partnerName) {
  await page.goto(baseUrl + "/dev/outbox");
  const emails = page.getByRole("link", { name: new RegExp(`To ${escapeRe(admin)}`) });
  await emails.first().waitFor();
  const count = Math.min(await emails.count(), 8);
  for (let i = 0; i < count; i++) {
    if (i > 0) await page.goto(baseUrl + "/dev/outbox");
    await emails.nth(i).click();
    const frame = page.frameLocator('iframe[title^="Email:"]');
    try {
      await frame.getByRole("link", { name: `See ${partnerName}'s quotes` }).waitFor({ timeout: 2_000 });
      return frame.getByRole("link", { name: "See your quotes" }).getAttribute("href");
    } catch {
      // Not the household email: the next older one.
    }
  }
  throw new Error("no household email in the outbox");
}

/** The household discount starts on for each person (Austin's sample carriers have household prices). */
async function householdOn(panel, expect, who) {
  expect(
    await panel.getByRole("switch", { name: "Household discount" }).isChecked(),
    `${who}: the household discount starts on`,
  );
}

export const journeys = [
  {
    name: "compare-two-people: the household email's one link shows both people's quotes (one at a time on a phone, side by side when wide), each with their own token",
    async run({ page, baseUrl, screenshot, expect }) {
      await signUpAgency(page, baseUrl, {
        firstName: "Tess",
        lastName: "Twopeople",
        organizationName: `Tess Twopeople ${stamp}`,
        email: admin,
        phoneDigits: "5125550191",
      });
      // The agency contracts every carrier (Settings → Carriers, through its API), so Austin has quotes.
      const current = await (await page.request.get(baseUrl + "/api/settings/org")).json();
      const { carriers } = await (await page.request.get(baseUrl + "/api/settings/carriers")).json();
      const saved = await page.request.put(baseUrl + "/api/settings/org", {
        data: { settings: { ...current.orgSettings, carrierContracts: carriers.map((c) => c.name) } },
      });
      expect(saved.ok(), `carriers saved: ${saved.status()} ${await saved.text()}`);
      // Birthdays two days apart, a month out: the two birthday emails fall in one household window (7 days).
      const ann = await addContact(page, baseUrl, expect, {
        firstName: "Annpair",
        birthDate: birthDate(30, 70),
        gender: "F",
        tobaccoUser: false,
      });
      const ben = await addContact(page, baseUrl, expect, {
        firstName: "Benpair",
        birthDate: birthDate(32, 74),
        gender: "M",
        tobaccoUser: true,
      });
      const linked = await page.request.post(`${baseUrl}/api/contacts/${ann.id}/household`, {
        data: { partnerId: ben.id },
      });
      expect(linked.ok(), `household link: ${linked.status()} ${await linked.text()}`);
      const householdId = (await linked.json()).household.id;

      // The job runner: the next three emails now (the two first emails, then the household's birthday email).
      const run = await runOutreach(page, baseUrl, 3);
      expect(run.sweep.sent >= 1, `the sweep sent the emails (${JSON.stringify(run)})`);
      const href = await householdEmailLink(page, baseUrl, "Benpair");
      expect(href, "the household email's own quote link");

      // A visitor on a phone, without a session, opens the email's link.
      const phone = await page.context().browser().newContext({ viewport: PHONE });
      try {
        const visitor = await phone.newPage();
        await visitor.goto(href);
        await visitor.waitForURL((url) => url.pathname.startsWith("/compare"));
        const leadToken = new URL(visitor.url()).searchParams.get("id");
        await visitor.getByRole("heading", { level: 1, name: "Personal Quotes" }).waitFor();
        const choice = visitor.getByRole("group", { name: "Whose quotes" });
        const annRadio = choice.getByRole("radio", { name: "Annpair's quotes" });
        const benRadio = choice.getByRole("radio", { name: "Benpair's quotes" });
        expect(await annRadio.isChecked(), "Ann's quotes show first");
        const annSection = visitor.getByRole("region", { name: "Annpair's quotes" });
        const benSection = visitor.getByRole("region", { name: "Benpair's quotes" });
        expect(!(await benSection.isVisible()), "one person at a time on a phone");
        await annSection.getByText(/^\d+, female, non-tobacco$/).waitFor();
        await householdOn(annSection, expect, "Ann");
        const box = await choice.locator("label").nth(1).boundingBox();
        expect(box.height >= 44, `the person buttons are at least 44 px tall (${box.height})`);
        await expectAccessibleConsumerPage(visitor, "two people, Ann (phone)", expect);
        await screenshot("compare-two-people-phone-ann", visitor);

        // Switch person: Ben's own quotes, his facts, his own token on his actions.
        await choice.getByText("Benpair's quotes").click();
        expect(await benRadio.isChecked(), "Ben chosen");
        await benSection.getByText(/^\d+, male, tobacco user$/).waitFor();
        expect(!(await annSection.isVisible()), "Ann's quotes give way to Ben's");
        await householdOn(benSection, expect, "Ben");
        await expectAccessibleConsumerPage(visitor, "two people, Ben (phone)", expect);
        await screenshot("compare-two-people-phone-ben", visitor);
        const benAdvantage = await benSection.getByRole("link", { name: "Explore Options" }).getAttribute("href");
        const benToken = new URL(benAdvantage, baseUrl).searchParams.get("id");
        expect(benToken && benToken !== leadToken, `Ben's actions carry his own token (${benAdvantage})`);
        await benSection
          .getByRole("button", { name: /^Select / })
          .first()
          .click();
        const qualify = visitor.getByRole("dialog");
        await qualify.waitFor();
        await qualify.getByRole("button", { name: "Continue" }).click();
        await visitor.waitForURL((url) => url.pathname === "/eligibility");
        expect(
          new URL(visitor.url()).searchParams.get("id") === benToken,
          `Ben's health questions are his own (${visitor.url()})`,
        );
        // Back comes to the two people again.
        await visitor.goBack();
        await visitor.getByRole("heading", { level: 1, name: "Personal Quotes" }).waitFor();

        // The keyboard: the arrow keys move between the two people.
        await annRadio.check();
        await annRadio.focus();
        await visitor.keyboard.press("ArrowRight");
        expect(await benRadio.isChecked(), "ArrowRight chooses Ben");
        await benSection.getByRole("heading", { level: 2, name: "Benpair's quotes" }).waitFor();

        await visitor.setViewportSize({ width: 320, height: 800 });
        const width = await visitor.evaluate(() => document.documentElement.scrollWidth);
        expect(width <= 320, `no sideways scroll at 320 px (${width})`);
        await screenshot("compare-two-people-320", visitor);

        // A wide screen: the two side by side, no person links.
        await visitor.setViewportSize({ width: 1280, height: 900 });
        const [annBox, benBox] = await Promise.all(
          ["Annpair's quotes", "Benpair's quotes"].map((name) =>
            visitor.getByRole("heading", { level: 2, name }).boundingBox(),
          ),
        );
        expect(annBox && benBox, "both headings show on a wide screen");
        expect(
          Math.abs(annBox.y - benBox.y) < 2 && benBox.x > annBox.x + 400,
          `side by side (${JSON.stringify([annBox, benBox])})`,
        );
        expect(
          !(await visitor.getByRole("navigation", { name: "Whose quotes" }).isVisible()),
          "no person links when wide",
        );
        await expectAccessibleConsumerPage(visitor, "two people (wide)", expect, { reflow: false });
        await screenshot("compare-two-people-wide", visitor);

        // The household undone: the same link shows Ann alone, as any link of hers would.
        const undone = await page.request.post(`${baseUrl}/api/households/${householdId}/dismiss`);
        expect(undone.ok(), `undo: ${undone.status()}`);
        await visitor.setViewportSize(PHONE);
        await visitor.goto(`${baseUrl}/compare?id=${encodeURIComponent(leadToken)}`);
        await visitor.getByRole("heading", { level: 1, name: "Personal Quote", exact: true }).waitFor();
        expect(
          (await visitor.getByRole("navigation", { name: "Whose quotes" }).count()) === 0,
          "one person once undone",
        );
        expect(!(await visitor.content()).includes("Benpair"), "nothing of Ben once undone");
        await screenshot("compare-two-people-undone", visitor);
      } finally {
        await phone.close();
      }
    },
  },
];
