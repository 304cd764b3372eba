import { NextRequest } from "next/server";
import { POST } from "@/app/api/contact-us/route";
import { CONTACT_US_REQUIRED_MESSAGE, CONTACT_US_SUCCESS_MESSAGE } from "@/lib/contact-us/contact-message-schema";
import { getEnv } from "@/lib/env";
import { setupTestDatabase } from "@/lib/testing/db";

const db = setupTestDatabase();

let ip = 0;
/** Each test posts from its own address so the rate limit of one never leaks into another. */
const post = (body: unknown, from = `10.0.0.${++ip}`) =>
  POST(
    new NextRequest("http://localhost/api/contact-us", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );

describe("POST /api/contact-us", () => {
  it("stores the message and notifies the support address through the send path, replying to the sender", async () => {
    const res = await post({
      name: " Dana Agent ",
      email: "Dana@Agency.test",
      phone: "",
      message: "How does pricing work?",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: CONTACT_US_SUCCESS_MESSAGE });
    const stored = await db.prisma.contactMessage.findFirstOrThrow({ where: { email: "dana@agency.test" } });
    expect(stored).toMatchObject({ name: "Dana Agent", phone: null, message: "How does pricing work?" });
    const email = await db.prisma.outboxEmail.findUniqueOrThrow({
      where: { idempotencyKey: `contact-us:${stored.id}` },
    });
    expect(email).toMatchObject({
      to: getEnv().supportEmail,
      replyTo: "dana@agency.test",
      subject: "Contact Us: Dana Agent",
    });
    expect(email.html).toContain("How does pricing work?");
  });

  it.each([
    [{ email: "a@b.test", message: "hi" }, "name"],
    [{ name: "A", email: "", message: "hi" }, "email"],
    [{ name: "A", email: "a@b.test", message: "   " }, "message"],
  ])("refuses %j with the spec's message and stores nothing", async (body, field) => {
    const before = await db.prisma.contactMessage.count();
    const res = await post(body);
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields[field]).toEqual([CONTACT_US_REQUIRED_MESSAGE]);
    expect(await db.prisma.contactMessage.count()).toBe(before);
  });

  it("refuses a malformed email address", async () => {
    const res = await post({ name: "A", email: "not-an-email", message: "hi" });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields.email).toEqual(["Please enter a valid email address."]);
  });

  it("is rate-limited per address", async () => {
    const from = "10.9.9.9";
    for (let i = 0; i < 5; i++)
      expect((await post({ name: "Spam", email: "s@s.test", message: `m${i}` }, from)).status).toBe(200);
    const limited = await post({ name: "Spam", email: "s@s.test", message: "again" }, from);
    expect(limited.status).toBe(429);
    expect((await post({ name: "Other", email: "o@o.test", message: "hello" })).status).toBe(200);
  });
});
