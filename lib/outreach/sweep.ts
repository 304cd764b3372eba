import "server-only";
import { prisma, tenantDb, tenantTransaction, type TxClient } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { unsubscribeLinks } from "@/lib/consent/unsubscribe-token";
import { fromWithName } from "@/lib/email/compose";
import {
  EmailSendError,
  sendEmail,
  type SendEmailInput,
  type SendEmailResult,
  type SendFunction,
} from "@/lib/email/send";
import { sendEmailBatch } from "@/lib/email/send-batch";
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
  // Two index reads, each stopping at `limit`: the pending rows due, from the front of the partial index
  // scheduled_emails_pending_due_idx (already in send order), and the stale "sending" rows, which are few.
  // One OR over both would make PostgreSQL gather every due row before sorting them (30 million rows,
  // #19 point 2). Rows locked by a CTE and not picked stay untouched; the claim is one statement, so its
  // locks end with it.
  return prisma.$queryRaw<ClaimedEmail[]>`
    WITH stale AS (
      SELECT id, scheduled_send_at, priority FROM scheduled_emails
      WHERE status = 'sending' AND last_attempt_at < ${staleBefore}::timestamptz AND attempt_count < ${MAX_SEND_ATTEMPTS}
      ORDER BY scheduled_send_at, priority, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), pending AS (
      SELECT id, scheduled_send_at, priority FROM scheduled_emails
      WHERE status = 'pending' AND scheduled_send_at <= ${now}::timestamptz
      ORDER BY scheduled_send_at, priority, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), due AS (
      SELECT id FROM (SELECT * FROM stale UNION ALL SELECT * FROM pending) AS candidates
      ORDER BY scheduled_send_at, priority, id
      LIMIT ${limit}
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

const scheduledEmailSelect = {
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
} as const satisfies Prisma.ScheduledEmailSelect;

type LoadedRow = Prisma.ScheduledEmailGetPayload<{ select: typeof scheduledEmailSelect }>;
type Agent = Prisma.UserGetPayload<{ select: typeof senderSelect }>;

/** One claimed row on its way out: what its send needs and what its outcome writes, under its fence. */
type SendJob = {
  id: string;
  orgId: string;
  row: LoadedRow;
  fence: { id: string; organizationId: string; status: "sending"; attemptCount: number };
  now: Date;
};

/** A job ready for the provider: its email, and what marking it sent records. */
type ReadySend = { job: SendJob; input: SendEmailInput; sendMode: "test" | "production"; testAddress?: string };

const finishUnderFence = (
  { orgId, fence }: SendJob,
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

const failedEvent = ({ id, orgId, row, now }: SendJob, error: string): Prisma.EmailEventUncheckedCreateInput => ({
  organizationId: orgId,
  contactId: row.contact.id,
  scheduledEmailId: id,
  type: "failed",
  occurredAt: now,
  metadata: { emailType: row.emailType, error },
});

async function cancelJob(job: SendJob, reason: string): Promise<SendOutcome> {
  return (await finishUnderFence(job, { status: "cancelled", skipReason: reason }))
    ? { id: job.id, outcome: "cancelled", reason }
    : { id: job.id, outcome: "not_claimed" };
}

/**
 * A loaded, claimed row made ready to send: cancelled when its contact opted out or has no address,
 * otherwise its sender resolved, its quote link made (or the earlier attempt's reused) and its email
 * rendered. `fallbackAgent` finds the organization's first active admin (read once per organization).
 */
async function prepareSend(job: SendJob, fallbackAgent: () => Promise<Agent | null>): Promise<ReadySend | SendOutcome> {
  const { id, orgId, row, fence, now } = job;
  const { contact, organization } = row;
  if (contact.unsubscribedAt || contact.doNotCommunicate) return cancelJob(job, CANCEL_REASONS.optedOut);
  if (!contact.email.trim()) return cancelJob(job, CANCEL_REASONS.noAddress);
  try {
    // Live is decided now, not when the row was planned: before go-live nothing reaches a consumer.
    const sendMode = sendModeAt(organization, now);
    const agent =
      (contact.agent?.isActive ? contact.agent : null) ??
      (organization.defaultAgent?.isActive ? organization.defaultAgent : null) ??
      (await fallbackAgent());
    if (sendMode === "test" && !agent) return await cancelJob(job, CANCEL_REASONS.noTestRecipient);

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
    const input: SendEmailInput = {
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
    };
    return { job, input, sendMode, testAddress };
  } catch (error) {
    return afterSendError(job, error);
  }
}

/** The provider took the email (or already had it): the row is marked sent under its fence, once. */
async function markSent({ job, sendMode, testAddress }: ReadySend, result: SendEmailResult): Promise<SendOutcome> {
  const { id, orgId, row, fence, now } = job;
  const { contact } = row;
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
}

/** A failed attempt: retried later with backoff, failed for good, or (a refused address) failed at once. */
async function afterSendError(job: SendJob, error: unknown): Promise<SendOutcome> {
  const { id, orgId, row, now } = job;
  if (error instanceof LostClaimError) return { id, outcome: "not_claimed" };
  // The provider refused the contact's address (an RFC 6531 address it cannot deliver to, say): the
  // contact stays in the book, its address is marked not emailable as a permanent bounce marks it
  // (resend-webhook.ts), and the email fails now instead of retrying. A trial's [TEST] copy is not the contact's.
  if (error instanceof EmailSendError && error.recipientRefused && sendModeAt(row.organization, now) === "production") {
    const done = await finishUnderFence(
      job,
      { status: "failed", lastError: RECIPIENT_REFUSED },
      failedEvent(job, RECIPIENT_REFUSED),
      (tx) =>
        recordUnsubscribe(tx, {
          organizationId: orgId,
          contactId: row.contact.id,
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
    const done = await finishUnderFence(job, { status: "failed", lastError: errorName }, failedEvent(job, errorName));
    return done ? { id, outcome: "failed", error: errorName } : { id, outcome: "not_claimed" };
  }
  const done = await finishUnderFence(job, { status: "pending", scheduledSendAt: next.retryAt, lastError: errorName });
  return done ? { id, outcome: "retry", retryAt: next.retryAt, error: errorName } : { id, outcome: "not_claimed" };
}

const jobFor = (orgId: string, row: LoadedRow, now: Date): SendJob => ({
  id: row.id,
  orgId,
  row,
  fence: { id: row.id, organizationId: orgId, status: "sending", attemptCount: row.attemptCount },
  now,
});

const fallbackAgentOf = (orgId: string) => {
  let found: Promise<Agent | null> | undefined;
  return () =>
    (found ??= tenantDb(orgId).user.findFirst({
      where: { organizationId: orgId, isActive: true, isAdmin: true },
      orderBy: { createdAt: "asc" },
      select: senderSelect,
    }));
};

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
  const row = await tenantDb(orgId).scheduledEmail.findFirst({
    where: { id, organizationId: orgId },
    select: scheduledEmailSelect,
  });
  if (!row || row.status !== "sending") return { id, outcome: "not_claimed" };
  const job = jobFor(orgId, row, now);
  const ready = await prepareSend(job, fallbackAgentOf(orgId));
  if ("outcome" in ready) return ready;
  let result: SendEmailResult;
  try {
    result = await send(ready.input);
  } catch (error) {
    return afterSendError(job, error);
  }
  return markSent(ready, result);
}

/**
 * Sends many emails at once: one outcome per input, in order (a result, or the error its single send would
 * have thrown). The sweep's default is sendEmailBatch (the provider's batch call); tests replace it.
 */
export type BatchSendFunction = (inputs: readonly SendEmailInput[]) => Promise<(SendEmailResult | Error)[]>;

/** A batch function made of single sends, `concurrency` at a time: how a test injects a crash per email. */
export function batchOfSingles(send: SendFunction, concurrency = 1): BatchSendFunction {
  return async (inputs) => {
    const results: (SendEmailResult | Error)[] = new Array(inputs.length);
    let next = 0;
    const worker = async () => {
      while (next < inputs.length) {
        const i = next++;
        try {
          results[i] = await send(inputs[i]!);
        } catch (error) {
          results[i] = error instanceof Error ? error : new Error(String(error));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, inputs.length)) }, worker));
    return results;
  };
}

/**
 * Sends a claimed batch: each organization's rows are read in one tenant query and made ready, then every
 * email goes to `sendBatch` at once (the provider's batch call, PROVIDER_BATCH_SIZE per request), then
 * each row is marked under its fence. An organization whose rows could not be read counts as errors;
 * its rows stay "sending" and a later sweep takes them over.
 */
export async function sendClaimedEmails({
  claimed,
  now,
  sendBatch = (inputs) => sendEmailBatch(inputs),
}: {
  claimed: readonly ClaimedEmail[];
  now: Date;
  sendBatch?: BatchSendFunction;
}): Promise<{ outcomes: SendOutcome[]; errors: number }> {
  const byOrg = new Map<string, string[]>();
  for (const email of claimed) byOrg.set(email.organizationId, [...(byOrg.get(email.organizationId) ?? []), email.id]);
  const outcomes: SendOutcome[] = [];
  const ready: ReadySend[] = [];
  let errors = 0;
  for (const [orgId, ids] of byOrg) {
    try {
      const rows = await tenantDb(orgId).scheduledEmail.findMany({
        where: { id: { in: ids }, organizationId: orgId },
        select: scheduledEmailSelect,
      });
      const loaded = new Map(rows.map((row) => [row.id, row]));
      const fallbackAgent = fallbackAgentOf(orgId);
      for (const id of ids) {
        const row = loaded.get(id);
        if (!row || row.status !== "sending") {
          outcomes.push({ id, outcome: "not_claimed" });
          continue;
        }
        const prepared = await prepareSend(jobFor(orgId, row, now), fallbackAgent);
        if ("outcome" in prepared) outcomes.push(prepared);
        else ready.push(prepared);
      }
    } catch (error) {
      errors += ids.length;
      logSendError(orgId, error);
    }
  }
  if (ready.length === 0) return { outcomes, errors };
  const results = await sendBatch(ready.map((r) => r.input));
  for (const [i, prepared] of ready.entries()) {
    const result = results[i];
    try {
      outcomes.push(
        result instanceof Error || !result
          ? await afterSendError(prepared.job, result ?? new Error("No result"))
          : await markSent(prepared, result),
      );
    } catch (error) {
      errors += 1;
      logSendError(prepared.job.id, error);
    }
  }
  return { outcomes, errors };
}

function logSendError(subject: string, error: unknown) {
  console.error(
    JSON.stringify({ level: "error", event: "outreach_send_error", subject, error: errorClassName(error) }),
  );
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

/** The sweep's claim size: five provider batch calls' worth. */
export const SWEEP_BATCH_SIZE = 500;

/**
 * One sweep: claim a batch, send it, repeat until nothing is due (or `maxBatches`). The batch goes out
 * through sendClaimedEmails (the provider's batch call); `send` replaces it with single sends,
 * `concurrency` at a time (tests inject crashes per email that way). An unexpected error leaves its row
 * "sending"; a later sweep takes it over after STALE_SENDING_MINUTES. After each batch the contacts emailed
 * in it are re-planned, so their follow-up (two days later, domain-rules A.9) is on the schedule at once.
 */
export async function runSweep({
  now,
  batchSize = SWEEP_BATCH_SIZE,
  maxBatches = 20,
  concurrency = 1,
  send,
  sendBatch,
  replan = true,
}: {
  now: Date;
  batchSize?: number;
  maxBatches?: number;
  concurrency?: number;
  send?: SendFunction;
  sendBatch?: BatchSendFunction;
  /** Re-plan the emailed contacts after each batch (default); off only where a test counts sends alone. */
  replan?: boolean;
}): Promise<SweepResult> {
  const result: SweepResult = { claimed: 0, sent: 0, retried: 0, failed: 0, cancelled: 0, notClaimed: 0, errors: 0 };
  const batchFunction = sendBatch ?? (send ? batchOfSingles(send, concurrency) : undefined);
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const claimed = await claimDueEmails({ limit: batchSize, now });
    result.claimed += claimed.length;
    const { outcomes, errors } = await sendClaimedEmails({ claimed, now, sendBatch: batchFunction });
    result.errors += errors;
    const emailed = new Map<string, string[]>();
    const orgOf = new Map(claimed.map((email) => [email.id, email.organizationId]));
    for (const outcome of outcomes) {
      if (outcome.outcome === "sent") {
        result.sent += 1;
        const organizationId = orgOf.get(outcome.id)!;
        emailed.set(organizationId, [...(emailed.get(organizationId) ?? []), outcome.contactId]);
      } else if (outcome.outcome === "retry") result.retried += 1;
      else if (outcome.outcome === "failed") result.failed += 1;
      else if (outcome.outcome === "cancelled") result.cancelled += 1;
      else result.notClaimed += 1;
    }
    if (replan)
      for (const [organizationId, contactIds] of emailed)
        await rescheduleContactsNow({ organizationId, contactIds, now });
    if (claimed.length < batchSize) break;
  }
  return result;
}
