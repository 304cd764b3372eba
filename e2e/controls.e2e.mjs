// Controls that change behaviour (issue #16): on an agency of its own, Settings → Email Settings decide
// which emails a contact's Future Activity holds; a contact outside the agency's licensed states is
// marked "Not licensed" and gets no automatic email; "Allow agents to edit their own settings" decides
// whether an agent's profile offers the call-to-action settings.
//
// Dates are computed from the day the journey runs: the birthday is 50 days ahead (its email 14 days
// before, inside Future Activity's 90 days), the policy anniversary 200 days ahead (outside them), and
// AEP emails are switched off first so the birthday email is the only one left to switch.
import { chooseCsv, openContact, runOutreach, signIn, signUpAgency } from "./helpers.mjs";

const stamp = Date.now().toString(36);
const admin = `morgan.controls.${stamp}@agency.example.com`;
const agent = `jamie.controls.${stamp}@agency.example.com`;
const texan = { first: "Tess", last: "Licensed", email: `tess.${stamp}@client.example.com`, zip: "78701" };
const floridian = { first: "Flo", last: "Unlicensed", email: `flo.${stamp}@client.example.com`, zip: "33101" };

const DAY = 86_400_000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
/** The same month and day as `ms`, in `year`: a birth date or an effective date whose anniversary is that day. */
const sameDayIn = (ms, year) => `${year}${isoDay(ms).slice(4)}`.replace(/-02-29$/, "-02-28");

/** The email types in the contact's Future Activity table (empty when it says there are none). */
async function futureTypes(page, baseUrl, email) {
  await openContact(page, baseUrl, email);
  const future = page.getByRole("region", { name: "Future Activity" });
  await future
    .getByText(/Scheduled Date|No upcoming emails/)
    .first()
    .waitFor();
  return future.locator("tbody tr td:nth-child(2)").allTextContents();
}

/** Sets a settings switch to `on` and saves (no-op when it already is). */
async function setSwitch(page, baseUrl, name, on) {
  await page.goto(baseUrl + "/settings");
  await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
  const toggle = page.getByRole("switch", { name, exact: true });
  await toggle.waitFor();
  if ((await toggle.isChecked()) === on) return;
  await toggle.click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page
    .getByText(/Settings saved/i)
    .first()
    .waitFor();
}

export const journeys = [
  {
    name: "controls: Email Settings switch emails off, licensed states mark and skip contacts, agents' call-to-action follows the agency's switch",
    async run({ page, baseUrl, screenshot, expect }) {
      // The wizard licenses the agency in Texas only.
      await signUpAgency(page, baseUrl, {
        firstName: "Morgan",
        lastName: "Controls",
        organizationName: `Morgan Controls ${stamp}`,
        email: admin,
        phoneDigits: "5125550133",
      });

      const now = Date.now();
      const birthDate = sameDayIn(now + 50 * DAY, 1955);
      const effectiveDate = sameDayIn(now + 200 * DAY, 2021);
      await page.goto(baseUrl + "/contacts");
      const csv = [
        "First Name,Last Name,Email,Current Carrier,Plan Type,Effective Date,Birth Date,Gender,ZIP Code",
        ...[texan, floridian].map(
          (c) => `${c.first},${c.last},${c.email},Aetna,Plan G,${effectiveDate},${birthDate},F,${c.zip}`,
        ),
      ];
      const upload = await chooseCsv(page, `controls-${stamp}.csv`, Buffer.from(csv.join("\n")));
      await upload.getByRole("button", { name: "Upload", exact: true }).click();
      const added = page.getByRole("dialog", { name: "Contacts Added" });
      await added.getByText(/you've added 2 contacts!/).waitFor();
      await added.getByRole("button", { name: "Done" }).click();

      // --- licensed states: the Florida contact is marked in the list, the Texan is not
      await page.goto(baseUrl + "/contacts");
      const rowOf = (c) =>
        page.getByRole("row").filter({ has: page.getByRole("link", { name: `${c.first} ${c.last}` }) });
      await rowOf(floridian).getByText("Not licensed", { exact: true }).waitFor();
      expect(
        (await rowOf(texan).getByText("Not licensed", { exact: true }).count()) === 0,
        "a contact in a licensed state is not marked",
      );
      await screenshot("controls-not-licensed-badge");

      // --- Email Settings: with AEP off, the Texan's only upcoming email is the birthday one; the Floridian has none
      await setSwitch(page, baseUrl, "AEP emails", false);
      await runOutreach(page, baseUrl, 0);
      const before = await futureTypes(page, baseUrl, texan.email);
      expect(
        before.includes("Birthday"),
        `the Texan has a birthday email planned (Future Activity: ${JSON.stringify(before)})`,
      );
      expect(
        !before.some((type) => /AEP/i.test(type)),
        `AEP emails are off (Future Activity: ${JSON.stringify(before)})`,
      );
      expect(
        (await futureTypes(page, baseUrl, floridian.email)).length === 0,
        "no automatic email to a contact outside the licensed states",
      );

      // --- switching Birthday emails off removes it
      await setSwitch(page, baseUrl, "Birthday emails", false);
      await runOutreach(page, baseUrl, 0);
      const after = await futureTypes(page, baseUrl, texan.email);
      expect(!after.includes("Birthday"), `Birthday emails are off (Future Activity: ${JSON.stringify(after)})`);
      await screenshot("controls-birthday-off");

      // --- agents' own settings: add an agent, switch the agency's permission off, the agent's profile says the agency manages them
      await page.goto(baseUrl + "/add-agents");
      await page.getByRole("heading", { level: 1, name: "Manage Agents" }).waitFor();
      const add = page.getByRole("region", { name: "Add Another Agent" });
      await add.getByLabel("First Name").fill("Jamie");
      await add.getByLabel("Last Name").fill("Controls");
      await add.getByLabel("Email").fill(agent);
      await add.getByLabel("Phone").pressSequentially("5125550134");
      await add.getByText("Email address is valid").waitFor();
      await add.getByRole("button", { name: "Add Agent" }).click();
      await page.getByText("Jamie Controls was added. We emailed them an invitation with a sign-in link.").waitFor();
      // Agents may only use their own details when the sender is "Agent Choice"; then the permission decides.
      await page.goto(baseUrl + "/settings");
      await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
      await page.getByRole("radio", { name: /Agent Choice/ }).check();
      const permission = page.getByRole("switch", { name: "Allow agents to edit their own settings", exact: true });
      if (await permission.isChecked()) await permission.click();
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page
        .getByText(/Settings saved/i)
        .first()
        .waitFor();

      // The agent signs in in a browser of their own; the admin stays signed in in this one.
      const agentContext = await page.context().browser().newContext();
      const agentPage = await agentContext.newPage();
      try {
        await signIn(agentPage, baseUrl, agent);
        await agentPage.goto(baseUrl + "/profile");
        await agentPage.getByRole("heading", { level: 1, name: "Profile" }).waitFor();
        await agentPage
          .getByText("Your agency manages your call-to-action settings. Ask an admin to change them.")
          .waitFor();
        expect(
          (await agentPage.getByRole("checkbox", { name: "Use my organization's contact details" }).count()) === 0,
          "no call-to-action controls while the agency manages them",
        );
        await screenshot("controls-agent-profile-managed", agentPage);

        // --- switched on, the agent's profile offers them
        await setSwitch(page, baseUrl, "Allow agents to edit their own settings", true);
        await agentPage.reload();
        await agentPage.getByRole("checkbox", { name: "Use my organization's contact details" }).waitFor();
        expect(
          (await agentPage
            .getByText("Your agency manages your call-to-action settings. Ask an admin to change them.")
            .count()) === 0,
          "the managed message is gone",
        );
        await screenshot("controls-agent-profile-editable", agentPage);
      } finally {
        await agentContext.close();
      }
    },
  },
];
