// Outreach (issue #7), end to end on an agency of its own: import contacts → go live → the job runner's
// sweep (run on demand here: the browser suite switches the every-minute ticker off) → the welcome
// emails in /dev/outbox → the contact clicks the tracked link → the compare page → the contact shows
// the view and the clicked follow-up is planned → unsubscribing from an email cancels what was pending.
import { writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { escapeRe, openContact, runOutreach, signUpAgency } from "./helpers.mjs";

const stamp = Date.now().toString(36);
const admin = `morgan.outreach.${stamp}@agency.example.com`;
const contacts = [
  ["Avery", "Welcome", `avery.${stamp}@client.example.com`, "78701"],
  ["Blake", "Welcome", `blake.${stamp}@client.example.com`, "78702"],
  ["Casey", "Welcome", `casey.${stamp}@client.example.com`, "78703"],
];

export const journeys = [
  {
    name: "outreach: import → go live → sweep → outbox → tracked click → viewed + follow-up; unsubscribe cancels pending",
    async run({ page, baseUrl, screenshot, expect }) {
      await signUpAgency(page, baseUrl, {
        firstName: "Morgan",
        lastName: "Outreach",
        organizationName: `Morgan Outreach ${stamp}`,
        email: admin,
        phoneDigits: "5125550177",
      });

      // --- import three contacts
      await page.goto(baseUrl + "/contacts");
      await page.getByRole("button", { name: "+ Add Contact" }).click();
      await page
        .getByRole("dialog", { name: "Add Contacts" })
        .getByRole("button", { name: /Multiple Contacts via CSV/ })
        .click();
      const upload = page.getByRole("dialog", { name: "Upload CSV" });
      const file = join(tmpdir(), `outreach-${stamp}.csv`);
      writeFileSync(
        file,
        [
          "First Name,Last Name,Email,Current Carrier,Plan Type,Effective Date,Birth Date,Gender,ZIP Code",
          ...contacts.map(([f, l, e, zip]) => `${f},${l},${e},Aetna,Plan G,2021-03-01,1954-08-20,F,${zip}`),
        ].join("\n"),
      );
      try {
        await upload.getByLabel("CSV file").setInputFiles(file);
        await upload.getByRole("heading", { name: "Column Mapping" }).waitFor();
        await upload.getByRole("button", { name: "Upload", exact: true }).click();
      } finally {
        rmSync(file, { force: true });
      }
      const added = page.getByRole("dialog", { name: "Contacts Added" });
      await added.getByText("Congratulations Morgan, you've added 3 contacts!").waitFor();
      await added
        .getByText(
          "Your account is in trial mode: nothing will be sent to your contacts until you activate your account.",
        )
        .waitFor();
      // A trial sends a sample of [TEST] copies, not one per contact (issue #16).
      await added
        .getByText(
          "Meanwhile, you get [TEST] copies of the emails for your first 5 contacts only (not one per contact), so you can see what they will receive.",
        )
        .waitFor();
      await screenshot("outreach-trial-import-success", page);
      await added.getByRole("button", { name: "Done" }).click();

      // --- going live needs the agency's postal address: live emails print it, not the platform's (#18 point 17)
      await page.getByRole("button", { name: "Go Live Now" }).click();
      const refused = page.getByRole("dialog", { name: "Go live now?" });
      await refused.getByRole("button", { name: "Yes, go live" }).click();
      await refused
        .getByRole("alert")
        .getByText("Add your agency's postal address in Brand Settings before going live", { exact: false })
        .waitFor();
      await screenshot("outreach-go-live-needs-address", page);
      await refused.getByRole("link", { name: "Open Brand Settings" }).click();
      await page.waitForURL(baseUrl + "/brand-settings");
      await refused.waitFor({ state: "hidden" });
      await page.getByLabel("Postal Address").fill("Morgan Outreach, 12 Elm St, Austin, TX 78701");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByRole("status").filter({ hasText: "Settings saved successfully" }).waitFor();

      // --- go live: the welcome spread is queued for every contact
      await page.goto(baseUrl + "/contacts");
      await page.getByRole("button", { name: "Go Live Now" }).click();
      const confirm = page.getByRole("dialog", { name: "Go live now?" });
      await confirm.getByRole("button", { name: "Yes, go live" }).click();
      await confirm.waitFor({ state: "hidden" });

      // --- the job runner: reschedule (welcome emails over 30 days), then the sweep of the next three
      const run = await runOutreach(page, baseUrl, 3);
      expect(run.rescheduled === true, `the go-live reschedule ran (${JSON.stringify(run)})`);
      expect(run.sweep.sent === 3, `three welcome emails sent (${JSON.stringify(run.sweep)})`);

      // --- the emails are in the outbox, addressed to the contacts themselves (live: no [TEST])
      const [first, , third] = contacts;
      await page.goto(baseUrl + "/dev/outbox");
      for (const [, , email] of contacts)
        await page
          .getByRole("link", { name: new RegExp(`To ${escapeRe(email)}`) })
          .first()
          .waitFor();
      await page
        .getByRole("link", { name: new RegExp(`To ${escapeRe(first[2])}`) })
        .first()
        .click();
      await page
        .getByTestId("outbox-subject")
        .filter({ hasText: `${first[0]}, ` })
        .waitFor();
      const frame = page.frameLocator('iframe[title^="Email:"]');
      await frame.getByText(`Hi ${first[0]},`).waitFor();
      const subject = await page.getByTestId("outbox-subject").textContent();
      expect(!subject.includes("[TEST]"), `a live email is not a test (${subject})`);
      await screenshot("outreach-welcome-email");
      const quoteHref = await frame
        .getByRole("link", { name: /quotes/i })
        .first()
        .getAttribute("href");
      expect(
        quoteHref.startsWith(`${baseUrl}/api/t/click/`),
        `the quote link goes through the click tracker (${quoteHref})`,
      );
      const unsubscribeHref = await frame.getByRole("link", { name: "Unsubscribe" }).getAttribute("href");

      // --- the contact clicks it on a phone, without a session: redirected to the compare page
      const phone = await page
        .context()
        .browser()
        .newContext({ viewport: { width: 390, height: 844 } });
      const phonePage = await phone.newPage();
      await phonePage.goto(quoteHref);
      await phonePage.waitForURL((url) => url.pathname.startsWith("/compare"));
      await phonePage
        .getByText(/Plan G/)
        .first()
        .waitFor();
      await screenshot("outreach-compare-from-email", phonePage);

      // --- the agency sees it: Email Activity says Opened, Quote (30d) is ticked, the clicked follow-up is planned
      await openContact(page, baseUrl, first[2]);
      const activity = page.getByRole("region", { name: "Email Activity" });
      await activity.getByText("Opened").first().waitFor();
      const future = page.getByRole("region", { name: "Future Activity" });
      await future.getByText("Follow-up 2").waitFor();
      await screenshot("outreach-contact-after-click");
      await page.goto(baseUrl + "/contacts?hasViewedQuoteRecently=true");
      await page
        .getByRole("link", { name: new RegExp(`${first[0]} ${first[1]}`) })
        .first()
        .waitFor();

      // --- the agency's dashboard counts it: three quote emails sent today, one contact viewed
      await page.goto(baseUrl + "/dashboard?period=today");
      const cards = page.locator('section[data-ready-for="period=today"]');
      await cards.waitFor();
      const figure = async (key) => (await cards.getByTestId(`card-${key}`).locator("p").nth(1).textContent()).trim();
      expect((await figure("quotesSent")) === "3", `Quotes Sent today is 3 (was ${await figure("quotesSent")})`);
      expect((await figure("quotesViewed")) === "1", `View Count today is 1 (was ${await figure("quotesViewed")})`);
      await screenshot("outreach-dashboard-today");

      // --- the agent was told once: "… viewed their quote" is in the outbox, to the admin (no agent is assigned)
      const notice = page.getByRole("link", {
        name: new RegExp(`${first[0]} ${first[1]} viewed their quote.*To ${escapeRe(admin)}`),
      });
      for (let tries = 0; tries < 10 && !(await notice.count()); tries += 1) {
        await page.waitForTimeout(500);
        await page.goto(baseUrl + "/dev/outbox");
      }
      expect(
        (await notice.count()) === 1,
        `one "viewed their quote" email to the agent (found ${await notice.count()})`,
      );
      await notice.click();
      const noticeFrame = page.frameLocator('iframe[title^="Email:"]');
      await noticeFrame.getByRole("heading", { name: "Quote viewed" }).waitFor();
      await noticeFrame.getByRole("link", { name: "View contact" }).waitFor();
      await screenshot("outreach-agent-notified");

      // --- a contact who did nothing gets the cold follow-up
      await openContact(page, baseUrl, third[2]);
      await page.getByRole("region", { name: "Future Activity" }).getByText("Follow-up 1").waitFor();

      // --- the first contact unsubscribes from the email's footer: everything pending is cancelled at once
      await phonePage.goto(unsubscribeHref);
      await phonePage.getByRole("button", { name: "Unsubscribe" }).click();
      await phonePage.getByRole("heading", { name: "You have been unsubscribed." }).waitFor();
      await phone.close();
      await openContact(page, baseUrl, first[2]);
      await page
        .getByRole("region", { name: "Future Activity" })
        .getByText(/No upcoming/i)
        .waitFor();
      await screenshot("outreach-contact-unsubscribed");
    },
  },
];
