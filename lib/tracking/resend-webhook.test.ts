import { createHmac } from "node:crypto";
import { NextRequest } from "next/server";
import { POST as webhookPost } from "@/app/api/webhooks/resend/route";
import { resetEnvForTests } from "@/lib/env";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization } from "@/lib/testing/factories";
import { isValidSvixSignature } from "@/lib/tracking/resend-webhook";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
const SECRET = `whsec_${Buffer.from("gapwise-test-webhook-secret-32by").toString("base64")}`;

beforeAll(() => {
  process.env.RESEND_WEBHOOK_SECRET = SECRET;
  resetEnvForTests();
});
afterAll(() => {
  delete process.env.RESEND_WEBHOOK_SECRET;
  resetEnvForTests();
});

/** Signs like Svix: base64(HMAC-SHA256(base64-decoded secret, "<id>.<timestamp>.<body>")). */
function sign(id: string, timestamp: number, body: string, secret = SECRET) {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

let ip = 0;
function deliver(
  event: unknown,
  {
    id = `msg_${Math.random().toString(36).slice(2)}`,
    signature,
    timestamp = Math.floor(Date.now() / 1000),
  }: { id?: string; signature?: string; timestamp?: number } = {},
) {
  const body = JSON.stringify(event);
  return webhookPost(
    new NextRequest("http://localhost/api/webhooks/resend", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `10.7.0.${++ip}`,
        "svix-id": id,
        "svix-timestamp": String(timestamp),
        "svix-signature": signature ?? sign(id, timestamp, body),
      },
      body,
    }),
  );
}

async function sentEmail(sendMode: "production" | "test" = "production") {
  const org = await createOrganization(db.prisma, { now });
  const contact = await createContact(db.prisma, org.id, { now });
  const providerMessageId = `re_${contact.id.slice(0, 8)}`;
  const email = await db.prisma.scheduledEmail.create({
    data: {
      organizationId: org.id,
      contactId: contact.id,
      emailType: "birthday",
      scheduledSendDate: now,
      scheduledSendAt: now,
      status: "sent",
      sendMode,
      idempotencyKey: `k-${contact.id}`,
      sentAt: now,
      providerMessageId,
    },
  });
  const pending = await db.prisma.scheduledEmail.create({
    data: {
      organizationId: org.id,
      contactId: contact.id,
      emailType: "aep",
      scheduledSendDate: new Date("2031-09-10"),
      scheduledSendAt: new Date("2031-09-10T13:30:00Z"),
      status: "pending",
      idempotencyKey: `k2-${contact.id}`,
    },
  });
  return { org, contact, email, pending, providerMessageId };
}

const event = (type: string, emailId: string, extra: Record<string, unknown> = {}) => ({
  type,
  created_at: "2026-11-22T10:00:00.000Z",
  data: {
    email_id: emailId,
    created_at: "2026-11-22T09:59:00.000Z",
    from: "a@b.test",
    to: ["c@d.test"],
    subject: "Hi",
    ...extra,
  },
});

describe("isValidSvixSignature", () => {
  it("accepts the example from Svix's documentation", () => {
    // docs.svix.com/receiving/verifying-payloads/how-manual and Svix's published sample headers.
    expect(
      isValidSvixSignature({
        payload: '{"test": 2432232314}',
        headers: {
          id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
          timestamp: "1614265330",
          signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
        },
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        now: new Date(1614265330 * 1000),
      }),
    ).toBe(true);
  });

  it("refuses a changed body, an old timestamp, another secret, and accepts any one of several signatures", () => {
    const now = new Date();
    const ts = Math.floor(now.getTime() / 1000);
    const good = sign("msg_1", ts, "{}");
    const check = (over: Partial<Parameters<typeof isValidSvixSignature>[0]>) =>
      isValidSvixSignature({
        payload: "{}",
        headers: { id: "msg_1", timestamp: String(ts), signature: good },
        secret: SECRET,
        now,
        ...over,
      });
    expect(check({})).toBe(true);
    expect(check({ payload: "{ }" })).toBe(false);
    expect(check({ now: new Date(now.getTime() + 6 * 60_000) })).toBe(false);
    expect(check({ secret: `whsec_${Buffer.from("another-secret").toString("base64")}` })).toBe(false);
    expect(check({ headers: { id: "msg_1", timestamp: String(ts), signature: `v1,AAAA ${good}` } })).toBe(true);
    expect(check({ headers: { id: "msg_1", timestamp: String(ts), signature: good.replace("v1,", "v2,") } })).toBe(
      false,
    );
    expect(check({ headers: { id: null, timestamp: String(ts), signature: good } })).toBe(false);
  });
});

describe("POST /api/webhooks/resend", () => {
  it("answers 400 to a bad signature and writes nothing", async () => {
    const { email, providerMessageId } = await sentEmail();
    const res = await deliver(event("email.delivered", providerMessageId), { signature: "v1,bm90IGEgc2lnbmF0dXJl" });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("bad_request");
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: email.id } })).toBe(0);
  });

  it("records delivered / opened / clicked once each, a replay is a no-op", async () => {
    const { email, providerMessageId } = await sentEmail();
    for (const type of ["email.delivered", "email.opened", "email.clicked"]) {
      const id = `msg_${type}_${email.id}`;
      const first = await deliver(event(type, providerMessageId), { id });
      expect(await first.json()).toEqual({ received: true, status: "recorded" });
      const replay = await deliver(event(type, providerMessageId), { id });
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ received: true, status: "duplicate" });
    }
    const events = await db.prisma.emailEvent.findMany({
      where: { scheduledEmailId: email.id },
      orderBy: { occurredAt: "asc" },
    });
    expect(events.map((e) => e.type).sort()).toEqual(["clicked", "delivered", "opened"]);
    expect(events[0]).toMatchObject({ providerMessageId, occurredAt: new Date("2026-11-22T10:00:00.000Z") });
  });

  it("a permanent bounce unsubscribes with source 'bounce' and cancels pending emails; a replay changes nothing more", async () => {
    const { contact, email, pending, providerMessageId } = await sentEmail();
    const id = `msg_bounce_${email.id}`;
    await deliver(
      event("email.bounced", providerMessageId, { bounce: { type: "Permanent", subType: "General", message: "x" } }),
      { id },
    );
    await deliver(
      event("email.bounced", providerMessageId, { bounce: { type: "Permanent", subType: "General", message: "x" } }),
      { id },
    );
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).unsubscribedAt).not.toBeNull();
    expect(await db.prisma.consentEvent.findMany({ where: { contactId: contact.id } })).toEqual([
      expect.objectContaining({ action: "unsubscribe", source: "bounce" }),
    ]);
    expect(await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({
      status: "cancelled",
      skipReason: "Unsubscribed",
    });
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: email.id, type: "bounced" } })).toBe(1);
  });

  it("a bounce or complaint on a trial's [TEST] copy (sent to the agent) is recorded but never unsubscribes the contact", async () => {
    for (const [type, extra] of [
      ["email.bounced", { bounce: { type: "Permanent", subType: "General", message: "x" } }],
      ["email.complained", {}],
    ] as const) {
      const { contact, email, pending, providerMessageId } = await sentEmail("test");
      await deliver(event(type, providerMessageId, extra));
      expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).unsubscribedAt).toBeNull();
      expect(await db.prisma.consentEvent.count({ where: { contactId: contact.id } })).toBe(0);
      expect((await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe("pending");
      expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: email.id } })).toBe(1);
    }
  });

  it("a transient bounce is recorded but does not unsubscribe; a complaint does", async () => {
    const a = await sentEmail();
    await deliver(
      event("email.bounced", a.providerMessageId, {
        bounce: { type: "Transient", subType: "MailboxFull", message: "x" },
      }),
    );
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: a.contact.id } })).unsubscribedAt).toBeNull();
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: a.email.id, type: "bounced" } })).toBe(1);

    const b = await sentEmail();
    await deliver(event("email.complained", b.providerMessageId));
    expect(await db.prisma.consentEvent.findMany({ where: { contactId: b.contact.id } })).toEqual([
      expect.objectContaining({ source: "complaint" }),
    ]);
  });

  it("finds the email by our scheduled_email_id tag when the message id is not stored yet; unknown emails and types are ignored", async () => {
    const { email } = await sentEmail();
    await db.prisma.scheduledEmail.update({ where: { id: email.id }, data: { providerMessageId: null } });
    expect(
      await (await deliver(event("email.delivered", "re_unknown", { tags: { scheduled_email_id: email.id } }))).json(),
    ).toEqual({ received: true, status: "recorded" });
    expect(await (await deliver(event("email.delivered", "re_nobody"))).json()).toEqual({
      received: true,
      status: "ignored",
    });
    expect(await (await deliver({ type: "contact.created", data: {} })).json()).toEqual({
      received: true,
      status: "ignored",
    });
  });

  it("does not exist without RESEND_WEBHOOK_SECRET", async () => {
    delete process.env.RESEND_WEBHOOK_SECRET;
    resetEnvForTests();
    try {
      expect((await deliver(event("email.delivered", "re_x"))).status).toBe(404);
    } finally {
      process.env.RESEND_WEBHOOK_SECRET = SECRET;
      resetEnvForTests();
    }
  });
});
