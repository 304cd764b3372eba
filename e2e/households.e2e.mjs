// Households (issue #20 point 1, docs/households.md): an admin has a contact at "14 Willow Ln"; they add a second
// one through the Add New Client form at "14 Willow Lane" (the same address, spelled otherwise). The new contact's
// page suggests the pair; Confirm makes it a household, and the list marks both. Undo asks first (Escape leaves
// it), then undoes; Link Spouse/Partner finds the other by name and links them. The two contacts are deleted at
// the end, so the sample agency is left as it was.
import { PHONE, signIn } from "./helpers.mjs";

const ADMIN = "admin@sample-agency.test";
const LAST = "Willowjourney";

const householdCard = (page) => page.getByRole("region", { name: "Household" });

export const journeys = [
  {
    name: "households: a suggestion from the address, Confirm, the list's mark, Undo asked first, Link Spouse/Partner",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, ADMIN);
      await page.waitForURL((url) => url.pathname === "/contacts");
      const stamp = Date.now();
      const first = await page.request.post(baseUrl + "/api/contacts/create", {
        data: {
          firstName: "Walter",
          lastName: LAST,
          email: `walter.${stamp}@example.test`,
          zipCode: "78701",
          streetAddress: "14 Willow Ln",
        },
      });
      expect(first.ok(), `create Walter: ${first.status()} ${await first.text()}`);
      const walter = (await first.json()).contact;
      let wendyId = null;
      try {
        // The second contact through the form, with the street spelled out and the ZIP.
        await page.getByRole("button", { name: "+ Add Contact" }).click();
        await page
          .getByRole("dialog", { name: "Add Contacts" })
          .getByRole("button", { name: /Single Contact/ })
          .click();
        const form = page.getByRole("dialog", { name: "Add New Client" });
        await form.getByLabel("First Name").fill("Wendy");
        await form.getByLabel("Last Name").fill(LAST);
        await form.getByLabel("Email").fill(`wendy.${stamp}@example.test`);
        await form.getByLabel("Phone Number").click(); // blur → email check
        await form.getByText("Email is available").waitFor();
        await form.getByLabel("Street Address").fill("14 Willow Lane");
        await form.getByLabel("ZIP Code").fill("78701");
        const state = form.getByLabel("State", { exact: true });
        await page.waitForFunction((el) => el.value === "TX", await state.elementHandle(), { timeout: 10_000 });
        const created = page.waitForResponse(
          (r) => r.url().endsWith("/api/contacts/create") && r.request().method() === "POST",
        );
        await form.getByRole("button", { name: "Add Client" }).click();
        const response = await created;
        expect(response.ok(), `create Wendy: ${response.status()}`);
        const wendy = (await response.json()).contact;
        wendyId = wendy.id;
        expect(wendy.streetAddress === "14 Willow Lane", `street saved as typed (${wendy.streetAddress})`);
        await form.waitFor({ state: "hidden" });

        // Wendy's page: the suggestion names Walter, with a link to his page.
        await page.goto(`${baseUrl}/contact/${wendy.id}`);
        const card = householdCard(page);
        await card.getByText("has the same address. Are they one household?").waitFor();
        expect(
          (await card.getByRole("link", { name: `Walter ${LAST}` }).getAttribute("href")) === `/contact/${walter.id}`,
          "the partner's name links to their page",
        );
        await page.getByRole("region", { name: "Profile" }).getByText("14 Willow Lane", { exact: true }).waitFor();
        await screenshot("households-suggested");

        await card.getByRole("button", { name: "Confirm" }).click();
        await page.getByRole("status").getByText("Household confirmed.").waitFor();
        await card.getByText(`Lives with Walter ${LAST}`).waitFor();
        await card.getByText("Confirmed", { exact: true }).waitFor();

        // The list marks both, with the partner in words.
        await page.goto(`${baseUrl}/contacts?search=${LAST.toLowerCase()}`);
        await page.getByText(`Household with Walter ${LAST}`).waitFor();
        await page.getByText(`Household with Wendy ${LAST}`).waitFor();
        await screenshot("households-list-marks");

        // Undo asks first; Escape leaves the household as it is.
        await page.goto(`${baseUrl}/contact/${walter.id}`);
        await card.getByText(`Lives with Wendy ${LAST}`).waitFor();
        await card.getByRole("button", { name: "Undo" }).click();
        const undo = page.getByRole("dialog", { name: "Undo Household" });
        await undo.getByText("will be treated as two separate people").waitFor();
        await page.keyboard.press("Escape");
        await undo.waitFor({ state: "hidden" });
        await card.getByText(`Lives with Wendy ${LAST}`).waitFor();
        await card.getByRole("button", { name: "Undo" }).click();
        await undo.getByRole("button", { name: "Undo Household" }).click();
        await page.getByRole("status").getByText("Household undone.").waitFor();
        await card.getByText("No household linked.").waitFor();

        // Link Spouse/Partner: search by name, pick, Link.
        await page.setViewportSize(PHONE);
        await card.getByRole("button", { name: "Link Spouse/Partner" }).click();
        const link = page.getByRole("dialog", { name: "Link Spouse/Partner" });
        expect(await link.getByRole("button", { name: "Link", exact: true }).isDisabled(), "Link waits for a choice");
        await link.getByLabel("Search contacts").fill("Wendy " + LAST);
        await link.getByRole("radio", { name: new RegExp(`Wendy ${LAST}`) }).check();
        await screenshot("households-link-dialog-phone");
        await link.getByRole("button", { name: "Link", exact: true }).click();
        await link.waitFor({ state: "hidden" });
        await page.getByRole("status").getByText("Household linked.").waitFor();
        await card.getByText(`Lives with Wendy ${LAST}`).waitFor();
        await card.getByText(/^Linked as spouse\/partner on /).waitFor();
        await screenshot("households-linked-phone");
      } finally {
        const ids = [walter.id, wendyId].filter(Boolean);
        await page.request.delete(baseUrl + "/api/contacts", { data: ids });
      }
    },
  },
];
