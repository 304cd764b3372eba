// Text quote links (issue #20 point 3, docs/sms.md), end to end on an agency of its own: the admin turns texts on in
// Settings → Outreach and previews the SMS; records a client's consent on Contact Details; the job runner's sweep
// texts the client once through Twilio (lib/testing/fake-twilio-server.ts, started here before run.mjs starts the
// app, which inherits the TWILIO_* variables); the client opens the short link on a phone and lands on the quotes;
// the client replies STOP (a webhook signed as Twilio signs it) and the card says so, with no text left planned.
import twilio from "twilio";
import { openContact, signUpAgency } from "./helpers.mjs";

let fake = null;
// Embedded runs only: a preview is built and configured as a host would (no fake services).
if (!process.env.E2E_PREVIEW_DATABASE_URL) {
  const { tsImport } = await import("tsx/esm/api");
  const { startFakeTwilioServer } = await tsImport("../lib/testing/fake-twilio-server.ts", import.meta.url);
  fake = await startFakeTwilioServer();
  Object.assign(process.env, {
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_FROM_NUMBER: "+15125550000",
    TWILIO_API_BASE: fake.url,
  });
}

const stamp = Date.now().toString(36);
const admin = `riley.texts.${stamp}@agency.example.com`;
const agency = `Riley Texts ${stamp}`;
const clientPhone = `737555${String(Date.now() % 10_000).padStart(4, "0")}`;
const clientEmail = `tess.${stamp}@client.example.com`;
/** A month and day `days` from today (UTC) in `year`: the client's moments fall inside the next 90 days whenever the suite runs. */
const dayFromNow = (days, year) => `${year}-${new Date(Date.now() + days * 86_400_000).toISOString().slice(5, 10)}`;
const pendingTexts = async (page, baseUrl, contactId) => {
  const response = await page.request.get(`${baseUrl}/api/contacts/${contactId}/scheduled-emails`);
  if (!response.ok()) throw new Error(`scheduled emails answered ${response.status()}`);
  return (await response.json()).scheduledEmails.filter((row) => row.email_type.startsWith("sms_"));
};

/**
 * The instant the journey's sweep runs at: now when it is between 10:00 and 19:00 in Austin (the client's zone),
 * else the next 10:00 there, so the quiet hours (8 am–9 pm) never decide the journey by the hour the suite runs.
 */
function inTheClientsDay(now = new Date()) {
  const hourIn = (instant) =>
    Number(
      new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hour: "numeric", hourCycle: "h23" }).format(
        instant,
      ),
    );
  let at = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000);
  if (hourIn(now) >= 10 && hourIn(now) < 19) return now;
  while (hourIn(at) !== 10) at = new Date(at.getTime() + 3_600_000);
  return at;
}

async function twilioPost(page, baseUrl, params) {
  const url = `${baseUrl}/api/webhooks/twilio/sms`;
  const signature = twilio.getExpectedTwilioSignature(fake.authToken, url, params);
  return page.request.post(url, {
    headers: { "x-twilio-signature": signature, "content-type": "application/x-www-form-urlencoded" },
    data: new URLSearchParams(params).toString(),
  });
}

export const journeys = [
  {
    name: "texts: Settings on with the SMS preview → consent on Contact Details → one text → short link → STOP",
    async run({ page, baseUrl, screenshot, expect }) {
      if (!fake) throw new Error("the fake Twilio server did not start");
      await signUpAgency(page, baseUrl, {
        firstName: "Riley",
        lastName: "Texts",
        organizationName: agency,
        email: admin,
        phoneDigits: "5125550166",
      });

      // --- a client with a phone number and a birthday
      const created = await page.request.post(baseUrl + "/api/contacts/create", {
        data: {
          firstName: "Tess",
          lastName: "Texting",
          email: clientEmail,
          phoneNumber: clientPhone,
          zipCode: "78701",
          // Birthday email 14 days before (+26 days), anniversary email 30 days before (+45 days): two texts to come.
          birthDate: dayFromNow(40, 1955),
          effectiveDate: dayFromNow(75, 2021),
          gender: "F",
          planType: "Plan G",
        },
      });
      expect(created.ok(), `create the client: ${created.status()} ${await created.text()}`);
      const contact = (await created.json()).contact;

      // --- live: the postal address, then Go Live
      await page.goto(baseUrl + "/brand-settings");
      await page.getByLabel("Postal Address").fill(`${agency}, 12 Elm St, Austin, TX 78701`);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByRole("status").filter({ hasText: "Settings saved successfully" }).waitFor();
      await page.goto(baseUrl + "/contacts");
      await page.getByRole("button", { name: "Go Live Now" }).click();
      const goLive = page.getByRole("dialog", { name: "Go live now?" });
      await goLive.getByRole("button", { name: "Yes, go live" }).click();
      await goLive.waitFor({ state: "hidden" });

      // --- Settings → Outreach: texts on, and the preview's SMS side
      await page.goto(baseUrl + "/settings");
      const outreach = page.getByRole("region", { name: "Outreach" });
      const smsBox = page.getByRole("checkbox", { name: "Text quote links (SMS)" });
      expect(!(await smsBox.isChecked()), "texts start off");
      await page
        .getByText("Texts go only to contacts whose consent to texts an agent has recorded", { exact: false })
        .waitFor();
      await smsBox.check();
      await outreach.getByRole("button", { name: "Preview", exact: true }).click();
      const preview = page.getByRole("dialog", { name: "Outreach Preview" });
      await preview.getByRole("button", { name: "SMS" }).click();
      const birthdaySample = preview.getByRole("listitem", { name: "Birthday text sample" });
      await birthdaySample
        .getByText(/Hi Pat! A birthday check on your Medicare Supplement: .*Reply STOP to opt out/)
        .waitFor();
      await birthdaySample.getByText(/of 160 characters/).waitFor();
      await screenshot("sms-settings-preview");
      await page.keyboard.press("Escape");
      await preview.waitFor({ state: "hidden" });
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByRole("status").filter({ hasText: "Settings saved successfully" }).waitFor();

      // --- Contact Details → Text messages: the consent, with the words the client agreed to
      await openContact(page, baseUrl, clientEmail);
      const card = page.getByRole("region", { name: "Text messages" });
      await card.getByText("No consent to text on file.").waitFor();
      await card.getByRole("button", { name: "Record SMS consent" }).click();
      const dialog = page.getByRole("dialog", { name: /SMS consent/i });
      const words = await dialog.getByLabel("Consent text").inputValue();
      expect(words.includes(agency) && words.includes("Reply STOP to opt out"), `the prefilled words (${words})`);
      const save = dialog.getByRole("button", { name: "Save Consent" });
      expect(await save.isDisabled(), "Save waits for the client's agreement");
      await dialog.getByRole("checkbox", { name: "The client agreed to these words" }).check();
      await screenshot("sms-consent-dialog");
      await save.click();
      await dialog.waitFor({ state: "hidden" });
      await card.getByText("Texts allowed since", { exact: false }).waitFor();
      await card.getByText("Recorded by an agent").waitFor();
      await screenshot("sms-consent-recorded");

      // --- the job runner: the queued reschedule, then the sweep of the next text (inside the client's day)
      const planned = await pendingTexts(page, baseUrl, contact.id);
      expect(planned.length >= 2, `texts planned beside the emails after the consent (${JSON.stringify(planned)})`);
      const before = fake.messages.length;
      const run = await page.request.post(baseUrl + "/api/dev/outreach/run", {
        data: { sendNext: 1, textsOnly: true, at: inTheClientsDay().toISOString() },
      });
      expect(run.ok(), `outreach run: ${run.status()} ${await run.text()}`);
      const texts = fake.messages.slice(before).filter((m) => m.to === `+1${clientPhone}`);
      expect(texts.length === 1, `one text to the client (${JSON.stringify(fake.messages.slice(before))})`);
      const body = texts[0].body;
      expect(body.startsWith(`${agency}: Hi Tess! `) || body.startsWith(`${agency}: `), `names the agency (${body})`);
      expect(body.endsWith("Reply STOP to opt out") && body.length <= 160, `one segment with the opt-out (${body})`);
      const shortLink = body.match(/https?:\/\/\S+\/s\/[A-Za-z0-9]{10}/)?.[0];
      expect(shortLink?.startsWith(baseUrl), `a short link on this app (${body})`);

      // --- a second run sends nothing more
      const again = await page.request.post(baseUrl + "/api/dev/outreach/run", {
        data: { at: inTheClientsDay().toISOString() },
      });
      expect(again.ok(), `second run: ${again.status()}`);
      expect(
        fake.messages.filter((m) => m.to === `+1${clientPhone}`).length === 1,
        "the same text is never sent twice",
      );

      // --- the client taps it on a phone: the quotes
      const phone = await page
        .context()
        .browser()
        .newContext({ viewport: { width: 390, height: 844 } });
      try {
        const phonePage = await phone.newPage();
        await phonePage.goto(shortLink);
        await phonePage.waitForURL((url) => url.pathname.startsWith("/compare"));
        await phonePage
          .getByText(/Plan G/)
          .first()
          .waitFor();
        await screenshot("sms-short-link-compare", phonePage);
      } finally {
        await phone.close();
      }

      // --- the client replies STOP: recorded at once, answered as Twilio expects
      const stop = await twilioPost(page, baseUrl, {
        AccountSid: fake.accountSid,
        MessageSid: `SM${Date.now().toString(16).padStart(32, "0")}`,
        From: `+1${clientPhone}`,
        To: "+15125550000",
        Body: "STOP",
      });
      expect(stop.ok(), `the STOP webhook: ${stop.status()}`);
      expect((await stop.text()).includes("<Response>"), "answers TwiML");
      const forged = await page.request.post(`${baseUrl}/api/webhooks/twilio/sms`, {
        headers: { "x-twilio-signature": "forged", "content-type": "application/x-www-form-urlencoded" },
        data: new URLSearchParams({ AccountSid: fake.accountSid, From: `+1${clientPhone}`, Body: "START" }).toString(),
      });
      expect(forged.status() === 403, `an unsigned START is refused (${forged.status()})`);

      await page.reload();
      await card.getByText("Opted out of texts on", { exact: false }).waitFor();
      await card.getByText("By text (STOP)").waitFor();
      const left = await pendingTexts(page, baseUrl, contact.id);
      expect(left.length === 0, `no text left planned after STOP (${JSON.stringify(left)})`);
      await screenshot("sms-after-stop");
    },
  },
];
