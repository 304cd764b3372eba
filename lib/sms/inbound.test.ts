import { NextRequest } from "next/server";
import twilio from "twilio";
import { POST as webhookPost } from "@/app/api/webhooks/twilio/sms/route";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { recordSmsConsent, smsConsentOf } from "@/lib/sms/consent";
import { smsKeywordOf } from "@/lib/sms/inbound";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The route reads the clock; the consent recorded before it is stamped a day earlier.
const now = new Date();
const before = new Date(now.getTime() - 86_400_000);
const ACCOUNT_SID = `AC${"1".repeat(32)}`;
const AUTH_TOKEN = "twilio-test-auth-token";
const PHONE = "5125550100";
const OTHER_PHONE = "5125550199";
const TEXT =
  "Yes, this agency may text me Medicare Supplement quotes. Msg & data rates may apply. Reply STOP to opt out.";
const PATH = "/api/webhooks/twilio/sms";

const ENV = { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM_NUMBER: "+15125550000" };
beforeAll(() => {
  Object.assign(process.env, ENV);
  resetEnvForTests();
});
afterAll(() => {
  for (const key of Object.keys(ENV)) delete process.env[key];
  resetEnvForTests();
});

let messageCounter = 0;
let ipCounter = 0;
function inbound(body: string, { from = `+1${PHONE}`, accountSid = ACCOUNT_SID } = {}) {
  messageCounter += 1;
  return {
    AccountSid: accountSid,
    MessageSid: `SM${String(messageCounter).padStart(32, "0")}`,
    From: from,
    To: "+15125550000",
    Body: body,
    NumMedia: "0",
  };
}

/** Posts the form as Twilio does; signed for the public URL unless `signature` says otherwise. */
async function post(params: Record<string, string>, signature?: string | null) {
  const url = `${getEnv().appUrl}${PATH}`;
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    "x-forwarded-for": `10.20.0.${++ipCounter % 250}`,
  };
  const signed = signature === undefined ? twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params) : signature;
  if (signed !== null) headers["x-twilio-signature"] = signed;
  // The request reaches the app at an internal address; the signature is over the public URL.
  const response = await webhookPost(
    new NextRequest(`http://10.0.0.5:3000${PATH}`, {
      method: "POST",
      headers,
      body: new URLSearchParams(params).toString(),
    }),
  );
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

async function consentedContact(organizationId: string, agentId: string, phoneNumber = PHONE) {
  const contact = await createContact(db.prisma, organizationId, { now: before });
  await db.prisma.contact.update({ where: { id: contact.id }, data: { phoneNumber } });
  await recordSmsConsent({
    organizationId,
    contactId: contact.id,
    source: "agent_recorded",
    text: TEXT,
    now: before,
    actorUserId: agentId,
  });
  return contact;
}

async function organizationWithAgent() {
  const org = await createOrganization(db.prisma, { now: before });
  const agent = await createUser(db.prisma, org.id, { now: before });
  return { org, agent };
}

/** An organization with one contact at PHONE who consented a day ago. */
async function consentedSetup() {
  const { org, agent } = await organizationWithAgent();
  return { org, contact: await consentedContact(org.id, agent.id) };
}

const consentOf = (organizationId: string, contactId: string) => smsConsentOf({ organizationId, contactId });

describe("keywords", () => {
  test.each([
    ["STOP", "stop"],
    ["stop", "stop"],
    ["  Stop  ", "stop"],
    ["Stop.", "stop"],
    ["STOPALL", "stop"],
    ["unsubscribe", "stop"],
    ["Cancel", "stop"],
    ["end", "stop"],
    ["QUIT!", "stop"],
    ["START", "start"],
    ["unstop", "start"],
    ["Yes", "start"],
    ["HELP", "help"],
    [" info ", "help"],
    ["please stop", null],
    ["STOP IT", null],
    ["", null],
    ["Hi, can you call me?", null],
  ])("%j → %s", (body, keyword) => {
    expect(smsKeywordOf(body)).toBe(keyword);
  });
});

describe("POST /api/webhooks/twilio/sms", () => {
  it("refuses a missing or wrong signature with 403, and one for another URL or body; records nothing", async () => {
    const { org, contact } = await consentedSetup();
    const params = inbound("STOP");
    const wrongUrl = twilio.getExpectedTwilioSignature(AUTH_TOKEN, `http://10.0.0.5:3000${PATH}`, params);
    const wrongToken = twilio.getExpectedTwilioSignature("another-token", `${getEnv().appUrl}${PATH}`, params);
    const forOtherBody = twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${getEnv().appUrl}${PATH}`, inbound("HELP"));
    for (const signature of [null, "", "bm90IGEgc2lnbmF0dXJl", wrongUrl, wrongToken, forOtherBody]) {
      const answer = await post(params, signature);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { code: "forbidden" } });
    }
    // Signed, but for another Twilio account.
    expect((await post(inbound("STOP", { accountSid: `AC${"2".repeat(32)}` }))).status).toBe(403);
    expect(await consentOf(org.id, contact.id)).toMatchObject({ allowed: true });
    expect(await db.prisma.consentEvent.count({ where: { contactId: contact.id } })).toBe(1);
  });

  test.each(["STOP", "stop", "  Unsubscribe ", "cancel", "END", "quit", "StopAll"])(
    "%j: opt_out recorded, honoured at once, and the standard confirmation",
    async (body) => {
      const { org, contact } = await consentedSetup();
      const answer = await post(inbound(body));
      expect(answer.status).toBe(200);
      expect(answer.type).toContain("text/xml");
      expect(answer.text).toContain("<Response><Message>");
      expect(answer.text).toContain("You are unsubscribed");
      expect(answer.text).toContain("Reply START to resubscribe");
      expect(await consentOf(org.id, contact.id)).toMatchObject({ allowed: false, reason: "opted_out" });
      const events = await db.prisma.consentEvent.findMany({ where: { contactId: contact.id, action: "opt_out" } });
      expect(events).toEqual([
        expect.objectContaining({ channel: "sms", source: "sms_keyword", phoneNumber: PHONE, consentText: null }),
      ]);
    },
  );

  test.each(["START", "unstop", " Yes "])("%j after STOP re-subscribes", async (body) => {
    const { org, contact } = await consentedSetup();
    await post(inbound("STOP"));
    expect(await consentOf(org.id, contact.id)).toMatchObject({ allowed: false });
    const answer = await post(inbound(body));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("You are resubscribed");
    expect(await consentOf(org.id, contact.id)).toMatchObject({ allowed: true, reason: "consented" });
  });

  test.each(["HELP", "info", " Help "])(
    "%j answers the help text naming the sender, and records nothing",
    async (body) => {
      const { contact } = await consentedSetup();
      const answer = await post(inbound(body));
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(`${getEnv().productName}: Medicare Supplement quote texts`);
      expect(answer.text).toContain(getEnv().supportEmail);
      expect(answer.text).toContain("Reply STOP to opt out");
      expect(await db.prisma.consentEvent.count({ where: { contactId: contact.id } })).toBe(1);
    },
  );

  test.each(["Hi, please call me", "stop texting me tomorrow", ""])(
    "%j: empty TwiML, nothing recorded",
    async (body) => {
      const { org, contact } = await consentedSetup();
      const answer = await post(inbound(body));
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
      expect(await db.prisma.consentEvent.count({ where: { contactId: contact.id } })).toBe(1);
      expect(await consentOf(org.id, contact.id)).toMatchObject({ allowed: true });
    },
  );

  it("a STOP reaches every organization's contacts with that number, and no contact with another number", async () => {
    const a = await organizationWithAgent();
    const b = await organizationWithAgent();
    const aContact = await consentedContact(a.org.id, a.agent.id);
    const bContact = await consentedContact(b.org.id, b.agent.id);
    const bOther = await consentedContact(b.org.id, b.agent.id, OTHER_PHONE);
    const bOtherBefore = await db.prisma.consentEvent.findMany({
      where: { organizationId: b.org.id, contactId: bOther.id },
    });
    await post(inbound("STOP"));
    expect(await consentOf(a.org.id, aContact.id)).toMatchObject({ allowed: false, reason: "opted_out" });
    expect(await consentOf(b.org.id, bContact.id)).toMatchObject({ allowed: false, reason: "opted_out" });
    expect(await consentOf(b.org.id, bOther.id)).toMatchObject({ allowed: true });
    expect(
      await db.prisma.consentEvent.findMany({ where: { organizationId: b.org.id, contactId: bOther.id } }),
    ).toEqual(bOtherBefore);
  });

  it("a sender outside the US, or a malformed form, changes nothing", async () => {
    const { org, contact } = await consentedSetup();
    expect((await post(inbound("STOP", { from: `+44${PHONE}` }))).status).toBe(200);
    const noSid = { ...inbound("STOP"), MessageSid: "nope" };
    expect((await post(noSid)).status).toBe(422);
    expect(await consentOf(org.id, contact.id)).toMatchObject({ allowed: true });
  });

  it("does not exist without Twilio's keys (404)", async () => {
    delete process.env.TWILIO_AUTH_TOKEN;
    delete process.env.TWILIO_ACCOUNT_SID;
    delete process.env.TWILIO_FROM_NUMBER;
    resetEnvForTests();
    try {
      expect((await post(inbound("STOP"), "anything")).status).toBe(404);
    } finally {
      Object.assign(process.env, ENV);
      resetEnvForTests();
    }
  });
});
