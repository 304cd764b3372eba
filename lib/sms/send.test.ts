import { resetEnvForTests } from "@/lib/env";
import { classifySmsError, resetSmsTransportForTests, routeSms, sendSms } from "@/lib/sms/send";
import { setupTestDatabase } from "@/lib/testing/db";
import {
  FAKE_TWILIO_INVALID_NUMBER,
  startFakeTwilioServer,
  type FakeTwilioServer,
} from "@/lib/testing/fake-twilio-server";

const db = setupTestDatabase();
const KEYS = [
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM_NUMBER",
  "TWILIO_MESSAGING_SERVICE_SID",
  "TWILIO_API_BASE",
  "SMS_TEST_NUMBER",
] as const;
let fake: FakeTwilioServer;
let keyCounter = 0;
const key = () => `test-sms-${++keyCounter}`;

function configure(vars: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const name of KEYS) delete process.env[name];
  Object.assign(process.env, vars);
  resetEnvForTests();
  resetSmsTransportForTests();
}
const twilioOn = (extra: Partial<Record<(typeof KEYS)[number], string>> = {}) =>
  configure({
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_FROM_NUMBER: "+15125550000",
    TWILIO_API_BASE: fake.url,
    ...extra,
  });

beforeAll(async () => {
  fake = await startFakeTwilioServer();
});
afterAll(async () => {
  configure({});
  await fake.close();
});
beforeEach(() => twilioOn());

describe("sendSms", () => {
  it("is off without keys: a typed answer, nothing sent, nothing stored", async () => {
    configure({});
    const before = fake.messages.length;
    expect(await sendSms({ to: "5125550100", body: "Hi", idempotencyKey: key() })).toEqual({ status: "off" });
    expect(fake.messages.length).toBe(before);
    expect(await db.prisma.smsMessage.count()).toBe(0);
  });

  it("sends through the SDK with basic auth, from the number, in E.164, with the status callback", async () => {
    const idempotencyKey = key();
    const result = await sendSms({
      to: "(512) 555-0100",
      body: "Sunrise Insurance: your quotes https://app.example/s/Ab3dE5gH9k Reply STOP to opt out",
      statusCallback: "https://app.example/api/webhooks/twilio/status",
      idempotencyKey,
    });
    expect(result).toEqual({ status: "sent", providerMessageId: expect.stringMatching(/^SM/), testMode: false });
    expect(fake.messages.at(-1)).toMatchObject({
      to: "+15125550100",
      from: "+15125550000",
      messagingServiceSid: null,
      body: expect.stringContaining("Sunrise Insurance"),
      statusCallback: "https://app.example/api/webhooks/twilio/status",
    });
    expect(await db.prisma.smsMessage.findUnique({ where: { idempotencyKey } })).toMatchObject({
      status: "sent",
      providerMessageId: (result as { providerMessageId: string }).providerMessageId,
    });
  });

  it("sends once per idempotency key, even when two sends race", async () => {
    const idempotencyKey = key();
    const before = fake.messages.length;
    const results = await Promise.all([1, 2, 3].map(() => sendSms({ to: "5125550101", body: "Hi", idempotencyKey })));
    expect(results.filter((r) => r.status === "sent")).toHaveLength(1);
    expect(results.filter((r) => r.status === "duplicate")).toHaveLength(2);
    expect(await sendSms({ to: "5125550101", body: "Hi", idempotencyKey })).toMatchObject({ status: "duplicate" });
    expect(fake.messages.length - before).toBe(1);
  });

  it("a 429 is retryable with its Retry-After; the same key is sent after it", async () => {
    const idempotencyKey = key();
    fake.rateLimitNext(1, 7);
    expect(await sendSms({ to: "5125550102", body: "Hi", idempotencyKey })).toEqual({
      status: "failed",
      retryable: true,
      retryAfterSeconds: 7,
      errorCode: 20429,
    });
    expect(await sendSms({ to: "5125550102", body: "Hi", idempotencyKey })).toMatchObject({ status: "sent" });
    expect(await db.prisma.smsMessage.findUnique({ where: { idempotencyKey } })).toMatchObject({
      status: "sent",
      attemptCount: 2,
    });
  });

  it("a bad number (21211) and an unsubscribed recipient (21610) are permanent refusals of the recipient", async () => {
    expect(await sendSms({ to: FAKE_TWILIO_INVALID_NUMBER.slice(2), body: "Hi", idempotencyKey: key() })).toEqual({
      status: "failed",
      retryable: false,
      recipientRefused: true,
      errorCode: 21211,
    });
    fake.unsubscribed.add("+15125550103");
    expect(await sendSms({ to: "5125550103", body: "Hi", idempotencyKey: key() })).toMatchObject({
      retryable: false,
      recipientRefused: true,
      errorCode: 21610,
    });
  });

  it("wrong credentials are permanent, not the recipient's fault", async () => {
    twilioOn({ TWILIO_AUTH_TOKEN: "wrong-token" });
    expect(await sendSms({ to: "5125550104", body: "Hi", idempotencyKey: key() })).toEqual({
      status: "failed",
      retryable: false,
      recipientRefused: false,
      errorCode: 20003,
    });
  });

  it("an answer that never came is unknown: the key stays claimed and is never sent again", async () => {
    const idempotencyKey = key();
    fake.dropNext(1);
    const before = fake.messages.length;
    expect(await sendSms({ to: "5125550105", body: "Hi", idempotencyKey })).toEqual({ status: "unknown" });
    expect(await sendSms({ to: "5125550105", body: "Hi", idempotencyKey })).toMatchObject({ status: "duplicate" });
    expect(fake.messages.length - before).toBe(1);
  });

  it("SMS_TEST_NUMBER (or a trial's test number) takes every text; a Messaging Service replaces the number", async () => {
    twilioOn({ SMS_TEST_NUMBER: "+15125559999" });
    expect(await sendSms({ to: "5125550106", body: "Hi", idempotencyKey: key() })).toMatchObject({ testMode: true });
    expect(fake.messages.at(-1)?.to).toBe("+15125559999");
    twilioOn({ TWILIO_FROM_NUMBER: "", TWILIO_MESSAGING_SERVICE_SID: `MG${"c".repeat(32)}` });
    await sendSms({ to: "5125550107", body: "Hi", idempotencyKey: key(), testNumber: "+15125558888" });
    expect(fake.messages.at(-1)).toMatchObject({
      to: "+15125558888",
      from: null,
      messagingServiceSid: `MG${"c".repeat(32)}`,
    });
  });

  it("never logs the number or the body", async () => {
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      jest.spyOn(console, level).mockImplementation(() => {}),
    );
    try {
      fake.rateLimitNext(1, 1);
      await sendSms({ to: "5125550108", body: "Secret body text", idempotencyKey: key() });
      await sendSms({ to: "5125550108", body: "Secret body text", idempotencyKey: key() });
      const logged = spies.flatMap((spy) => spy.mock.calls.flat().map(String)).join("\n");
      expect(logged).not.toMatch(/5125550108|Secret body text/);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe("classifySmsError", () => {
  test.each([
    [
      { status: 429, code: 20429, details: { retryAfterSeconds: 3 } },
      { retryable: true, retryAfterSeconds: 3 },
    ],
    [{ status: 503 }, { retryable: true, retryAfterSeconds: null, errorCode: 503 }],
    [
      { status: 400, code: 21211 },
      { retryable: false, recipientRefused: true },
    ],
    [
      { status: 400, code: 21610 },
      { retryable: false, recipientRefused: true },
    ],
    [
      { status: 400, code: 21614 },
      { retryable: false, recipientRefused: true },
    ],
    [
      { status: 400, code: 21602 },
      { retryable: false, recipientRefused: false },
    ],
    [new Error("socket hang up"), { status: "unknown" }],
  ])("%o → %o", (error, expected) => {
    expect(classifySmsError(error)).toMatchObject(expected);
  });
});

describe("routeSms", () => {
  it("sends to the contact in E.164, or to the test number (SMS_TEST_NUMBER first); a preview's prefix starts the text", () => {
    expect(routeSms({ to: "(512) 555-0100", body: "Hi" }, { bodyPrefix: "" })).toEqual({
      to: "+15125550100",
      body: "Hi",
      testMode: false,
    });
    expect(
      routeSms({ to: "5125550100", body: "Hi", testNumber: "+15125558888" }, { bodyPrefix: "[PREVIEW] " }),
    ).toEqual({ to: "+15125558888", body: "[PREVIEW] Hi", testMode: true });
    expect(
      routeSms(
        { to: "5125550100", body: "Hi", testNumber: "+15125558888" },
        { testNumber: "+15125559999", bodyPrefix: "" },
      ),
    ).toMatchObject({ to: "+15125559999", testMode: true });
  });
});
