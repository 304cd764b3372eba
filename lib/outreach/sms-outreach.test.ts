import twilio from "twilio";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { rescheduleOrganization } from "@/lib/outreach/reschedule-contact";
import { runSweep } from "@/lib/outreach/sweep";
import { TEXT_CANCEL_REASONS } from "@/lib/outreach/text-rows";
import { planContactEmails } from "@/lib/outreach-schedule/plan";
import { recordSmsConsent } from "@/lib/sms/consent";
import { handleInboundSms } from "@/lib/sms/inbound";
import { resetSmsTransportForTests, sendSms } from "@/lib/sms/send";
import { shortLinkTarget } from "@/lib/sms/short-links";
import { setupTestDatabase } from "@/lib/testing/db";
import { startFakeTwilioServer, type FakeTwilioServer } from "@/lib/testing/fake-twilio-server";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

/**
 * Text quote links end to end below the browser (issue #20 point 3, lib/outreach/text-rows.ts): the reschedule
 * plans a text beside the birthday email only for a contact with recorded consent, the sweep sends it once through
 * (fake) Twilio with the agency's name and a short link, the short link leads through the click tracker, and STOP
 * stops the next one at once.
 */

const db = setupTestDatabase();
// 10:00 in Chicago. The birthday email (July 15) is due 2026-07-01 at the organization's send time.
const now = new Date("2026-06-01T15:00:00Z");
// Each agency's contact has its own number: a due text of an earlier test's agency must not count as this one's.
let phones = 100;
const nextPhone = () => `51255501${String(++phones).slice(-2)}`;
const TWILIO_KEYS = [
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM_NUMBER",
  "TWILIO_API_BASE",
  "SMS_TEST_NUMBER",
];
let fake: FakeTwilioServer;

function configure(vars: Record<string, string>) {
  for (const name of TWILIO_KEYS) delete process.env[name];
  Object.assign(process.env, vars);
  resetEnvForTests();
  resetSmsTransportForTests();
}

beforeAll(async () => {
  fake = await startFakeTwilioServer();
});
afterAll(async () => {
  configure({});
  await fake.close();
});
beforeEach(() =>
  configure({
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_FROM_NUMBER: "+15125550000",
    TWILIO_API_BASE: fake.url,
  }),
);

async function agency({ smsEnabled = true, consent = true, state = "TX" } = {}) {
  const org = await createOrganization(db.prisma, { now });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: { demoMode: false, wentLiveAt: new Date("2026-01-01T00:00:00Z"), smsEnabled, brandName: "Sunrise Insurance" },
  });
  const agent = await createUser(db.prisma, org.id, { now, isAdmin: true });
  const ann = await createContact(db.prisma, org.id, { now, firstName: "Ann", state });
  const phone = nextPhone();
  await db.prisma.contact.update({
    where: { id: ann.id },
    data: { birthDate: new Date("1955-07-15"), createdAt: new Date("2020-01-01T12:00:00Z"), phoneNumber: phone },
  });
  if (consent) await agentRecordsConsent(org.id, ann.id, agent.id);
  await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now });
  return { org, ann, phone, agent };
}

const agentRecordsConsent = (organizationId: string, contactId: string, actorUserId: string) =>
  recordSmsConsent({
    organizationId,
    contactId,
    source: "agent_recorded",
    text: "I agree to receive Medicare Supplement quote texts from Sunrise Insurance. Reply STOP to opt out.",
    now,
    actorUserId,
  });

const rowsOf = (contactId: string, emailType: string) =>
  db.prisma.scheduledEmail.findMany({ where: { contactId, emailType }, orderBy: { scheduledSendDate: "asc" } });
const textsTo = (phone: string) => fake.messages.filter((m) => m.to === `+1${phone}`);

async function stop(phone: string, at: Date) {
  const url = `${getEnv().appUrl}/api/webhooks/twilio/sms`;
  const params = {
    AccountSid: fake.accountSid,
    MessageSid: `SM${at.getTime().toString(16).padStart(32, "0")}`,
    From: `+1${phone}`,
    To: "+15125550000",
    Body: "STOP",
  };
  const signature = twilio.getExpectedTwilioSignature(fake.authToken, url, params);
  return handleInboundSms({ payload: new URLSearchParams(params).toString(), signature, url, now: at });
}

describe("text quote links", () => {
  it("plans a text beside the quote-moment email only with consent, the switch on and Twilio set up", async () => {
    const { ann } = await agency();
    const [email] = await rowsOf(ann.id, "birthday");
    const [text] = await rowsOf(ann.id, "sms_birthday");
    expect(text).toMatchObject({
      status: "pending",
      scheduledSendDate: email!.scheduledSendDate,
      priority: email!.priority,
    });
    // Texts are not emails: the follow-ups and the welcome are not texted.
    expect(
      (await db.prisma.scheduledEmail.findMany({ where: { contactId: ann.id } })).filter((r) =>
        r.emailType.startsWith("sms_"),
      ),
    ).toHaveLength(2); // this year's birthday and next year's

    const { ann: noConsent } = await agency({ consent: false });
    expect(await rowsOf(noConsent.id, "sms_birthday")).toEqual([]);
    const { ann: switchedOff } = await agency({ smsEnabled: false });
    expect(await rowsOf(switchedOff.id, "sms_birthday")).toEqual([]);
    configure({});
    const { ann: noTwilio } = await agency();
    expect(await rowsOf(noTwilio.id, "sms_birthday")).toEqual([]);
  });

  it("a whole-book run plans the text of a consent recorded since the last run, though the page's emails have not changed", async () => {
    const { org, ann, agent } = await agency({ consent: false });
    await agentRecordsConsent(org.id, ann.id, agent.id);
    // Whatever the consent itself re-planned, gone: the nightly run is what must catch up.
    await db.prisma.scheduledEmail.deleteMany({ where: { contactId: ann.id, emailType: { startsWith: "sms_" } } });
    await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now });
    const texts = await db.prisma.scheduledEmail.count({
      where: { contactId: ann.id, emailType: { startsWith: "sms_" } },
    });
    expect(texts).toBe(2); // this year's birthday and next year's, as with consent from the start
  });

  it("sends it once, with the agency's name and a short link that goes through the click tracker", async () => {
    const { org, ann, phone } = await agency();
    const [text] = await rowsOf(ann.id, "sms_birthday");
    const sendAt = new Date(text!.scheduledSendAt.getTime() + 60_000);
    const before = textsTo(phone).length;
    await runSweep({ now: sendAt, replan: false });
    await runSweep({ now: new Date(sendAt.getTime() + 60_000), replan: false });
    const sent = textsTo(phone).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatch(
      /^Sunrise Insurance: Hi Ann! A birthday check on your Medicare Supplement: http\S+\/s\/[A-Za-z0-9]{10} Reply STOP to opt out$/,
    );
    expect(sent[0]!.body.length).toBeLessThanOrEqual(160);
    const row = await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: text!.id } });
    expect(row).toMatchObject({
      status: "sent",
      sendMode: "production",
      providerMessageId: expect.stringMatching(/^SM/),
    });
    // The email went too, as its own row.
    expect((await rowsOf(ann.id, "birthday"))[0]!.status).toBe("sent");

    const code = sent[0]!.body.match(/\/s\/([A-Za-z0-9]{10})/)![1]!;
    const target = await shortLinkTarget({ code, now: sendAt });
    expect(target).toContain(`/api/t/click/${row.id}.`);
    expect(decodeURIComponent(target)).toContain(`tid=${row.trackingId}`);
    const link = await db.prisma.quoteLink.findUniqueOrThrow({ where: { shortCode: code } });
    expect(link).toMatchObject({ organizationId: org.id, contactId: ann.id });
    expect(await shortLinkTarget({ code: "Zz9Zz9Zz9Z", now: sendAt })).toMatch(/\/compare\?id=expired$/);
  });

  it("a sweeper that died after Twilio took the text does not text twice: the takeover is answered duplicate", async () => {
    const { ann, phone } = await agency();
    const [text] = await rowsOf(ann.id, "sms_birthday");
    // The earlier sweeper's send, under the row's key, before it could mark the row.
    expect(await sendSms({ to: phone, body: "earlier attempt", idempotencyKey: text!.idempotencyKey })).toMatchObject({
      status: "sent",
    });
    const before = textsTo(phone).length;
    const result = await runSweep({ now: new Date(text!.scheduledSendAt.getTime() + 60_000), replan: false });
    expect(textsTo(phone).length).toBe(before);
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: text!.id } })).toMatchObject({
      status: "sent",
    });
  });

  it("STOP is honoured at once: the contact is re-planned without texts, and the sweep sends none", async () => {
    const { org, ann, phone } = await agency();
    const [text] = await rowsOf(ann.id, "sms_birthday");
    expect(await stop(phone, new Date(now.getTime() + 60_000))).toMatchObject({ keyword: "stop", contactsChanged: 1 });
    expect((await rowsOf(ann.id, "sms_birthday")).filter((r) => r.status === "pending")).toEqual([]);
    expect((await rowsOf(ann.id, "birthday")).some((r) => r.status === "pending")).toBe(true);
    const before = textsTo(phone).length;
    await runSweep({ now: new Date(text!.scheduledSendAt.getTime() + 60_000), replan: false });
    expect(textsTo(phone).length).toBe(before);
    await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now });
    expect((await rowsOf(ann.id, "sms_birthday")).filter((r) => r.status === "pending")).toEqual([]);
  });

  it("the sweep reads the ledger again: an opt-out the schedule has not caught up with cancels the text", async () => {
    const { org, ann, phone } = await agency();
    const [text] = await rowsOf(ann.id, "sms_birthday");
    await db.prisma.consentEvent.create({
      data: {
        organizationId: org.id,
        contactId: ann.id,
        channel: "sms",
        action: "opt_out",
        source: "sms_keyword",
        occurredAt: new Date(now.getTime() + 60_000),
        phoneNumber: phone,
      },
    });
    const before = textsTo(phone).length;
    await runSweep({ now: new Date(text!.scheduledSendAt.getTime() + 60_000), replan: false });
    expect(textsTo(phone).length).toBe(before);
    expect(await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: text!.id } })).toMatchObject({
      status: "cancelled",
      skipReason: TEXT_CANCEL_REASONS.stopped,
    });
  });

  it("texts do not count against the email frequency cap (3 in 30 days)", async () => {
    const { org, ann } = await agency();
    // Birthday June 20: its email is due June 6. Three texts sent in the 30 days before would fill the cap.
    await db.prisma.contact.update({ where: { id: ann.id }, data: { birthDate: new Date("1955-06-20") } });
    await db.prisma.scheduledEmail.createMany({
      data: ["2026-05-20", "2026-05-25", "2026-05-30"].map((day, i) => ({
        organizationId: org.id,
        contactId: ann.id,
        emailType: "sms_aep",
        scheduledSendDate: new Date(day),
        scheduledSendAt: new Date(`${day}T15:00:00Z`),
        status: "sent" as const,
        sentAt: new Date(`${day}T15:00:00Z`),
        sendMode: "production" as const,
        idempotencyKey: `cap-test-${ann.id}-${i}`,
      })),
    });
    await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now });
    const [birthday] = await rowsOf(ann.id, "birthday");
    expect(birthday).toMatchObject({ scheduledSendDate: new Date("2026-06-06"), status: "pending", skipReason: null });
  });

  it("waits out the contact's quiet hours without spending an attempt", async () => {
    const { ann, phone } = await agency({ state: "CA" });
    const [email] = await rowsOf(ann.id, "birthday");
    const [text] = await rowsOf(ann.id, "sms_birthday");
    // Planned at 8:00 in Los Angeles, not at the organization's 9:00 in Chicago (7:00 there).
    expect(text!.scheduledSendAt.getTime()).toBeGreaterThan(email!.scheduledSendAt.getTime());
    expect(text!.scheduledSendAt.toISOString()).toMatch(/T15:00:00/);
    // A sweep that reaches it only at 22:30 in Los Angeles sends nothing and puts it back until 8:00.
    const late = new Date("2026-07-02T05:30:00Z");
    const before = textsTo(phone).length;
    await runSweep({ now: late, replan: false });
    expect(textsTo(phone).length).toBe(before);
    expect(await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: text!.id } })).toMatchObject({
      status: "pending",
      attemptCount: 0,
      scheduledSendAt: new Date("2026-07-02T15:00:00Z"),
    });
  });
});
