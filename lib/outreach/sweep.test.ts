import { randomUUID } from "node:crypto";
import { EmailSendError, isRecipientRefusal, sendEmail } from "@/lib/email/send";
import { getEnv } from "@/lib/env";
import { findQuoteLink } from "@/lib/quotes/quote-links";
import { visitTrackingId } from "@/lib/tracking/quote-views";
import { MAX_SEND_ATTEMPTS, STALE_SENDING_MINUTES } from "@/lib/outreach/rules";
import {
  CANCEL_REASONS,
  claimDueEmails,
  RECIPIENT_REFUSED,
  runSweep,
  sendScheduledEmail,
  type SendFunction,
} from "@/lib/outreach/sweep";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";
import { clickTrackingParam, openPixelParam, recordEmailClick } from "@/lib/tracking/email-tracking";

const db = setupTestDatabase();
const now = new Date("2026-06-01T15:00:00Z");
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

async function agency({ live = true }: { live?: boolean } = {}) {
  const org = await createOrganization(db.prisma, { now });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: {
      brandName: "Lee Insurance",
      ...(live ? { demoMode: false, wentLiveAt: new Date("2026-05-01T00:00:00Z") } : {}),
    },
  });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
  const agent = await createUser(db.prisma, org.id, { now });
  const contact = await createContact(db.prisma, org.id, { now, firstName: "Ada", agentId: agent.id });
  return { org, admin, agent, contact };
}

/** A pending row due at `at` (default: a minute before now). */
async function dueEmail(
  organizationId: string,
  contactId: string,
  over: { at?: Date; emailType?: string; date?: string } = {},
) {
  const id = randomUUID();
  return db.prisma.scheduledEmail.create({
    data: {
      id,
      organizationId,
      contactId,
      emailType: over.emailType ?? "birthday",
      scheduledSendDate: new Date(`${over.date ?? "2026-06-01"}T00:00:00Z`),
      scheduledSendAt: over.at ?? minutes(-1),
      status: "pending",
      idempotencyKey: `outreach-test:${id}`,
    },
  });
}

const row = (id: string) => db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id } });
const outbox = (key: string) => db.prisma.outboxEmail.findMany({ where: { idempotencyKey: key } });

describe("isRecipientRefusal", () => {
  it("is the provider refusing the address, not an outage", () => {
    expect(
      isRecipientRefusal({
        name: "validation_error",
        message: "Invalid `to` field. The email address needs to follow the `email@example.com` format.",
      }),
    ).toBe(true);
    expect(isRecipientRefusal({ name: "invalid_to_address", message: "" })).toBe(true);
    expect(isRecipientRefusal({ name: "validation_error", message: "Invalid `from` field." })).toBe(false);
    expect(isRecipientRefusal({ name: "rate_limit_exceeded", message: "Too many requests" })).toBe(false);
    expect(isRecipientRefusal(null)).toBe(false);
  });
});

describe("claimDueEmails", () => {
  it("claims due pending rows (pending → sending, one attempt), leaves future ones, and a second claim gets none of them", async () => {
    const { org, contact } = await agency();
    const due = await dueEmail(org.id, contact.id);
    const future = await dueEmail(org.id, contact.id, { at: minutes(10), date: "2026-06-02" });
    const claimed = await claimDueEmails({ limit: 1000, now });
    expect(claimed).toContainEqual({ id: due.id, organizationId: org.id, attemptCount: 1 });
    expect(claimed.map((c) => c.id)).not.toContain(future.id);
    expect(await row(due.id)).toMatchObject({ status: "sending", attemptCount: 1, lastAttemptAt: now });
    expect((await claimDueEmails({ limit: 1000, now })).map((c) => c.id)).not.toContain(due.id);
  });

  it("never gives one row to two concurrent claimers", async () => {
    const { org, contact } = await agency();
    const ids = new Set<string>();
    for (let i = 0; i < 60; i += 1)
      ids.add(
        (
          await dueEmail(org.id, contact.id, {
            date: `2026-0${1 + (i % 5)}-${String(1 + Math.floor(i / 5)).padStart(2, "0")}`,
          })
        ).id,
      );
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimDueEmails({ limit: 7, now })));
    const more = await Promise.all(Array.from({ length: 6 }, () => claimDueEmails({ limit: 7, now })));
    const mine = [...claims, ...more].flat().filter((c) => ids.has(c.id));
    expect(mine.length).toBe(new Set(mine.map((c) => c.id)).size);
    expect(mine.every((c) => c.attemptCount === 1)).toBe(true);
  });

  it(`takes over a row left "sending" for more than ${STALE_SENDING_MINUTES} minutes, and fails one that exhausted its attempts`, async () => {
    const { org, contact } = await agency();
    const stuck = await dueEmail(org.id, contact.id);
    const exhausted = await dueEmail(org.id, contact.id, { date: "2026-06-02" });
    await db.prisma.scheduledEmail.update({
      where: { id: stuck.id },
      data: { status: "sending", attemptCount: 1, lastAttemptAt: now },
    });
    await db.prisma.scheduledEmail.update({
      where: { id: exhausted.id },
      data: { status: "sending", attemptCount: MAX_SEND_ATTEMPTS, lastAttemptAt: now },
    });

    expect(
      (await claimDueEmails({ limit: 1000, now: minutes(STALE_SENDING_MINUTES - 1) })).map((c) => c.id),
    ).not.toContain(stuck.id);
    const later = minutes(STALE_SENDING_MINUTES + 1);
    const claimed = await claimDueEmails({ limit: 1000, now: later });
    expect(claimed).toContainEqual({ id: stuck.id, organizationId: org.id, attemptCount: 2 });
    expect(claimed.map((c) => c.id)).not.toContain(exhausted.id);
    expect(await row(exhausted.id)).toMatchObject({ status: "failed", lastError: "StaleClaim" });
  });
});

describe("sendScheduledEmail", () => {
  it("sends a live organization's email to the contact with a tracked quote link, then marks it sent", async () => {
    const { org, contact } = await agency();
    const email = await dueEmail(org.id, contact.id);
    await claimDueEmails({ limit: 1000, now });
    expect(await sendScheduledEmail({ id: email.id, now })).toEqual({
      id: email.id,
      outcome: "sent",
      delivery: "stored",
      contactId: contact.id,
    });

    const sent = await row(email.id);
    expect(sent).toMatchObject({
      status: "sent",
      sentAt: now,
      sendMode: "production",
      recipientEmail: contact.email,
      lastError: null,
    });
    const [message] = await outbox(email.idempotencyKey);
    // The birthday template, its subject, and an open pixel for this email.
    expect(message).toMatchObject({
      to: contact.email,
      testMode: false,
      subject: "Ada, a birthday check on your Medicare Supplement",
    });
    expect(message!.html).toContain(`/api/t/open/${openPixelParam(email.id)}`);
    expect(message!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    // The link goes through the click tracker to this contact's quote, and its tid attributes the visit to this email.
    const tracked = new URL(
      /href="(http:\/\/localhost:3000\/api\/t\/click\/[^"]+)"/.exec(message!.html)![1]!.replace(/&amp;/g, "&"),
    );
    expect(tracked.pathname).toBe(`/api/t/click/${clickTrackingParam(email.id, tracked.searchParams.get("u")!)}`);
    const url = new URL(tracked.searchParams.get("u")!);
    expect(url.pathname).toBe("/compare");
    const found = await findQuoteLink(url.searchParams.get("id")!, now);
    expect(found?.contact.id).toBe(contact.id);
    expect(url.searchParams.get("tid")).toBe(sent.trackingId);
    expect(visitTrackingId(found!.link, url.searchParams.get("tid"))).toBe(sent.trackingId);

    expect(await db.prisma.emailEvent.findMany({ where: { scheduledEmailId: email.id } })).toEqual([
      expect.objectContaining({ type: "sent", contactId: contact.id, occurredAt: now }),
    ]);
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).lastEmailedAt).toEqual(now);
  });

  it("a household email offers the partner their own quote link while the two are a confirmed household", async () => {
    const { org, agent, contact } = await agency();
    const bea = await createContact(db.prisma, org.id, { now, firstName: "Bea", agentId: agent.id });
    const [a, b] = [contact.id, bea.id].sort();
    const household = await db.prisma.household.create({
      data: { organizationId: org.id, contactAId: a!, contactBId: b!, kind: "explicit", status: "confirmed" },
    });
    const send = async (date: string) => {
      const email = await dueEmail(org.id, contact.id, { date });
      await db.prisma.scheduledEmail.update({
        where: { id: email.id },
        data: {
          metadata: { household: { partnerId: bea.id, covers: [{ emailType: "birthday", date: "2026-06-03" }] } },
        },
      });
      await claimDueEmails({ limit: 1000, now });
      expect(await sendScheduledEmail({ id: email.id, now })).toMatchObject({ outcome: "sent" });
      const [message] = await outbox(email.idempotencyKey);
      // The email's own link: the row's quote link (quoteLinksFor).
      const ownLinkId = ((await row(email.id))!.metadata as { quoteLinkId: string }).quoteLinkId;
      const ownLink = await db.prisma.quoteLink.findUniqueOrThrow({ where: { id: ownLinkId } });
      return Object.assign(message!, { ownLink });
    };

    const message = await send("2026-06-01");
    expect(message.to).toBe(contact.email);
    expect(message.html.replace(/<!-- -->/g, "")).toContain("Bea has quotes of their own");
    const partnerUrl = new URL(
      /href="(http:\/\/localhost:3000\/compare\?id=[^"]+)"/.exec(message.html)![1]!.replace(/&amp;/g, "&"),
    );
    const partnerLink = await findQuoteLink(partnerUrl.searchParams.get("id")!, now);
    expect(partnerLink?.contact.id).toBe(bea.id);
    // One link for two (docs/households.md): the contact's own link points at the partner's new link.
    expect(message.ownLink.contactId).toBe(contact.id);
    expect(message.ownLink.partnerLinkId).toBe(partnerLink!.link.id);
    expect(message.html).toContain(encodeURIComponent(`/compare?id=${message.ownLink.token}`));

    // Undone since it was planned: the email goes out as the contact's own.
    await db.prisma.household.update({ where: { id: household.id }, data: { status: "dismissed" } });
    const alone = await send("2026-05-31");
    expect(alone.html).not.toContain("Bea");
    expect(alone.html).not.toContain("for your household");
    // A contact's ordinary link never carries a partner.
    expect(alone.ownLink.partnerLinkId).toBeNull();
  });

  it("during the trial sends to the contact's agent with [TEST] (test mode), never to the contact", async () => {
    const { org, agent, contact } = await agency({ live: false });
    const email = await dueEmail(org.id, contact.id);
    await claimDueEmails({ limit: 1000, now });
    expect(await sendScheduledEmail({ id: email.id, now })).toMatchObject({ outcome: "sent" });
    const [message] = await outbox(email.idempotencyKey);
    expect(message).toMatchObject({
      to: agent.email,
      originalTo: contact.email,
      testMode: true,
      subject: "[TEST] Ada, a birthday check on your Medicare Supplement",
    });
    expect(await row(email.id)).toMatchObject({ status: "sent", sendMode: "test", recipientEmail: agent.email });
  });

  it("cancels the email of a contact who opted out since it was planned; nothing is sent", async () => {
    const { org, contact } = await agency();
    const email = await dueEmail(org.id, contact.id);
    await db.prisma.contact.update({ where: { id: contact.id }, data: { unsubscribedAt: minutes(-30) } });
    await claimDueEmails({ limit: 1000, now });
    expect(await sendScheduledEmail({ id: email.id, now })).toMatchObject({
      outcome: "cancelled",
      reason: CANCEL_REASONS.optedOut,
    });
    expect(await row(email.id)).toMatchObject({ status: "cancelled", skipReason: CANCEL_REASONS.optedOut });
    expect(await outbox(email.idempotencyKey)).toHaveLength(0);
  });

  it("does nothing with a row it has not claimed", async () => {
    const { org, contact } = await agency();
    const email = await dueEmail(org.id, contact.id, { at: minutes(60) });
    expect(await sendScheduledEmail({ id: email.id, now })).toEqual({ id: email.id, outcome: "not_claimed" });
    expect(await sendScheduledEmail({ id: randomUUID(), now })).toMatchObject({ outcome: "not_claimed" });
    expect(await row(email.id)).toMatchObject({ status: "pending", attemptCount: 0 });
    expect(await outbox(email.idempotencyKey)).toHaveLength(0);
  });

  it("retries a failed send with backoff, keeping only the error's class name, and fails it for good after the last attempt", async () => {
    const { org, contact } = await agency();
    const email = await dueEmail(org.id, contact.id);
    class ProviderDown extends Error {}
    const failing: SendFunction = async () => {
      throw new ProviderDown(`could not deliver to ${contact.email}`);
    };
    let at = now;
    for (let attempt = 1; attempt < MAX_SEND_ATTEMPTS; attempt += 1) {
      expect((await claimDueEmails({ limit: 1000, now: at })).map((c) => c.id)).toContain(email.id);
      const outcome = await sendScheduledEmail({ id: email.id, now: at, send: failing });
      expect(outcome).toMatchObject({ outcome: "retry", error: "ProviderDown" });
      const waiting = await row(email.id);
      expect(waiting).toMatchObject({ status: "pending", attemptCount: attempt, lastError: "ProviderDown" });
      expect(waiting.scheduledSendAt.getTime()).toBeGreaterThan(at.getTime());
      // Not due again until the backoff has passed.
      expect((await claimDueEmails({ limit: 1000, now: at })).map((c) => c.id)).not.toContain(email.id);
      at = waiting.scheduledSendAt;
    }
    await claimDueEmails({ limit: 1000, now: at });
    expect(await sendScheduledEmail({ id: email.id, now: at, send: failing })).toMatchObject({
      outcome: "failed",
      error: "ProviderDown",
    });
    expect(await row(email.id)).toMatchObject({
      status: "failed",
      attemptCount: MAX_SEND_ATTEMPTS,
      lastError: "ProviderDown",
    });
    expect((await db.prisma.emailEvent.findMany({ where: { scheduledEmailId: email.id } })).map((e) => e.type)).toEqual(
      ["failed"],
    );
  });

  it("an address the provider refuses (RFC 6531 it cannot deliver) fails at once and marks the contact not emailable; the contact stays", async () => {
    const { org, contact } = await agency();
    await db.prisma.contact.update({ where: { id: contact.id }, data: { email: `josé.${contact.id}@example.com` } });
    const email = await dueEmail(org.id, contact.id);
    const refusing: SendFunction = async () => {
      throw new EmailSendError("Email could not be sent (validation_error).", { recipientRefused: true });
    };
    await claimDueEmails({ limit: 1000, now });
    expect(await sendScheduledEmail({ id: email.id, now, send: refusing })).toMatchObject({
      outcome: "failed",
      error: RECIPIENT_REFUSED,
    });
    expect(await row(email.id)).toMatchObject({ status: "failed", attemptCount: 1, lastError: RECIPIENT_REFUSED });
    const stored = await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } });
    expect(stored.unsubscribedAt).toEqual(now);
    expect(
      (await db.prisma.consentEvent.findMany({ where: { contactId: contact.id } })).map((e) => [e.source, e.metadata]),
    ).toEqual([["bounce", expect.objectContaining({ reason: RECIPIENT_REFUSED })]]);
  });

  it("a refused address during the trial ([TEST] copy to the agent) is not the contact's: retried, contact untouched", async () => {
    const { org, contact } = await agency({ live: false });
    const email = await dueEmail(org.id, contact.id);
    const refusing: SendFunction = async () => {
      throw new EmailSendError("Email could not be sent (validation_error).", { recipientRefused: true });
    };
    await claimDueEmails({ limit: 1000, now });
    expect(await sendScheduledEmail({ id: email.id, now, send: refusing })).toMatchObject({ outcome: "retry" });
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).unsubscribedAt).toBeNull();
  });

  it("after a crash that followed the provider's acceptance, the retry sends the same email (same link) once", async () => {
    const { org, contact } = await agency();
    const email = await dueEmail(org.id, contact.id);
    const acceptedThenCrashed: SendFunction = async (input) => {
      await sendEmail(input);
      throw new Error("connection reset");
    };
    await claimDueEmails({ limit: 1000, now });
    expect(await sendScheduledEmail({ id: email.id, now, send: acceptedThenCrashed })).toMatchObject({
      outcome: "retry",
    });
    const firstTry = await row(email.id);
    const later = firstTry.scheduledSendAt;
    await claimDueEmails({ limit: 1000, now: later });
    expect(await sendScheduledEmail({ id: email.id, now: later })).toEqual({
      id: email.id,
      outcome: "sent",
      delivery: "duplicate",
      contactId: contact.id,
    });
    expect(await row(email.id)).toMatchObject({ status: "sent", trackingId: firstTry.trackingId });
    expect(await outbox(email.idempotencyKey)).toHaveLength(1);
    expect(await db.prisma.quoteLink.count({ where: { contactId: contact.id } })).toBe(1);
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: email.id, type: "sent" } })).toBe(1);
  });

  it("a sweeper that lost its claim to a takeover writes nothing", async () => {
    const { org, contact } = await agency();
    const email = await dueEmail(org.id, contact.id);
    await claimDueEmails({ limit: 1000, now });
    const later = minutes(STALE_SENDING_MINUTES + 1);
    // The first sweeper stalls inside the provider call; meanwhile its claim goes stale and is taken over and sent.
    let resume!: () => void;
    let entered!: () => void;
    const stalled = new Promise<void>((resolve) => (resume = resolve));
    const inProviderCall = new Promise<void>((resolve) => (entered = resolve));
    const slow: SendFunction = async (input) => {
      entered();
      await stalled;
      return sendEmail(input);
    };
    const first = sendScheduledEmail({ id: email.id, now, send: slow });
    await inProviderCall;
    await claimDueEmails({ limit: 1000, now: later });
    expect(await sendScheduledEmail({ id: email.id, now: later })).toMatchObject({
      outcome: "sent",
      delivery: "stored",
    });
    resume();
    expect(await first).toEqual({ id: email.id, outcome: "not_claimed" });
    expect(await row(email.id)).toMatchObject({ status: "sent", sentAt: later, attemptCount: 2 });
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: email.id, type: "sent" } })).toBe(1);
    expect(await outbox(email.idempotencyKey)).toHaveLength(1);
  });
});

describe("the law in every outreach email", () => {
  it("prints the agency's postal address in the footer (the platform's until the agency sets one) beside the unsubscribe link", async () => {
    const { org, contact } = await agency();
    const first = await dueEmail(org.id, contact.id);
    await claimDueEmails({ limit: 1000, now });
    await sendScheduledEmail({ id: first.id, now });
    const [withDefault] = await outbox(first.idempotencyKey);
    expect(withDefault!.html).toContain(getEnv().postalAddress);

    await db.prisma.organization.update({
      where: { id: org.id },
      data: { postalAddress: "Lee Insurance, 12 Elm St, Dallas, TX 75201" },
    });
    const second = await dueEmail(org.id, contact.id, { date: "2026-06-02" });
    await claimDueEmails({ limit: 1000, now });
    await sendScheduledEmail({ id: second.id, now });
    const [withAgency] = await outbox(second.idempotencyKey);
    expect(withAgency!.html).toContain("Lee Insurance, 12 Elm St, Dallas, TX 75201");
    expect(withAgency!.html).not.toContain(getEnv().postalAddress);
    expect(withAgency!.text).toContain("Lee Insurance, 12 Elm St, Dallas, TX 75201");
    expect(withAgency!.html).toMatch(/Unsubscribe/);
  });
});

describe("runSweep", () => {
  it("claims and sends everything due, in batches, and leaves the rest", async () => {
    const { org, contact } = await agency();
    const due = await Promise.all(
      ["2026-05-30", "2026-05-31", "2026-06-01"].map((date) => dueEmail(org.id, contact.id, { date })),
    );
    const future = await dueEmail(org.id, contact.id, { at: minutes(5), date: "2026-06-02" });
    // These hand-made rows are not what the real planner would plan: no re-planning after the sends here.
    const result = await runSweep({ now, batchSize: 2, replan: false });
    expect(result.sent).toBeGreaterThanOrEqual(3);
    for (const email of due) expect(await row(email.id)).toMatchObject({ status: "sent" });
    expect(await row(future.id)).toMatchObject({ status: "pending" });
  });

  it("re-plans the emailed contact: a follow-up two days later, which a click then turns into the clicked follow-up", async () => {
    const { org, contact } = await agency();
    const welcome = await dueEmail(org.id, contact.id, { emailType: "go_live_welcome" });
    expect(await runSweep({ now })).toMatchObject({ sent: 1 });

    const followUps = () =>
      db.prisma.scheduledEmail.findMany({
        where: { contactId: contact.id, emailType: { startsWith: "followup" }, status: "pending" },
      });
    expect(
      (await followUps()).map((f) => [f.emailType, f.scheduledSendDate.toISOString().slice(0, 10), f.parentEmailId]),
    ).toEqual([["followup_1_cold", "2026-06-03", welcome.id]]);

    // The contact clicks the email's quote link the next day.
    const sent = await row(welcome.id);
    const link = await db.prisma.quoteLink.findUniqueOrThrow({
      where: { id: (sent.metadata as { quoteLinkId: string }).quoteLinkId },
    });
    const target = `${getEnv().appUrl}/compare?id=${link.token}&tid=${encodeURIComponent(sent.trackingId!)}`;
    expect(
      await recordEmailClick({ id: clickTrackingParam(welcome.id, target), target, now: minutes(24 * 60) }),
    ).toMatchObject({ recorded: true });
    expect(
      (await followUps()).map((f) => [f.emailType, f.scheduledSendDate.toISOString().slice(0, 10), f.parentEmailId]),
    ).toEqual([["followup_2_clicked_no_hq", "2026-06-03", welcome.id]]);
  });
});
