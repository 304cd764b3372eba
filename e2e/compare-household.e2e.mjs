// The compare page's household default (issue #20 point 1, docs/households.md "The compare page"): an admin adds
// two Texas contacts; the first one's quote link opens with the household toggle off. The admin pairs the two
// (POST /api/contacts/{id}/household, a confirmed spouse/partner link); the same link then opens with the toggle
// on, the household prices and the reason in plain words, and the visitor can turn it off. The two contacts are
// deleted at the end, so the sample agency is left as it was.
import { compareUrlFor, createContactViaApi, PHONE, signIn } from "./helpers.mjs";

const ADMIN = "admin@sample-agency.test";
const REASON =
  "On because our records show you share your home with someone, such as a spouse or partner. You can turn it off.";

const addContact = (page, baseUrl, expect, firstName) =>
  createContactViaApi(page, baseUrl, expect, {
    firstName,
    lastName: "Householdjourney",
    email: `${firstName.toLowerCase()}.household.${Date.now()}@example.test`,
  });

/** Opens the quote link as a signed-out visitor on a phone, once the page has hydrated (it reports its view then). */
async function openAsVisitor(page, url) {
  await page.context().clearCookies();
  await page.setViewportSize(PHONE);
  const reported = page.waitForResponse((r) => r.url().includes("/api/tracking/log-tracking-click"));
  await page.goto(url);
  await page.getByRole("heading", { name: "Personal Quote" }).waitFor();
  await reported;
  return page.getByRole("switch", { name: "Household discount" });
}

const saving = (page) => page.getByText(/^Household discount: \$\d+\.\d{2} a month off/);

export const journeys = [
  {
    name: "compare-household: a paired contact's quote link opens with the household discount on, and it can be turned off",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, ADMIN);
      const ann = await addContact(page, baseUrl, expect, "Annhousehold");
      const ben = await addContact(page, baseUrl, expect, "Benhousehold");
      try {
        const url = await compareUrlFor(page, baseUrl, expect, ann.id);

        // Not paired: the toggle is there (Texas carriers give household prices) and off.
        let toggle = await openAsVisitor(page, url);
        expect(!(await toggle.isChecked()), "the household toggle is off for a contact in no household");
        expect((await page.getByText(REASON).count()) === 0, "no reason line when not paired");
        expect((await saving(page).count()) === 0, "standard prices when not paired");

        // The admin pairs the two: an explicit spouse/partner link, confirmed at once.
        await signIn(page, baseUrl, ADMIN);
        const linked = await page.request.post(`${baseUrl}/api/contacts/${ann.id}/household`, {
          data: { partnerId: ben.id },
        });
        expect(linked.ok(), `household link: ${linked.status()} ${await linked.text()}`);
        expect((await linked.json()).household.status === "confirmed", "the link is a confirmed household");

        // Paired: the same link opens with the toggle on, the household prices and the reason.
        toggle = await openAsVisitor(page, url);
        expect(await toggle.isChecked(), "the household toggle starts on for a paired contact");
        await page.getByText(REASON).waitFor();
        await saving(page).first().waitFor();
        const html = await page.content();
        expect(!html.includes(ben.id) && !html.includes("Benhousehold"), "the page does not name the partner");
        await screenshot("compare-household-default-on");

        // The visitor can turn it off: standard prices, the household price offered beside each, no reason line.
        await toggle.uncheck();
        expect(!(await toggle.isChecked()), "turned off");
        await page
          .getByText(/^With household discount: \$\d+\.\d{2}\/mo/)
          .first()
          .waitFor();
        expect((await page.getByText(REASON).count()) === 0, "no reason line once turned off");
        expect((await saving(page).count()) === 0, "no household saving once turned off");
        await screenshot("compare-household-default-turned-off");
      } finally {
        await signIn(page, baseUrl, ADMIN);
        for (const contact of [ann, ben]) await page.request.delete(`${baseUrl}/api/contacts/${contact.id}`);
      }
    },
  },
];
