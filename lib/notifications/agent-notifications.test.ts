import { agentNotificationKey, notifyAgentAfterAnswer, notifyAgentOnce } from "@/lib/notifications/agent-notifications";
import { submitEligibilityAnswers } from "@/lib/eligibility/submit-answers";
import { toSubmittedAnswers, type AnswerDraft } from "@/lib/eligibility/outcome";
import { MAIN_QUESTION_IDS } from "@/lib/eligibility/questions";
import { createQuoteLink, findQuoteLink } from "@/lib/quotes/quote-links";
import { logTrackingClick } from "@/lib/tracking/quote-views";
import { sendQuoteEmail } from "@/lib/quotes/send-quote-email";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The quote link expires QUOTE_LINK_DAYS after creation; the events are stamped with this clock.
const now = new Date("2026-03-04T15:12:00Z");

const allNo = (): AnswerDraft => ({
  main: Object.fromEntries(MAIN_QUESTION_IDS.map((id) => [id, "no"])),
  followUps: {},
});
const heartYes = (): AnswerDraft => ({
  main: { ...allNo().main, 1: "yes" },
  followUps: { 101: "Angina", 102: true, 103: false },
});

async function agency({ assigned = true, defaultAgent = false }: { assigned?: boolean; defaultAgent?: boolean } = {}) {
  const org = await createOrganization(db.prisma, { now });
  // The agency's oldest user is not an admin: the last resort is an admin, not whoever came first.
  await createUser(db.prisma, org.id, { now: new Date(now.getTime() - 60_000) });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
  const owner = await createUser(db.prisma, org.id, { now });
  const fallback = await createUser(db.prisma, org.id, { now });
  if (defaultAgent)
    await db.prisma.organization.update({ where: { id: org.id }, data: { defaultAgentId: fallback.id } });
  const contact = await createContact(db.prisma, org.id, {
    now,
    agentId: assigned ? owner.id : null,
    firstName: "Ada",
    lastName: "Lovelace",
  });
  const { token } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now });
  return { org, admin, owner, fallback, contact, token };
}

const notifications = (contactId: string) =>
  db.prisma.outboxEmail.findMany({
    where: { idempotencyKey: { startsWith: "agent-notification:" }, tags: { path: ["contact_id"], equals: contactId } },
  });
const view = (token: string, tid?: string) => logTrackingClick({ quoteId: token, tid, now });

describe("agent notifications: quote viewed", () => {
  it("emails the assigned agent on the contact's first view, and not again on later views", async () => {
    const { owner, contact, token } = await agency();
    await view(token);
    const [email] = (await notifications(contact.id)) as [Awaited<ReturnType<typeof notifications>>[number]];
    expect(email).toMatchObject({
      to: owner.email,
      subject: "Ada Lovelace viewed their quote",
      idempotencyKey: agentNotificationKey("agent_quote_viewed", contact.id),
    });
    expect(email.html).toContain("Quote viewed");
    expect(email.html).toContain(`/contact/${contact.id}`);
    await view(token);
    await view(token);
    expect(await notifications(contact.id)).toHaveLength(1);
  });

  it("sends one email when several views arrive at once (the outbox key is unique)", async () => {
    const { contact, token } = await agency();
    await Promise.all(Array.from({ length: 6 }, () => view(token)));
    expect(await notifications(contact.id)).toHaveLength(1);
  });

  it("goes to the default agent when the contact has no agent, else to an admin", async () => {
    const withDefault = await agency({ assigned: false, defaultAgent: true });
    await view(withDefault.token);
    expect((await notifications(withDefault.contact.id)).map((e) => e.to)).toEqual([withDefault.fallback.email]);

    const bare = await agency({ assigned: false });
    await view(bare.token);
    expect((await notifications(bare.contact.id)).map((e) => e.to)).toEqual([bare.admin.email]);

    // An assigned agent who was deactivated is passed over.
    const gone = await agency();
    await db.prisma.user.update({ where: { id: gone.owner.id }, data: { isActive: false } });
    await view(gone.token);
    expect((await notifications(gone.contact.id)).map((e) => e.to)).toEqual([gone.admin.email]);
  });

  it("does not notify (nor count a view) when the agent opens a trial's [TEST] copy", async () => {
    const { org, owner, contact } = await agency();
    await sendQuoteEmail({
      organizationId: org.id,
      viewer: { id: owner.id, isAdmin: false, email: owner.email },
      contactId: contact.id,
      now,
    });
    const copy = await db.prisma.scheduledEmail.findFirstOrThrow({
      where: { contactId: contact.id, sendMode: "test" },
    });
    const link = await db.prisma.quoteLink.findFirstOrThrow({
      where: { contactId: contact.id },
      orderBy: { createdAt: "desc" },
    });
    // The [TEST] copy's link, with its tid and without.
    await view(link.token, copy.trackingId!);
    await view(link.token);
    expect(await notifications(contact.id)).toHaveLength(0);
    expect(await db.prisma.trackingClick.count({ where: { contactId: contact.id } })).toBe(0);
    expect(await db.prisma.contactEvent.count({ where: { contactId: contact.id, eventType: "quote_viewed" } })).toBe(0);
  });

  it("never fails the request when the email cannot be sent", async () => {
    const { token, contact } = await agency();
    const found = (await findQuoteLink(token, now))!;
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(
      notifyAgentAfterAnswer({
        found,
        type: "agent_quote_viewed",
        now,
        send: () => Promise.reject(new Error("provider down")),
      }),
    ).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("agent_notification_failed"));
    expect(String(errors.mock.calls[0]?.[0])).not.toContain("Lovelace");
    errors.mockRestore();
    expect(await notifications(contact.id)).toHaveLength(0);
  });
});

describe("agent notifications: health questions completed", () => {
  const submit = (org: { id: string }, token: string, draft: AnswerDraft) =>
    submitEligibilityAnswers({ orgSegment: org.id, quoteToken: token, answers: toSubmittedAnswers(draft), now });

  it("emails the assigned agent once with the outcome (never the answers), not again on resubmission", async () => {
    const { org, owner, contact, token } = await agency();
    await submit(org, token, heartYes());
    const [email] = (await notifications(contact.id)) as [Awaited<ReturnType<typeof notifications>>[number]];
    expect(email).toMatchObject({
      to: owner.email,
      subject: "Ada Lovelace completed the health questions",
      idempotencyKey: agentNotificationKey("agent_health_completed", contact.id),
    });
    expect(email.html).toContain("Needs a closer look");
    expect(email.html).not.toContain("Angina");
    await submit(org, token, allNo());
    expect(await notifications(contact.id)).toHaveLength(1);
  });

  it("goes to the default agent when the contact has no agent", async () => {
    const { org, fallback, contact, token } = await agency({ assigned: false, defaultAgent: true });
    await submit(org, token, allNo());
    const emails = await notifications(contact.id);
    expect(emails.map((e) => [e.to, e.subject])).toEqual([
      [fallback.email, "Ada Lovelace completed the health questions"],
    ]);
    expect(emails[0]?.html).toContain("Likely to qualify");
  });

  it("does not notify when the answers come through a trial's [TEST] copy", async () => {
    const { org, owner, contact } = await agency();
    await sendQuoteEmail({
      organizationId: org.id,
      viewer: { id: owner.id, isAdmin: false, email: owner.email },
      contactId: contact.id,
      now,
    });
    const link = await db.prisma.quoteLink.findFirstOrThrow({
      where: { contactId: contact.id },
      orderBy: { createdAt: "desc" },
    });
    await submit(org, link.token, allNo());
    expect(await notifications(contact.id)).toHaveLength(0);
  });

  it("is one email per event type: a view and the health questions each notify once", async () => {
    const { org, contact, token } = await agency();
    await view(token);
    await submit(org, token, allNo());
    await view(token);
    const found = (await findQuoteLink(token, now))!;
    expect(await notifyAgentOnce({ found, type: "agent_health_completed", outcome: "accept", now })).toMatchObject({
      status: "duplicate",
    });
    expect((await notifications(contact.id)).map((e) => e.idempotencyKey).sort()).toEqual([
      agentNotificationKey("agent_health_completed", contact.id),
      agentNotificationKey("agent_quote_viewed", contact.id),
    ]);
  });
});
