import { NextRequest } from "next/server";
import { POST as sendQuoteRoute } from "@/app/api/contacts/[id]/send-quote-email/route";
import { findQuoteLink } from "@/lib/quotes/quote-links";
import { EmailSendError } from "@/lib/email/send";
import { QUOTE_EMAIL_MESSAGES, sendQuoteEmail } from "@/lib/quotes/send-quote-email";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
const post = (contactId: string, cookie?: string) =>
  sendQuoteRoute(
    new NextRequest(`http://localhost/api/contacts/${contactId}/send-quote-email`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ orgId: "ignored" }),
    }),
    { params: Promise.resolve({ id: contactId }) },
  );

async function agency() {
  const org = await createOrganization(db.prisma, { now });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: { brandName: "Lee Insurance", primaryColor: "#0F766E", phone: "5125550100" },
  });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
  const agent = await createUser(db.prisma, org.id, { now });
  return {
    org,
    admin,
    agent,
    adminCookie: (await createSession(db.prisma, admin.id, { now })).cookie,
    agentCookie: (await createSession(db.prisma, agent.id, { now })).cookie,
  };
}

const linkIn = (html: string) => /http:\/\/localhost:3000\/compare\?id=([A-Za-z0-9_-]{43})/.exec(html)?.[1];

describe("POST /api/contacts/{id}/send-quote-email", () => {
  it("is white-labelled: the agency's uploaded logo on top, no 'Sent with' in the footer", async () => {
    const { org, agent, agentCookie } = await agency();
    const logoAt = new Date("2026-11-01T12:00:00Z");
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { logoMimeType: "image/png", logoUpdatedAt: logoAt },
    });
    const contact = await createContact(db.prisma, org.id, { now, agentId: agent.id, firstName: "Ada" });
    expect((await post(contact.id, agentCookie)).status).toBe(200);
    const row = await db.prisma.scheduledEmail.findFirstOrThrow({ where: { contactId: contact.id } });
    const email = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: row.idempotencyKey } });
    expect(email.html).toContain(`src="http://localhost:3000/api/org/${org.slug}/logo?v=${logoAt.getTime()}"`);
    expect(email.html).not.toContain("Sent with");
    expect(email.text).not.toContain("Sent with");
  });

  it("in trial sends to the sending agent with [TEST], records the rows, and the link opens the contact's quote", async () => {
    const { org, agent, agentCookie } = await agency();
    const contact = await createContact(db.prisma, org.id, { now, agentId: agent.id, firstName: "Ada" });
    const res = await post(contact.id, agentCookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      message: QUOTE_EMAIL_MESSAGES.sentToAgent,
      trackingRecord: {
        email_type: "quote_email",
        scheduled_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        send_status: "sent",
        send_mode: "test",
      },
    });

    const row = await db.prisma.scheduledEmail.findFirstOrThrow({ where: { contactId: contact.id } });
    expect(row).toMatchObject({
      organizationId: org.id,
      emailType: "quote_email",
      status: "sent",
      sendMode: "test",
      idempotencyKey: `quote-email:${row.id}`,
      recipientEmail: agent.email,
    });
    expect(row.sentAt).not.toBeNull();
    expect(
      await db.prisma.emailEvent.count({ where: { scheduledEmailId: row.id, type: "sent", organizationId: org.id } }),
    ).toBe(1);
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).lastEmailedAt).not.toBeNull();

    const email = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: row.idempotencyKey } });
    expect(email).toMatchObject({ to: agent.email, originalTo: contact.email, testMode: true });
    expect(email.subject).toBe("[TEST] Ada, your personalized Medicare Supplement quotes");
    expect(email.html).toContain("See your personalized quotes");
    expect(email.html).toContain("Lee Insurance");
    expect(email.html).toContain("#0F766E");
    expect(email.html).toContain("data-email-footer");
    const token = linkIn(email.html)!;
    const found = await findQuoteLink(token, new Date());
    expect(found).toMatchObject({ contact: { id: contact.id }, organization: { id: org.id } });
    expect(row.trackingId).toBe(`quote-${org.id}-${contact.id}-${found!.link.createdAt.getTime()}`);
  });

  it("after go-live sends to the contact", async () => {
    const { org, adminCookie } = await agency();
    await db.prisma.organization.update({ where: { id: org.id }, data: { demoMode: false } });
    const contact = await createContact(db.prisma, org.id, { now, firstName: "Bo" });
    const res = await post(contact.id, adminCookie);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      message: QUOTE_EMAIL_MESSAGES.sent,
      trackingRecord: { send_mode: "production" },
    });
    const row = await db.prisma.scheduledEmail.findFirstOrThrow({ where: { contactId: contact.id } });
    expect(row).toMatchObject({ sendMode: "production", recipientEmail: contact.email });
    const email = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: row.idempotencyKey } });
    expect(email).toMatchObject({
      to: contact.email,
      testMode: false,
      subject: "Bo, your personalized Medicare Supplement quotes",
    });
  });

  it("an address the provider refuses marks the contact not emailable (409 with the reason); in trial a refusal is not the contact's", async () => {
    const { org, admin } = await agency();
    const refusing = async () => {
      throw new EmailSendError("Email could not be sent (validation_error).", { recipientRefused: true });
    };
    const viewer = { id: admin.id, isAdmin: true, email: admin.email };
    const trialContact = await createContact(db.prisma, org.id, { now, email: "josé.trial@example.com" });
    await expect(
      sendQuoteEmail({ organizationId: org.id, viewer, contactId: trialContact.id, now, send: refusing }),
    ).rejects.toMatchObject({ code: "internal" });
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: trialContact.id } })).unsubscribedAt).toBeNull();

    await db.prisma.organization.update({ where: { id: org.id }, data: { demoMode: false } });
    const contact = await createContact(db.prisma, org.id, { now, email: "josé.live@example.com" });
    await expect(
      sendQuoteEmail({ organizationId: org.id, viewer, contactId: contact.id, now, send: refusing }),
    ).rejects.toMatchObject({ code: "conflict", message: QUOTE_EMAIL_MESSAGES.recipientRefused });
    const stored = await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } });
    expect(stored.unsubscribedAt).toEqual(now);
    expect(
      (await db.prisma.consentEvent.findMany({ where: { contactId: contact.id } })).map((e) => [e.source, e.metadata]),
    ).toEqual([["bounce", expect.objectContaining({ reason: "recipient_refused" })]]);
    const row = await db.prisma.scheduledEmail.findFirstOrThrow({ where: { contactId: contact.id } });
    expect(row).toMatchObject({ status: "failed", lastError: "recipient_refused", sentAt: null });
  });

  it("a CR/LF in the contact's or the agent's stored name never reaches a header: Subject, From and Reply-To stay one line", async () => {
    const { org, agent } = await agency();
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { demoMode: false, forceOrgSenderDetails: false },
    });
    await db.prisma.user.update({
      where: { id: agent.id },
      data: { useOrgSenderDetails: false, firstName: "Sam\r\nBcc: list@example.com", lastName: "Rivera" },
    });
    // Stored before input validation refused control characters (or written by a path that skipped it).
    const contact = await createContact(db.prisma, org.id, {
      now,
      agentId: agent.id,
      firstName: "Ada\r\nBcc: victim@example.com\r\n",
    });
    await sendQuoteEmail({
      organizationId: org.id,
      viewer: { id: agent.id, isAdmin: false, email: agent.email },
      contactId: contact.id,
      now: new Date(),
    });
    const row = await db.prisma.scheduledEmail.findFirstOrThrow({ where: { contactId: contact.id } });
    const email = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: row.idempotencyKey } });
    expect(email.subject).toBe("Ada Bcc: victim@example.com , your personalized Medicare Supplement quotes");
    expect(email.from).toMatch(/^"Sam Bcc: list@example\.com Rivera - Lee Insurance" </);
    for (const header of [email.subject, email.from, email.replyTo ?? ""]) expect(header).not.toMatch(/[\r\n]/);
  });

  it("uses the agent's sender details unless the organization forces its own", async () => {
    const { org, agent } = await agency();
    await db.prisma.organization.update({ where: { id: org.id }, data: { forceOrgSenderDetails: false } });
    await db.prisma.user.update({
      where: { id: agent.id },
      data: { useOrgSenderDetails: false, firstName: "Sam", lastName: "Rivera", phone: "5125559999" },
    });
    const contact = await createContact(db.prisma, org.id, { now, agentId: agent.id });
    await sendQuoteEmail({
      organizationId: org.id,
      viewer: { id: agent.id, isAdmin: false, email: agent.email },
      contactId: contact.id,
      now: new Date(),
    });
    const email = await db.prisma.outboxEmail.findFirstOrThrow({ where: { originalTo: contact.email } });
    expect(email.html).toContain("Sam Rivera");
    expect(email.html).toContain("(512) 555-9999");
    expect(email.replyTo).toBe(agent.email);
  });

  it("answers 404 for another organization's contact and another agent's contact, and sends nothing", async () => {
    const { org, admin, agentCookie, adminCookie } = await agency();
    const foreign = await createContact(db.prisma, (await createOrganization(db.prisma, { now })).id, { now });
    const adminsContact = await createContact(db.prisma, org.id, { now, agentId: admin.id });
    expect((await post(foreign.id, adminCookie)).status).toBe(404);
    expect((await post(adminsContact.id, agentCookie)).status).toBe(404);
    expect((await post(adminsContact.id)).status).toBe(401);
    expect(await db.prisma.scheduledEmail.count({ where: { contactId: { in: [foreign.id, adminsContact.id] } } })).toBe(
      0,
    );
    expect(
      await db.prisma.outboxEmail.count({ where: { originalTo: { in: [foreign.email, adminsContact.email] } } }),
    ).toBe(0);
  });

  it("refuses a second quote email the same day and an opted-out contact (409)", async () => {
    const { org, adminCookie } = await agency();
    const contact = await createContact(db.prisma, org.id, { now });
    expect((await post(contact.id, adminCookie)).status).toBe(200);
    const again = await post(contact.id, adminCookie);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(QUOTE_EMAIL_MESSAGES.alreadySentToday);
    const optedOut = await createContact(db.prisma, org.id, { now });
    await db.prisma.contact.update({ where: { id: optedOut.id }, data: { doNotCommunicate: true } });
    expect((await post(optedOut.id, adminCookie)).status).toBe(409);
    expect(await db.prisma.outboxEmail.count({ where: { originalTo: optedOut.email } })).toBe(0);
  });
});
