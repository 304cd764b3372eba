import "server-only";
import { prisma, tenantDb, tenantTransaction, type TxClient } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { unsubscribeLinks } from "@/lib/consent/unsubscribe-token";
import { fromWithName } from "@/lib/email/compose";
import { EmailSendError, sendEmail, type SendEmailResult, type SendFunction } from "@/lib/email/send";
import { recordUnsubscribe } from "@/lib/consent/unsubscribe";
import { getEnv } from "@/lib/env";
import { createQuoteLink, quoteLinkUrl, quoteTrackingId } from "@/lib/quotes/quote-links";
import { isoDate } from "@/lib/calendar/calendar-date";
import { renderOutreachEmail } from "@/lib/outreach/render";
import { clickTrackingUrl, openPixelUrl } from "@/lib/tracking/email-tracking";
import { resolveOutreachSender } from "@/lib/email/sender";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";
import {
  afterFailedAttempt,
  errorClassName,
  MAX_SEND_ATTEMPTS,
  sendModeAt,
  STALE_SENDING_MINUTES,
} from "@/lib/outreach/rules";

/**
 * The sweep (architecture.md rule 11): due ScheduledEmail rows are claimed atomically (pending →
 * sending), each is sent through the one send path (lib/email/send.ts) with the row's idempotency key,
 * then marked sent, retried later with backoff, failed for good, or cancelled.
 *
 * Exactly once: a claimed row carries its attempt number as a fence; every later write is conditional
 * on (status sending, that attempt), so a sweeper that lost its claim (it stalled, another took the
 * row over) writes nothing. The email itself goes out once per idempotency key whatever happens
 * between the provider accepting it and the row being marked: a retry or a takeover sends the same key
 * again and the send path answers "duplicate" instead of delivering twice.
 */

export type ClaimedEmail = { id: string; organizationId: string; attemptCount: number };

/**
 * Claims up to `limit` due rows, oldest first, across all organizations: pending rows whose send time
 * has come, and rows left "sending" by a sweeper that died more than STALE_SENDING_MINUTES ago.
 * FOR UPDATE SKIP LOCKED lets concurrent sweepers claim disjoint rows without waiting on each other.
 *
 * This is the one place that uses the owner client on tenant rows: finding due work is not one
 * organization's query (row-level security would need a tenant to be set, and the sweep serves them
 * all). It only reads ids and flips the status; everything about the email itself is then read and
 * written through tenantDb/tenantTransaction of the row's organization.
 */
export async function claimDueEmails({ limit, now }: { limit: number; now: Date }): Promise<ClaimedEmail[]> {
  const staleBefore = new Date(now.getTime() - STALE_SENDING_MINUTES * 60_000);
  // A row that keeps killing its sweeper must not be taken over forever.
  await prisma.$executeRaw`
    UPDATE scheduled_emails SET status = 'failed', last_error = 'StaleClaim', updated_at = ${now}::timestamptz
    WHERE status = 'sending' AND last_attempt_at < ${staleBefore}::timestamptz AND attempt_count >= ${MAX_SEND_ATTEMPTS}`;
  return prisma.$queryRaw<ClaimedEmail[]>`
    WITH due AS (
      SELECT id FROM scheduled_emails
      WHERE (status = 'pending' AND scheduled_send_at <= ${now}::timestamptz)
         OR (status = 'sending' AND last_attempt_at < ${staleBefore}::timestamptz AND attempt_count < ${MAX_SEND_ATTEMPTS})
      ORDER BY scheduled_send_at, priority, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE scheduled_emails AS s
    SET status = 'sending', attempt_count = s.attempt_count + 1, last_attempt_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
    FROM due
    WHERE s.id = due.id
    RETURNING s.id, s.organization_id AS "organizationId", s.attempt_count AS "attemptCount"`;
}

export type { SendFunction };

export type SendOutcome =
  | { id: string; outcome: "sent"; delivery: SendEmailResult["status"]; contactId: string }
  | { id: string; outcome: "retry"; retryAt: Date; error: string }
  | { id: string; outcome: "failed"; error: string }
  | { id: string; outcome: "cancelled"; reason: string }
  /** The row is not (or no longer) this caller's to send: already sent, taken over, never claimed. */
  | { id: string; outcome: "not_claimed" };

/** lastError of an email whose recipient address the provider refused; the contact is marked not emailable. */
export const RECIPIENT_REFUSED = "recipient_refused";

export const CANCEL_REASONS = {
  optedOut: "Contact opted out",
  noAddress: "Contact has no email address",
  noTestRecipient: "No agent to receive the test email",
} as const;

class LostClaimError extends Error {
  constructor() {
    super("The scheduled email was claimed by another sweeper.");
    this.name = "LostClaimError";
  }
}

const senderSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  signature: true,
  bookingLink: true,
  phoneEnabled: true,
  calendarEnabled: true,
  useOrgSenderDetails: true,
  isActive: true,
} as const;

/**
 * Sends one claimed row. `organizationId` comes from the claim (saves a lookup); `send` is the one send
 * path, replaceable only so that tests can inject a crash around it.
 */
export async function sendScheduledEmail({
  id,
  now,
  organizationId,
  send = sendEmail,
}: {
  id: string;
  now: Date;
  organizationId?: string;
  send?: SendFunction;
}): Promise<SendOutcome> {
  const orgId =
    organizationId ??
    (await prisma.scheduledEmail.findUnique({ where: { id }, select: { organizationId: true } }))?.organizationId;
  if (!orgId) return { id, outcome: "not_claimed" };
  const db = tenantDb(orgId);
  const row = await db.scheduledEmail.findFirst({
    where: { id, organizationId: orgId },
    select: {
      id: true,
      contactId: true,
      emailType: true,
      status: true,
      attemptCount: true,
      idempotencyKey: true,
      trackingId: true,
      eventDate: true,
      metadata: true,
      contact: {
        select: {
          id: true,
          firstName: true,
          email: true,
          planType: true,
          currentCarrier: true,
          unsubscribedAt: true,
          doNotCommunicate: true,
          agent: { select: senderSelect },
        },
      },
      organization: {
        select: {
          name: true,
          brandName: true,
          slug: true,
          primaryColor: true,
          phone: true,
          signature: true,
          orgSignature: true,
          forceOrgSenderDetails: true,
          redirectUrl: true,
          logoMimeType: true,
          logoUpdatedAt: true,
          postalAddress: true,
          demoMode: true,
          wentLiveAt: true,
          defaultAgent: { select: senderSelect },
        },
      },
    },
  });
  if (!row || row.status !== "sending") return { id, outcome: "not_claimed" };
  const fence = { id, organizationId: orgId, status: "sending" as const, attemptCount: row.attemptCount };
  const { contact, organization } = row;

  const finish = async (
    data: Prisma.ScheduledEmailUpdateManyMutationInput,
    event?: Prisma.EmailEventUncheckedCreateInput,
    alsoInTransaction?: (tx: TxClient) => Promise<unknown>,
  ) =>
    tenantTransaction(orgId, async (tx) => {
      const { count } = await tx.scheduledEmail.updateMany({ where: fence, data });
      if (count === 1 && event) await tx.emailEvent.create({ data: event });
      if (count === 1 && alsoInTransaction) await alsoInTransaction(tx);
      return count === 1;
    });
  const failedEvent = (error: string): Prisma.EmailEventUncheckedCreateInput => ({
    organizationId: orgId,
    contactId: contact.id,
    scheduledEmailId: id,
    type: "failed",
    occurredAt: now,
    metadata: { emailType: row.emailType, error },
  });
  const cancel = async (reason: string): Promise<SendOutcome> =>
    (await finish({ status: "cancelled", skipReason: reason }))
      ? { id, outcome: "cancelled", reason }
      : { id, outcome: "not_claimed" };

  if (contact.unsubscribedAt || contact.doNotCommunicate) return cancel(CANCEL_REASONS.optedOut);
  if (!contact.email.trim()) return cancel(CANCEL_REASONS.noAddress);

  try {
    // Live is decided now, not when the row was planned: before go-live nothing reaches a consumer.
    const sendMode = sendModeAt(organization, now);
    const agent =
      (contact.agent?.isActive ? contact.agent : null) ??
      (organization.defaultAgent?.isActive ? organization.defaultAgent : null) ??
      (await db.user.findFirst({
        where: { organizationId: orgId, isActive: true, isAdmin: true },
        orderBy: { createdAt: "asc" },
        select: senderSelect,
      }));
    if (sendMode === "test" && !agent) return await cancel(CANCEL_REASONS.noTestRecipient);

    const { sender, fromName, replyTo } = resolveOutreachSender({ organization, agent, appUrl: getEnv().appUrl });

    const link = await quoteLinkFor({ orgId, row, fence, now });
    // The email's link goes through the click tracker, which records the click and redirects to the quote.
    const quoteUrl = clickTrackingUrl(id, `${link.url}&tid=${encodeURIComponent(link.trackingId)}`);
    const rendered = renderOutreachEmail({
      emailType: row.emailType,
      firstName: contact.firstName,
      sender,
      quoteUrl,
      openPixelUrl: openPixelUrl(id),
      eventDate: row.eventDate ? isoDate(row.eventDate) : null,
      carrierName: contact.currentCarrier,
      planType: contact.planType,
    });
    const testAddress = sendMode === "test" ? agent!.email : undefined;
    const result = await send({
      to: contact.email,
      testAddress,
      subject: rendered.subject,
      react: rendered.react,
      from: fromWithName(getEnv().email.from, fromName),
      replyTo: replyTo ?? undefined,
      idempotencyKey: row.idempotencyKey,
      postalAddress: organization.postalAddress,
      whiteLabel: true,
      ...unsubscribeLinks({ organizationId: orgId, contactId: contact.id }),
      tags: { email_type: row.emailType, organization_id: orgId, scheduled_email_id: id },
    });

    const marked = await tenantTransaction(orgId, async (tx) => {
      const { count } = await tx.scheduledEmail.updateMany({
        where: fence,
        data: {
          status: "sent",
          sentAt: now,
          providerMessageId: result.providerMessageId ?? null,
          recipientEmail: testAddress ?? contact.email,
          sendMode,
          lastError: null,
        },
      });
      if (count !== 1) return false;
      await tx.emailEvent.create({
        data: {
          organizationId: orgId,
          contactId: contact.id,
          scheduledEmailId: id,
          type: "sent",
          providerMessageId: result.providerMessageId ?? null,
          occurredAt: now,
          metadata: { emailType: row.emailType, sendMode },
        },
      });
      await tx.contact.updateMany({ where: { id: contact.id, organizationId: orgId }, data: { lastEmailedAt: now } });
      return true;
    });
    return marked
      ? { id, outcome: "sent", delivery: result.status, contactId: contact.id }
      : { id, outcome: "not_claimed" };
  } catch (error) {
    if (error instanceof LostClaimError) return { id, outcome: "not_claimed" };
    // The provider refused the contact's address (an RFC 6531 address it cannot deliver to, say): the
    // contact stays in the book, its address is marked not emailable as a permanent bounce marks it
    // (resend-webhook.ts), and the email fails now instead of retrying. A trial's [TEST] copy is not the contact's.
    if (error instanceof EmailSendError && error.recipientRefused && sendModeAt(organization, now) === "production") {
      const done = await finish(
        { status: "failed", lastError: RECIPIENT_REFUSED },
        failedEvent(RECIPIENT_REFUSED),
        (tx) =>
          recordUnsubscribe(tx, {
            organizationId: orgId,
            contactId: contact.id,
            source: "bounce",
            now,
            scheduledEmailId: id,
            metadata: { reason: RECIPIENT_REFUSED },
          }),
      );
      return done ? { id, outcome: "failed", error: RECIPIENT_REFUSED } : { id, outcome: "not_claimed" };
    }
    const errorName = errorClassName(error);
    const next = afterFailedAttempt({ attempt: row.attemptCount, now });
    if (next.status === "failed") {
      const done = await finish({ status: "failed", lastError: errorName }, failedEvent(errorName));
      return done ? { id, outcome: "failed", error: errorName } : { id, outcome: "not_claimed" };
    }
    const done = await finish({ status: "pending", scheduledSendAt: next.retryAt, lastError: errorName });
    return done ? { id, outcome: "retry", retryAt: next.retryAt, error: errorName } : { id, outcome: "not_claimed" };
  }
}

type RowForLink = {
  id: string;
  contactId: string;
  trackingId: string | null;
  metadata: Prisma.JsonValue;
  contact: { planType: string | null };
};

/**
 * The quote link this email carries. A retry reuses the link of the earlier attempt: the provider may
 * already hold that email, and clicks must be attributed to the tid it contains. A new link and its
 * tracking id are written under the fence, so only the claim holder records one.
 */
async function quoteLinkFor({
  orgId,
  row,
  fence,
  now,
}: {
  orgId: string;
  row: RowForLink;
  fence: Prisma.ScheduledEmailWhereInput;
  now: Date;
}) {
  const metadata =
    row.metadata && typeof row.metadata === "object" && !Array.isArray(row.metadata)
      ? (row.metadata as Record<string, unknown>)
      : {};
  const earlierLinkId = typeof metadata.quoteLinkId === "string" ? metadata.quoteLinkId : null;
  if (earlierLinkId && row.trackingId) {
    const earlier = await tenantDb(orgId).quoteLink.findFirst({
      where: { id: earlierLinkId, organizationId: orgId, contactId: row.contactId },
      select: { token: true, expiresAt: true },
    });
    if (earlier && (!earlier.expiresAt || earlier.expiresAt.getTime() > now.getTime()))
      return { url: quoteLinkUrl(earlier.token), trackingId: row.trackingId };
  }
  return tenantTransaction(orgId, async (tx) => {
    const created = await createQuoteLink({
      organizationId: orgId,
      contactId: row.contactId,
      planType: row.contact.planType,
      now,
      tx,
    });
    const trackingId = quoteTrackingId(created.link);
    const { count } = await tx.scheduledEmail.updateMany({
      where: fence,
      data: { trackingId, metadata: { ...metadata, quoteLinkId: created.link.id } },
    });
    if (count !== 1) throw new LostClaimError();
    return { url: created.url, trackingId };
  });
}

export type SweepResult = {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  cancelled: number;
  notClaimed: number;
  errors: number;
};

/**
 * One sweep: claim a batch, send it, repeat until nothing is due (or `maxBatches`). `concurrency`
 * sends of a batch run at once. An unexpected error leaves its row "sending"; a later sweep takes it
 * over after STALE_SENDING_MINUTES. After each batch the contacts emailed in it are re-planned, so
 * their follow-up (two days later, domain-rules A.9) is on the schedule at once.
 */
export async function runSweep({
  now,
  batchSize = 50,
  maxBatches = 20,
  concurrency = 1,
  send,
  replan = true,
}: {
  now: Date;
  batchSize?: number;
  maxBatches?: number;
  concurrency?: number;
  send?: SendFunction;
  /** Re-plan the emailed contacts after each batch (default); off only where a test counts sends alone. */
  replan?: boolean;
}): Promise<SweepResult> {
  const result: SweepResult = { claimed: 0, sent: 0, retried: 0, failed: 0, cancelled: 0, notClaimed: 0, errors: 0 };
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const claimed = await claimDueEmails({ limit: batchSize, now });
    const emailed = new Map<string, string[]>();
    result.claimed += claimed.length;
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const email = claimed[next++]!;
        try {
          const outcome = await sendScheduledEmail({ id: email.id, organizationId: email.organizationId, now, send });
          if (outcome.outcome === "sent") {
            result.sent += 1;
            emailed.set(email.organizationId, [...(emailed.get(email.organizationId) ?? []), outcome.contactId]);
          } else if (outcome.outcome === "retry") result.retried += 1;
          else if (outcome.outcome === "failed") result.failed += 1;
          else if (outcome.outcome === "cancelled") result.cancelled += 1;
          else result.notClaimed += 1;
        } catch (error) {
          result.errors += 1;
          console.error(
            JSON.stringify({
              level: "error",
              event: "outreach_send_error",
              scheduledEmailId: email.id,
              error: errorClassName(error),
            }),
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, claimed.length)) }, worker));
    if (replan)
      for (const [organizationId, contactIds] of emailed)
        await rescheduleContactsNow({ organizationId, contactIds, now });
    if (claimed.length < batchSize) break;
  }
  return result;
}
