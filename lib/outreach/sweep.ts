import "server-only";
import { prisma, tenantDb, tenantTransaction, type TxClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
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
import { newQuoteLinkRow, newShortLinkCode, quoteLinkUrl, quoteTrackingId } from "@/lib/quotes/quote-links";
import { brandNameOf } from "@/lib/organizations/brand";
import { decideTextSend, isTextRow, TEXT_CANCEL_REASONS, textedEmailType } from "@/lib/outreach/text-rows";
import { smsConsentOf } from "@/lib/sms/consent";
import { smsTimeZonesOfState } from "@/lib/sms/quiet-hours";
import { sendSms, type SendSmsResult } from "@/lib/sms/send";
import { quoteLinkSms, shortLinkUrl } from "@/lib/sms/template";
import { isoDate } from "@/lib/calendar/calendar-date";
import { outreachRenderer, type OutreachRenderer } from "@/lib/outreach/render-once";
import type { HouseholdPartnerLink } from "@/lib/email/templates/outreach/outreach-layout";
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
  return prisma.$queryRaw<ClaimedEmail[]>(claimDueEmailsSql({ limit, now }));
}

/**
 * The claim statement (bench/sweep.ts EXPLAINs it as it runs).
 *
 * Two index reads, each stopping at `limit`: the pending rows due, from the front of the partial index
 * scheduled_emails_pending_due_idx (already in send order), and the stale "sending" rows, which are few.
 * One OR over both would make PostgreSQL gather every due row before sorting them (30 million rows,
 * #19 point 2). Rows locked by a CTE and not picked stay untouched; the claim is one statement, so its
 * locks end with it. The update finds each row by the physical address (ctid) the locking read just saw, not
 * through the primary key: at 30 million rows the key's pages are mostly not in memory, and the lookup cost
 * a read per row (≈ 95 ms of a 300 ms claim). The row is locked, so its address cannot change under the
 * statement; the id is compared too, so a row that had moved would only be left unclaimed.
 */
export function claimDueEmailsSql({ limit, now }: { limit: number; now: Date }) {
  const staleBefore = new Date(now.getTime() - STALE_SENDING_MINUTES * 60_000);
  return Prisma.sql`
    WITH stale AS (
      SELECT ctid AS row_at, id, scheduled_send_at, priority FROM scheduled_emails
      WHERE status = 'sending' AND last_attempt_at < ${staleBefore}::timestamptz AND attempt_count < ${MAX_SEND_ATTEMPTS}
      ORDER BY scheduled_send_at, priority, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), pending AS (
      SELECT ctid AS row_at, id, scheduled_send_at, priority FROM scheduled_emails
      WHERE status = 'pending' AND scheduled_send_at <= ${now}::timestamptz
      ORDER BY scheduled_send_at, priority, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), due AS (
      SELECT row_at, id FROM (SELECT * FROM stale UNION ALL SELECT * FROM pending) AS candidates
      ORDER BY scheduled_send_at, priority, id
      LIMIT ${limit}
    )
    UPDATE scheduled_emails AS s
    SET status = 'sending', attempt_count = s.attempt_count + 1, last_attempt_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
    FROM due
    WHERE s.ctid = due.row_at AND s.id = due.id
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
      phoneNumber: true,
      state: true,
      unsubscribedAt: true,
      doNotCommunicate: true,
      agent: { select: senderSelect },
      // The organization through the contact: scheduled_emails' one key is (organization, contact).
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
          smsEnabled: true,
          timezone: true,
          defaultAgent: { select: senderSelect },
        },
      },
    },
  },
} as const satisfies Prisma.ScheduledEmailSelect;

type SelectedRow = Prisma.ScheduledEmailGetPayload<{ select: typeof scheduledEmailSelect }>;
/** A claimed row as read, with its organization (read through its contact) beside it. */
type LoadedRow = SelectedRow & { organization: SelectedRow["contact"]["organization"] };
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

/** Who a message goes out as (and, in a trial, who receives its test copy): the contact's agent, else the default agent, else the first admin. */
async function sendingAgent(row: LoadedRow, fallbackAgent: () => Promise<Agent | null>): Promise<Agent | null> {
  const { contact, organization } = row;
  return (
    (contact.agent?.isActive ? contact.agent : null) ??
    (organization.defaultAgent?.isActive ? organization.defaultAgent : null) ??
    (await fallbackAgent())
  );
}

/** What a job needs before its link and its email: the mode, the agent it goes out as, the sender. */
type DecidedSend = {
  job: SendJob;
  sendMode: "test" | "production";
  agent: Agent | null;
  sender: ReturnType<typeof resolveOutreachSender>;
};

/**
 * Whether and how a loaded, claimed row goes out: cancelled when its contact opted out or has no address
 * (or, in a trial, no agent can receive the test copy); otherwise its mode and sender. `fallbackAgent`
 * finds the organization's first active admin (read once per organization).
 */
async function decideSend(
  job: SendJob,
  fallbackAgent: () => Promise<Agent | null>,
): Promise<DecidedSend | SendOutcome> {
  const { row, now } = job;
  const { contact, organization } = row;
  if (contact.unsubscribedAt || contact.doNotCommunicate) return cancelJob(job, CANCEL_REASONS.optedOut);
  if (!contact.email.trim()) return cancelJob(job, CANCEL_REASONS.noAddress);
  // Live is decided now, not when the row was planned: before go-live nothing reaches a consumer.
  const sendMode = sendModeAt(organization, now);
  const agent = await sendingAgent(job.row, fallbackAgent);
  if (sendMode === "test" && !agent) return cancelJob(job, CANCEL_REASONS.noTestRecipient);
  const sender = resolveOutreachSender({ organization, agent, appUrl: getEnv().appUrl });
  return { job, sendMode, agent, sender };
}

/** The email itself, rendered (by the organization's renderer of this batch), with the quote link it carries. */
async function readySend(
  { job, sendMode, agent, sender: resolved }: DecidedSend,
  link: QuoteLinkForEmail,
  render: OutreachRenderer,
  household: HouseholdPartnerLink | null,
): Promise<ReadySend> {
  const { id, orgId, row } = job;
  const { contact, organization } = row;
  const { sender, fromName, replyTo } = resolved;
  // The email's link goes through the click tracker, which records the click and redirects to the quote.
  const quoteUrl = clickTrackingUrl(id, `${link.url}&tid=${encodeURIComponent(link.trackingId)}`);
  const rendered = await render({
    emailType: row.emailType,
    firstName: contact.firstName,
    sender,
    quoteUrl,
    openPixelUrl: openPixelUrl(id),
    eventDate: row.eventDate ? isoDate(row.eventDate) : null,
    carrierName: contact.currentCarrier,
    planType: contact.planType,
    household,
  });
  const testAddress = sendMode === "test" ? agent!.email : undefined;
  const input: SendEmailInput = {
    to: contact.email,
    testAddress,
    subject: rendered.subject,
    react: rendered.react,
    rendered: rendered.body,
    from: fromWithName(getEnv().email.from, fromName),
    replyTo: replyTo ?? undefined,
    idempotencyKey: row.idempotencyKey,
    postalAddress: organization.postalAddress,
    whiteLabel: true,
    ...unsubscribeLinks({ organizationId: orgId, contactId: contact.id }),
    tags: { email_type: row.emailType, organization_id: orgId, scheduled_email_id: id },
  };
  return { job, input, sendMode, testAddress };
}

/**
 * One organization's claimed rows made ready to send, with one tenant read for the rows and one
 * transaction for the new quote links (#19 point 2: no round trips per row where one per organization
 * does). Rows that are not (or no longer) claimed answer not_claimed; cancelled rows are cancelled.
 */
async function prepareOrganization(
  orgId: string,
  ids: readonly string[],
  now: Date,
): Promise<{ outcomes: SendOutcome[]; ready: ReadySend[] }> {
  const rows = await tenantDb(orgId).scheduledEmail.findMany({
    where: { id: { in: [...ids] }, organizationId: orgId },
    select: scheduledEmailSelect,
  });
  const loaded = new Map(rows.map((row) => [row.id, { ...row, organization: row.contact.organization }]));
  const fallbackAgent = fallbackAgentOf(orgId);
  const outcomes: SendOutcome[] = [];
  const decided: DecidedSend[] = [];
  const texts: SendJob[] = [];
  for (const id of ids) {
    const row = loaded.get(id);
    if (!row || row.status !== "sending") {
      outcomes.push({ id, outcome: "not_claimed" });
      continue;
    }
    const job = jobFor(orgId, row, now);
    if (isTextRow(row.emailType)) {
      texts.push(job);
      continue;
    }
    try {
      const decision = await decideSend(job, fallbackAgent);
      if ("outcome" in decision) outcomes.push(decision);
      else decided.push(decision);
    } catch (error) {
      outcomes.push(await afterSendError(job, error));
    }
  }
  // Texts go out here, one Twilio call each (Twilio has no batch call); the emails go on to the provider's batch.
  if (texts.length > 0) outcomes.push(...(await sendTexts(orgId, texts, now, fallbackAgent)));
  if (decided.length === 0) return { outcomes, ready: [] };
  // Each email's quote link, and its partner's for a household email: a failure retries the whole batch.
  const jobs = decided.map((d) => d.job);
  let links: Map<string, QuoteLinkForEmail | null>;
  let households: Map<string, HouseholdPartnerLink>;
  try {
    links = await quoteLinksFor(orgId, jobs, now);
    households = await householdPartnerLinks(orgId, jobs, now, links);
  } catch (error) {
    for (const { job } of decided) outcomes.push(await afterSendError(job, error));
    return { outcomes, ready: [] };
  }
  // One render per template and sender for the organization's emails of this batch, not one per email.
  const render = outreachRenderer();
  const ready: ReadySend[] = [];
  for (const decision of decided) {
    const link = links.get(decision.job.id);
    if (!link) {
      outcomes.push({ id: decision.job.id, outcome: "not_claimed" });
      continue;
    }
    try {
      ready.push(await readySend(decision, link, render, households.get(decision.job.id) ?? null));
    } catch (error) {
      outcomes.push(await afterSendError(decision.job, error));
    }
  }
  return { outcomes, ready };
}

/** A text claimed in its contact's quiet hours goes back to pending until they end; the claim's attempt is given back. */
async function deferJob(job: SendJob, until: Date): Promise<SendOutcome> {
  const done = await finishUnderFence(job, {
    status: "pending",
    scheduledSendAt: until,
    attemptCount: { decrement: 1 },
    lastError: "quiet_hours",
  });
  return done
    ? { id: job.id, outcome: "retry", retryAt: until, error: "quiet_hours" }
    : { id: job.id, outcome: "not_claimed" };
}

/** Twilio refused a text for a reason that may pass (its rate limit, a 5xx): retried with the emails' backoff. */
class TextSendError extends Error {
  override name = "TextSendError";
}

/**
 * The texts of one organization's batch (#20 point 3, lib/outreach/text-rows.ts). Each is decided at send time
 * (opt-outs, consent, the organization's switch, quiet hours, a trial's test phone), given a quote link with a
 * short code under its fence, and sent through lib/sms/send.ts with the row's idempotency key, which Twilio's API
 * lacks and sms_messages supplies: a row whose claim is taken over sends its key again and is answered
 * "duplicate", never texted twice.
 */
async function sendTexts(
  orgId: string,
  jobs: readonly SendJob[],
  now: Date,
  fallbackAgent: () => Promise<Agent | null>,
): Promise<SendOutcome[]> {
  const outcomes: SendOutcome[] = [];
  const going: { job: SendJob; sendMode: "test" | "production"; testNumber?: string }[] = [];
  for (const job of jobs) {
    try {
      const { contact, organization } = job.row;
      const sendMode = sendModeAt(organization, now);
      const agent = sendMode === "test" ? await sendingAgent(job.row, fallbackAgent) : null;
      const decision = decideTextSend({
        optedOut: Boolean(contact.unsubscribedAt) || contact.doNotCommunicate,
        smsEnabled: organization.smsEnabled,
        consent: await smsConsentOf({ organizationId: orgId, contactId: contact.id }),
        sendMode,
        agentPhone: agent?.phone ?? null,
        now,
        timeZones: smsTimeZonesOfState(contact.state, organization.timezone || "America/Chicago"),
      });
      if (decision.kind === "cancel") outcomes.push(await cancelJob(job, decision.reason));
      else if (decision.kind === "defer") outcomes.push(await deferJob(job, decision.until));
      else going.push({ job, sendMode, testNumber: decision.testNumber });
    } catch (error) {
      outcomes.push(await afterSendError(job, error));
    }
  }
  if (going.length === 0) return outcomes;
  let links: Map<string, QuoteLinkForEmail | null>;
  try {
    links = await quoteLinksFor(
      orgId,
      going.map(({ job }) => job),
      now,
    );
  } catch (error) {
    for (const { job } of going) outcomes.push(await afterSendError(job, error));
    return outcomes;
  }
  for (const { job, sendMode, testNumber } of going) {
    const link = links.get(job.id);
    if (!link?.shortCode) {
      outcomes.push({ id: job.id, outcome: "not_claimed" });
      continue;
    }
    try {
      const { contact, organization } = job.row;
      const body = quoteLinkSms({
        type: textedEmailType(job.row.emailType) ?? "quote",
        brandName: brandNameOf(organization),
        firstName: contact.firstName,
        shortUrl: shortLinkUrl(getEnv().appUrl, link.shortCode),
      });
      const result = await sendSms({
        to: contact.phoneNumber ?? "",
        body,
        idempotencyKey: job.row.idempotencyKey,
        testNumber,
      });
      outcomes.push(await afterText(job, result, sendMode));
    } catch (error) {
      outcomes.push(await afterSendError(job, error));
    }
  }
  return outcomes;
}

/** A text's row after Twilio's answer, under its fence. */
async function afterText(job: SendJob, result: SendSmsResult, sendMode: "test" | "production"): Promise<SendOutcome> {
  const { id, now } = job;
  const finish = async (data: Prisma.ScheduledEmailUpdateManyMutationInput, outcome: SendOutcome) =>
    (await finishUnderFence(job, data)) ? outcome : ({ id, outcome: "not_claimed" } as const);
  switch (result.status) {
    case "off":
      return cancelJob(job, TEXT_CANCEL_REASONS.twilioOff);
    case "sent":
    case "duplicate":
      return finish(
        { status: "sent", sentAt: now, providerMessageId: result.providerMessageId, sendMode, lastError: null },
        { id, outcome: "sent", delivery: result.status, contactId: job.row.contact.id },
      );
    case "unknown":
      // Twilio may hold the text: never sent again (its key stays claimed in sms_messages).
      return finish({ status: "failed", lastError: "TextNoAnswer" }, { id, outcome: "failed", error: "TextNoAnswer" });
    case "failed":
      if (result.retryable) return afterSendError(job, new TextSendError(`Twilio ${result.errorCode ?? "error"}`));
      {
        const error = result.recipientRefused ? RECIPIENT_REFUSED : `twilio_${result.errorCode ?? "error"}`;
        return finish({ status: "failed", lastError: error }, { id, outcome: "failed", error });
      }
  }
}

/**
 * The provider took the emails (or already had them): one transaction per organization marks each row sent
 * under its fence, records one "sent" event per row marked, and stamps the contacts' last email.
 */
async function markSent(orgId: string, sent: readonly { ready: ReadySend; result: SendEmailResult }[]) {
  const marked = await tenantTransaction(orgId, async (tx) => {
    // One statement for every row of the organization, each under its own fence (status sending, its attempt).
    const updated = await tx.$queryRaw<{ id: string }[]>`
      UPDATE scheduled_emails AS s
      SET status = 'sent', sent_at = u.sent_at, provider_message_id = u.provider_message_id,
          recipient_email = u.recipient_email, send_mode = u.send_mode::"SendMode", last_error = NULL, updated_at = u.sent_at
      FROM unnest(${sent.map(({ ready }) => ready.job.id)}::uuid[], ${sent.map(({ ready }) => ready.job.fence.attemptCount)}::int[],
                  ${sent.map(({ ready }) => ready.job.now)}::timestamptz[],
                  ${sent.map(({ result }) => result.providerMessageId ?? null)}::text[],
                  ${sent.map(({ ready }) => ready.testAddress ?? ready.job.row.contact.email)}::text[],
                  ${sent.map(({ ready }) => ready.sendMode)}::text[])
        AS u(id, attempt_count, sent_at, provider_message_id, recipient_email, send_mode)
      WHERE s.id = u.id AND s.organization_id = ${orgId}::uuid AND s.status = 'sending' AND s.attempt_count = u.attempt_count
      RETURNING s.id`;
    const updatedIds = new Set(updated.map((row) => row.id));
    const done = sent.filter(({ ready }) => updatedIds.has(ready.job.id));
    if (done.length === 0) return done;
    await tx.emailEvent.createMany({
      data: done.map(({ ready: { job, sendMode }, result }) => ({
        organizationId: orgId,
        contactId: job.row.contact.id,
        scheduledEmailId: job.id,
        type: "sent" as const,
        providerMessageId: result.providerMessageId ?? null,
        occurredAt: job.now,
        metadata: { emailType: job.row.emailType, sendMode },
      })),
    });
    const byTime = new Map<number, string[]>();
    for (const { ready } of done)
      byTime.set(ready.job.now.getTime(), [...(byTime.get(ready.job.now.getTime()) ?? []), ready.job.row.contact.id]);
    for (const [time, contactIds] of byTime)
      await tx.contact.updateMany({
        where: { id: { in: contactIds }, organizationId: orgId },
        data: { lastEmailedAt: new Date(time) },
      });
    return done;
  });
  const markedIds = new Set(marked.map(({ ready }) => ready.job.id));
  return sent.map(({ ready }): SendOutcome =>
    markedIds.has(ready.job.id)
      ? {
          id: ready.job.id,
          outcome: "sent",
          delivery: sent.find((s) => s.ready === ready)!.result.status,
          contactId: ready.job.row.contact.id,
        }
      : { id: ready.job.id, outcome: "not_claimed" },
  );
}

/** A failed attempt: retried later with backoff, failed for good, or (a refused address) failed at once. */
async function afterSendError(job: SendJob, error: unknown): Promise<SendOutcome> {
  const { id, orgId, row, now } = job;
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
  const { outcomes, ready } = await prepareOrganization(orgId, [id], now);
  if (outcomes[0]) return outcomes[0];
  let result: SendEmailResult;
  try {
    result = await send(ready[0]!.input);
  } catch (error) {
    return afterSendError(ready[0]!.job, error);
  }
  return (await markSent(orgId, [{ ready: ready[0]!, result }]))[0]!;
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
    await forEachConcurrently(inputs, concurrency, async (input, i) => {
      try {
        results[i] = await send(input);
      } catch (error) {
        results[i] = error instanceof Error ? error : new Error(String(error));
      }
    });
    return results;
  };
}

async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

/** Organizations prepared and marked at once: their database round trips overlap (the pool has 10). */
const ORGANIZATION_CONCURRENCY = 4;

/**
 * Sends a claimed batch: each organization's rows are read in one tenant query and made ready (one
 * transaction for their quote links), then every email goes to `sendBatch` at once (the provider's batch
 * call, PROVIDER_BATCH_SIZE per request), then each organization's rows are marked in one transaction.
 * An organization whose rows could not be read or marked counts as errors; its rows stay "sending" and a
 * later sweep takes them over (the idempotency key keeps them from going out twice).
 */
export async function sendClaimedEmails({
  claimed,
  now,
  sendBatch,
}: {
  claimed: readonly Pick<ClaimedEmail, "id" | "organizationId">[];
  now: Date;
  sendBatch?: BatchSendFunction;
}): Promise<{ outcomes: SendOutcome[]; errors: number }> {
  return sendPrepared(await prepareClaimed(claimed, now), sendBatch);
}

type PreparedBatch = { outcomes: SendOutcome[]; ready: ReadySend[]; errors: number };

/** The first half of sendClaimedEmails: every organization's rows read and made ready. */
async function prepareClaimed(
  claimed: readonly Pick<ClaimedEmail, "id" | "organizationId">[],
  now: Date,
): Promise<PreparedBatch> {
  const byOrg = new Map<string, string[]>();
  for (const email of claimed) byOrg.set(email.organizationId, [...(byOrg.get(email.organizationId) ?? []), email.id]);
  const batch: PreparedBatch = { outcomes: [], ready: [], errors: 0 };
  await forEachConcurrently([...byOrg], ORGANIZATION_CONCURRENCY, async ([orgId, ids]) => {
    try {
      const prepared = await prepareOrganization(orgId, ids, now);
      batch.outcomes.push(...prepared.outcomes);
      batch.ready.push(...prepared.ready);
    } catch (error) {
      batch.errors += ids.length;
      logSendError(orgId, error);
    }
  });
  return batch;
}

/** The second half: the emails sent at once, then each organization's rows marked. */
async function sendPrepared(
  prepared: PreparedBatch,
  sendBatch?: BatchSendFunction,
): Promise<{ outcomes: SendOutcome[]; errors: number }> {
  return markDelivered(await deliverPrepared(prepared, sendBatch));
}

type DeliveredBatch = PreparedBatch & { results: (SendEmailResult | Error | undefined)[] };

/** The provider's part: every ready email in one batch send (PROVIDER_BATCH_SIZE per request). */
async function deliverPrepared(
  prepared: PreparedBatch,
  sendBatch: BatchSendFunction = (inputs) => sendEmailBatch(inputs),
): Promise<DeliveredBatch> {
  if (prepared.ready.length === 0) return { ...prepared, results: [] };
  return { ...prepared, results: await sendBatch(prepared.ready.map((r) => r.input)) };
}

/** The database's part after the provider answered: each organization's sent rows marked, the failures recorded. */
async function markDelivered({
  outcomes,
  ready,
  errors: preparationErrors,
  results,
}: DeliveredBatch): Promise<{ outcomes: SendOutcome[]; errors: number }> {
  let errors = preparationErrors;
  const sentByOrg = new Map<string, { ready: ReadySend; result: SendEmailResult }[]>();
  const failed: { ready: ReadySend; error: Error }[] = [];
  ready.forEach((item, i) => {
    const result = results[i];
    if (result instanceof Error || !result) failed.push({ ready: item, error: result ?? new Error("No result") });
    else sentByOrg.set(item.job.orgId, [...(sentByOrg.get(item.job.orgId) ?? []), { ready: item, result }]);
  });
  await forEachConcurrently([...sentByOrg], ORGANIZATION_CONCURRENCY, async ([orgId, sent]) => {
    try {
      outcomes.push(...(await markSent(orgId, sent)));
    } catch (error) {
      errors += sent.length;
      logSendError(orgId, error);
    }
  });
  await forEachConcurrently(failed, ORGANIZATION_CONCURRENCY, async ({ ready: item, error }) => {
    try {
      outcomes.push(await afterSendError(item.job, error));
    } catch (unexpected) {
      errors += 1;
      logSendError(item.job.id, unexpected);
    }
  });
  return { outcomes, errors };
}

function logSendError(subject: string, error: unknown) {
  console.error(
    JSON.stringify({ level: "error", event: "outreach_send_error", subject, error: errorClassName(error) }),
  );
}

type QuoteLinkForEmail = { url: string; trackingId: string; shortCode?: string | null; linkId: string };

function metadataOf(row: LoadedRow): Record<string, unknown> {
  return row.metadata && typeof row.metadata === "object" && !Array.isArray(row.metadata)
    ? (row.metadata as Record<string, unknown>)
    : {};
}

/**
 * The quote link each email carries (null: the row is no longer this sweeper's). A retry reuses the link
 * of the earlier attempt: the provider may already hold that email, and clicks must be attributed to the
 * tid it contains. New links and their tracking ids are written under each row's fence, in one transaction
 * for the organization, so only the claim holder records one; a row whose fence no longer holds gets no link.
 */
async function quoteLinksFor(
  orgId: string,
  jobs: readonly SendJob[],
  now: Date,
): Promise<Map<string, QuoteLinkForEmail | null>> {
  const links = new Map<string, QuoteLinkForEmail | null>();
  const earlierIds = new Map<string, string>();
  for (const { id, row } of jobs) {
    const earlierLinkId = metadataOf(row).quoteLinkId;
    if (typeof earlierLinkId === "string" && row.trackingId) earlierIds.set(id, earlierLinkId);
  }
  if (earlierIds.size > 0) {
    const earlier = new Map(
      (
        await tenantDb(orgId).quoteLink.findMany({
          where: { id: { in: [...earlierIds.values()] }, organizationId: orgId },
          select: { id: true, contactId: true, token: true, shortCode: true, expiresAt: true },
        })
      ).map((link) => [link.id, link]),
    );
    for (const { id, row } of jobs) {
      const link = earlier.get(earlierIds.get(id) ?? "");
      if (link && link.contactId === row.contactId && (!link.expiresAt || link.expiresAt.getTime() > now.getTime()))
        links.set(id, {
          url: quoteLinkUrl(link.token),
          trackingId: row.trackingId!,
          shortCode: link.shortCode,
          linkId: link.id,
        });
    }
  }
  const needNew = jobs.filter(({ id }) => !links.has(id));
  if (needNew.length === 0) return links;
  // Three statements for the organization, whatever its number of emails: the links, the rows (under their
  // fences), and the removal of links whose row is no longer this sweeper's.
  const created = needNew.map((job) => ({
    job,
    link: {
      ...newQuoteLinkRow({
        organizationId: orgId,
        contactId: job.row.contactId,
        planType: job.row.contact.planType,
        now,
      }),
      // A text carries its link as /s/<code>: the full link would take half the message.
      shortCode: isTextRow(job.row.emailType) ? newShortLinkCode() : null,
    },
  }));
  const held = await tenantTransaction(orgId, async (tx) => {
    await tx.quoteLink.createMany({ data: created.map(({ link }) => link) });
    const updated = await tx.$queryRaw<{ id: string }[]>`
      UPDATE scheduled_emails AS s
      SET tracking_id = u.tracking_id, metadata = u.metadata, updated_at = ${now}::timestamptz
      FROM unnest(${created.map(({ job }) => job.id)}::uuid[], ${created.map(({ job }) => job.fence.attemptCount)}::int[],
                  ${created.map(({ link }) => quoteTrackingId(link))}::text[],
                  ${created.map(({ job, link }) => JSON.stringify({ ...metadataOf(job.row), quoteLinkId: link.id }))}::jsonb[])
        AS u(id, attempt_count, tracking_id, metadata)
      WHERE s.id = u.id AND s.organization_id = ${orgId}::uuid AND s.status = 'sending' AND s.attempt_count = u.attempt_count
      RETURNING s.id`;
    const heldIds = new Set(updated.map((row) => row.id));
    const lost = created.filter(({ job }) => !heldIds.has(job.id)).map(({ link }) => link.id);
    if (lost.length > 0) await tx.quoteLink.deleteMany({ where: { id: { in: lost }, organizationId: orgId } });
    return heldIds;
  });
  for (const { job, link } of created)
    links.set(
      job.id,
      held.has(job.id)
        ? {
            url: quoteLinkUrl(link.token),
            trackingId: quoteTrackingId(link),
            shortCode: link.shortCode,
            linkId: link.id,
          }
        : null,
    );
  return links;
}

/**
 * The partner's own quote link for each household email of the batch (metadata.household, written by the
 * planner's household window: lib/outreach-schedule/household.ts), while the two are still a confirmed household
 * and the partner may be emailed. One new link per email, like the contact's own (a retry makes another; the
 * unused one expires). An email whose household no longer holds goes out as the contact's own.
 *
 * The email's own link (`leadLinks`, quoteLinksFor's for the same job) then carries both: its partner_link_id is set
 * to the partner's new link in the same transaction, so /compare opens both people's quotes from it
 * (docs/households.md "One link for two"). Only a household email's link carries both.
 */
async function householdPartnerLinks(
  orgId: string,
  jobs: readonly SendJob[],
  now: Date,
  leadLinks: ReadonlyMap<string, QuoteLinkForEmail | null>,
): Promise<Map<string, HouseholdPartnerLink>> {
  const partnerOf = new Map<string, string>();
  for (const { id, row } of jobs) {
    const household = metadataOf(row).household as { partnerId?: unknown } | undefined;
    if (household && typeof household.partnerId === "string") partnerOf.set(id, household.partnerId);
  }
  const links = new Map<string, HouseholdPartnerLink>();
  if (partnerOf.size === 0) return links;
  const db = tenantDb(orgId);
  const partnerIds = [...new Set(partnerOf.values())];
  const [partners, confirmed] = await Promise.all([
    db.contact.findMany({
      where: { organizationId: orgId, id: { in: partnerIds }, unsubscribedAt: null, doNotCommunicate: false },
      select: { id: true, firstName: true, planType: true },
    }),
    db.household.findMany({
      where: {
        organizationId: orgId,
        status: "confirmed",
        OR: [{ contactAId: { in: partnerIds } }, { contactBId: { in: partnerIds } }],
      },
      select: { contactAId: true, contactBId: true },
    }),
  ]);
  const pairs = new Set(
    confirmed.flatMap((h) => [`${h.contactAId}|${h.contactBId}`, `${h.contactBId}|${h.contactAId}`]),
  );
  const partnerById = new Map(partners.map((p) => [p.id, p]));
  const created: {
    jobId: string;
    firstName: string;
    link: ReturnType<typeof newQuoteLinkRow>;
    leadLinkId: string | null;
  }[] = [];
  for (const { id, row } of jobs) {
    const partner = partnerById.get(partnerOf.get(id) ?? "");
    if (!partner || !pairs.has(`${row.contactId}|${partner.id}`)) continue;
    created.push({
      jobId: id,
      firstName: partner.firstName,
      link: newQuoteLinkRow({ organizationId: orgId, contactId: partner.id, planType: partner.planType, now }),
      leadLinkId: leadLinks.get(id)?.linkId ?? null,
    });
  }
  if (created.length === 0) return links;
  const pointed = created.filter((c) => c.leadLinkId !== null);
  await tenantTransaction(orgId, async (tx) => {
    await tx.quoteLink.createMany({ data: created.map(({ link }) => link) });
    if (pointed.length > 0)
      await tx.$executeRaw`
        UPDATE quote_links AS q SET partner_link_id = u.partner_link_id
        FROM unnest(${pointed.map((c) => c.leadLinkId!)}::uuid[], ${pointed.map((c) => c.link.id)}::uuid[])
          AS u(id, partner_link_id)
        WHERE q.id = u.id AND q.organization_id = ${orgId}::uuid`;
  });
  for (const { jobId, firstName, link } of created) links.set(jobId, { firstName, quoteUrl: quoteLinkUrl(link.token) });
  return links;
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
 * One sweep: claim a batch, send it, repeat until nothing is due (or `maxBatches`); the next batch is
 * claimed and made ready, and the previous one marked sent, while the current one is sent. The batch goes out
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
  const claimAndPrepare = async () => {
    const claimed = await claimDueEmails({ limit: batchSize, now });
    return { claimed, prepared: await prepareClaimed(claimed, now) };
  };
  // What the provider answered for a batch is written (and its contacts re-planned) while the next batch is
  // with the provider: three stages in flight, so the minute is spent waiting on the provider's rate limit,
  // not on the database in turn with it. One batch is marked at a time.
  const finish = async (claimed: readonly ClaimedEmail[], delivered: DeliveredBatch) => {
    const { outcomes, errors } = await markDelivered(delivered);
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
  };
  let next = claimAndPrepare();
  let marking: Promise<void> = Promise.resolve();
  try {
    for (let batch = 0; batch < maxBatches; batch += 1) {
      const { claimed, prepared } = await next;
      result.claimed += claimed.length;
      const more = claimed.length >= batchSize && batch + 1 < maxBatches;
      // The next batch is claimed and made ready while this one is with the provider (whose rate limit
      // makes the sweep wait): the database work and the provider's waits overlap.
      if (more) {
        next = claimAndPrepare();
        next.catch(() => undefined); // awaited at the top of the next turn, which rethrows
      }
      const delivered = await deliverPrepared(prepared, batchFunction);
      await marking;
      marking = finish(claimed, delivered);
      marking.catch(() => undefined); // awaited before the next batch is marked, or below, which rethrows
      if (!more) break;
    }
  } finally {
    // On an error nothing of this sweep is left writing when it returns: the batch being marked and the
    // batch being claimed and prepared are waited for (the latter's rows stay "sending" for the takeover).
    await Promise.all([marking.catch(() => undefined), next.catch(() => undefined)]);
  }
  await marking;
  return result;
}
