import "server-only";
import { randomUUID } from "node:crypto";
import { prisma } from "@/lib/db";
import type { OutboxEmail } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";
import { createRequestPacer, type RequestPacer } from "@/lib/email/request-pacer";
import {
  composeEmail,
  EmailSendError,
  isRecipientRefusal,
  providerPayload,
  resend,
  type SendEmailInput,
  type SendEmailResult,
} from "@/lib/email/send";

/**
 * The batch send path (#19 point 2): the minute sweep sends its due emails through the provider's batch
 * call, up to PROVIDER_BATCH_SIZE per request, instead of one request per email. Each email is the email
 * sendEmail would send (composeEmail) and its outbox row is claimed by its idempotency key as sendEmail
 * claims it, so the same key is delivered once across both paths.
 *
 * Resend keeps one Idempotency-Key per request, not per email. So each batch gets a key of its own
 * (`batch:<uuid>`), written on its emails' outbox rows (batch_key) before the call:
 * - 429 (rate limit): nothing was processed; wait as long as Retry-After says and send the same batch
 *   with the same key again, up to RATE_LIMIT_WAITS times.
 * - a definite refusal (4xx): nothing was sent; the rows are marked failed, so a later attempt claims them
 *   again. A batch refused for one bad address is split into single sends (each under its own email's key),
 *   so one address cannot hold back ninety-nine others.
 * - no answer (the connection dropped, a 5xx, a timeout): the provider may have delivered. The rows stay
 *   "sending" with their batch key, and the email fails with an error its caller retries; the next
 *   attempt for any of them sends the whole batch again, rebuilt from the rows in the same order under the
 *   same key, and the provider answers what it already did (its keys last 24 hours) instead of
 *   delivering again.
 */

export const PROVIDER_BATCH_SIZE = 100;
/** 429s waited out per batch before giving up on it for this attempt (the sweep retries the emails later). */
export const RATE_LIMIT_WAITS = 30;
/** Never wait longer than this on one Retry-After. */
const MAX_RETRY_AFTER_MS = 60_000;
const SINGLE_KEY_PREFIX = "email:";

export type BatchSendOptions = {
  /** How to wait out a Retry-After (tests shorten it). */
  sleep?: (ms: number) => Promise<void>;
};

export type BatchSendOutcome = SendEmailResult | EmailSendError;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait a 429 asks for: Retry-After in seconds (or an HTTP date); 1 s when absent or unreadable. */
export function retryAfterMs(headers: Record<string, string> | null | undefined, now = Date.now()): number {
  const value = headers?.["retry-after"];
  if (!value) return 1000;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Number.isFinite(ms) ? ms : 1000));
}

type ProviderAnswer =
  | { kind: "accepted"; ids: string[] }
  | { kind: "refused"; error: { name?: string; message?: string } | null }
  | { kind: "unknown"; error: { name?: string; message?: string } | null };

/** A provider error that proves the request was not processed (so the emails may be sent anew). */
function isDefiniteRefusal(error: { statusCode?: number | null; name?: string }) {
  const status = error.statusCode ?? null;
  // 409 concurrent_idempotent_requests: the same key is in flight elsewhere; its outcome is not known here.
  if (status === null || status >= 500 || error.name === "concurrent_idempotent_requests") return false;
  return status >= 400;
}

let pacer: { rate: number; take: RequestPacer } | undefined;
/** This process's turn at the provider, spaced at RESEND_REQUESTS_PER_SECOND (request-pacer.ts). */
function providerTurn(sleep: (ms: number) => Promise<void>) {
  const rate = getEnv().email.resendRequestsPerSecond;
  if (pacer?.rate !== rate) pacer = { rate, take: createRequestPacer({ requestsPerSecond: rate }) };
  const { take } = pacer;
  return take(sleep);
}

/** One provider request under `key`, in its turn at the rate limit, waiting out 429s as Retry-After asks. */
async function callProvider(
  payload: ReturnType<typeof providerPayload>[],
  key: string,
  single: boolean,
  sleep: (ms: number) => Promise<void>,
): Promise<ProviderAnswer> {
  for (let waits = 0; ; waits += 1) {
    await providerTurn(sleep);
    const answer = single
      ? await resend().emails.send(payload[0]!, { idempotencyKey: key })
      : await resend().batch.send(payload, { idempotencyKey: key });
    if (answer.data) {
      const ids = single
        ? [(answer.data as { id: string }).id]
        : (answer.data as { data: { id: string }[] }).data.map((d) => d.id);
      return { kind: "accepted", ids };
    }
    const error = answer.error as { statusCode?: number | null; name?: string; message?: string } | null;
    if (error?.name === "rate_limit_exceeded" || error?.statusCode === 429) {
      if (error.name !== "rate_limit_exceeded") return { kind: "refused", error }; // a quota, not a rate
      if (waits >= RATE_LIMIT_WAITS) return { kind: "refused", error };
      await sleep(retryAfterMs(answer.headers));
      continue;
    }
    if (error && isDefiniteRefusal(error)) return { kind: "refused", error };
    return { kind: "unknown", error };
  }
}

type ClaimedRow = Pick<
  OutboxEmail,
  "id" | "idempotencyKey" | "from" | "to" | "subject" | "html" | "text" | "replyTo" | "headers" | "tags"
>;
const claimedSelect = {
  id: true,
  idempotencyKey: true,
  from: true,
  to: true,
  subject: true,
  html: true,
  text: true,
  replyTo: true,
  headers: true,
  tags: true,
} as const;

/** A batch's order: by idempotency key in code-unit order (never the database's collation), the same every time. */
const byKey = (a: { idempotencyKey: string }, b: { idempotencyKey: string }) =>
  a.idempotencyKey < b.idempotencyKey ? -1 : a.idempotencyKey > b.idempotencyKey ? 1 : 0;

/**
 * Sends claimed rows under `batchKey` and records the outcome on them; resolves to each row's outcome by key.
 * A batch of one (or a row split out of a refused batch) goes as a single send under the email's own key.
 */
async function deliver(
  rows: ClaimedRow[],
  batchKey: string,
  sleep: (ms: number) => Promise<void>,
): Promise<Map<string, BatchSendOutcome>> {
  const ordered = [...rows].sort(byKey);
  const single = batchKey.startsWith(SINGLE_KEY_PREFIX);
  const key = single ? ordered[0]!.idempotencyKey : batchKey;
  const answer = await callProvider(ordered.map(providerPayload), key, single, sleep);
  const outcomes = new Map<string, BatchSendOutcome>();
  if (answer.kind === "accepted") {
    const sentAt = new Date();
    await prisma.$executeRaw`
      UPDATE outbox_emails AS o
      SET status = 'sent', provider_message_id = u.provider_message_id, sent_at = ${sentAt}::timestamptz, last_error = NULL
      FROM unnest(${ordered.map((row) => row.id)}::uuid[], ${ordered.map((_, i) => answer.ids[i] ?? null)}::text[])
        AS u(id, provider_message_id)
      WHERE o.id = u.id AND o.status = 'sending'`;
    ordered.forEach((row, i) =>
      outcomes.set(row.idempotencyKey, {
        id: row.id,
        status: "sent",
        transport: "resend",
        providerMessageId: answer.ids[i] ?? null,
      }),
    );
    return outcomes;
  }
  if (answer.kind === "refused" && !single && ordered.length > 1 && isRecipientRefusal(answer.error)) {
    // Strict batch validation refuses the whole batch for one address: send each on its own instead.
    for (const row of ordered) {
      const own = `${SINGLE_KEY_PREFIX}${row.idempotencyKey}`;
      await prisma.outboxEmail.update({ where: { id: row.id }, data: { batchKey: own } });
      for (const [k, v] of await deliver([row], own, sleep)) outcomes.set(k, v);
    }
    return outcomes;
  }
  const name = answer.error?.name ?? "unknown_error";
  if (answer.kind === "refused") {
    await prisma.outboxEmail.updateMany({
      where: { id: { in: ordered.map((r) => r.id) }, status: "sending" },
      data: { status: "failed", lastError: name },
    });
  }
  // "unknown": the rows stay "sending" with their batch key; the next attempt sends the same batch again.
  for (const row of ordered)
    outcomes.set(
      row.idempotencyKey,
      new EmailSendError(`Email could not be sent (${name}${answer.kind === "unknown" ? ", outcome unknown" : ""}).`, {
        cause: answer.error,
        recipientRefused: answer.kind === "refused" && isRecipientRefusal(answer.error),
      }),
    );
  return outcomes;
}

/**
 * Sends `inputs` and resolves to one outcome per input, in order: a SendEmailResult ("duplicate" when its key
 * was already sent) or the EmailSendError its single send would have thrown. Inputs must carry no `secrets`:
 * a batch sent again is rebuilt from the stored rows, and those hold secrets redacted.
 */
export async function sendEmailBatch(
  inputs: readonly SendEmailInput[],
  { sleep = defaultSleep }: BatchSendOptions = {},
): Promise<BatchSendOutcome[]> {
  if (inputs.some((input) => input.secrets?.length))
    throw new Error("sendEmailBatch cannot carry secrets; use sendEmail.");
  const transport = getEnv().parts.email;
  const keys = [...new Set(inputs.map((input) => input.idempotencyKey))];
  const outcomes = new Map<string, BatchSendOutcome>();
  const existing = new Map(
    (
      await prisma.outboxEmail.findMany({
        where: { idempotencyKey: { in: keys } },
        select: { id: true, idempotencyKey: true, status: true, providerMessageId: true, batchKey: true },
      })
    ).map((row) => [row.idempotencyKey, row]),
  );
  const duplicate = (row: { id: string; providerMessageId: string | null }): SendEmailResult => ({
    id: row.id,
    status: "duplicate",
    transport,
    providerMessageId: row.providerMessageId,
  });

  // Batches whose outcome was never heard: sent again whole, under their own key.
  const unanswered = new Set<string>();
  for (const row of existing.values()) {
    if (row.status === "sending" && row.batchKey && transport === "resend") unanswered.add(row.batchKey);
    else if (row.status !== "failed") outcomes.set(row.idempotencyKey, duplicate(row));
  }
  for (const batchKey of unanswered) {
    const rows = await prisma.outboxEmail.findMany({ where: { batchKey, status: "sending" }, select: claimedSelect });
    if (rows.length > 0) for (const [k, v] of await deliver(rows, batchKey, sleep)) outcomes.set(k, v);
  }

  // New emails (and failed ones, tried again): composed, claimed by key, sent in batches.
  const firstInputs = new Map<string, SendEmailInput>();
  for (const input of inputs)
    if (!outcomes.has(input.idempotencyKey) && !firstInputs.has(input.idempotencyKey))
      firstInputs.set(input.idempotencyKey, input);
  const toSend = [...firstInputs.values()].sort(byKey);
  const composed = await Promise.all(toSend.map(async (input) => ({ input, ...(await composeEmail(input)) })));
  for (let start = 0; start < composed.length; start += PROVIDER_BATCH_SIZE) {
    const chunk = composed.slice(start, start + PROVIDER_BATCH_SIZE);
    const batchKey = transport === "resend" ? `batch:${randomUUID()}` : null;
    const fresh = chunk.filter(({ input }) => !existing.has(input.idempotencyKey));
    // Claim the keys first: a key another caller holds is not this batch's (the unique index decides).
    // Only the keys and the JSON columns come back (jsonb orders keys its own way, and a batch sent again is
    // rebuilt from the stored rows): the bodies are the ones just written, not read back (#19 point 2);
    // composeEmail made them the strings the database stores.
    const freshByKey = new Map(fresh.map(({ input, data }) => [input.idempotencyKey, data]));
    const claimed: ClaimedRow[] = (
      await prisma.outboxEmail.createManyAndReturn({
        data: fresh.map(({ input, data }) => ({ ...data, idempotencyKey: input.idempotencyKey, batchKey })),
        skipDuplicates: true,
        select: { id: true, idempotencyKey: true, headers: true, tags: true },
      })
    ).map((row) => {
      const { from, to, subject, html, text, replyTo } = freshByKey.get(row.idempotencyKey)!;
      return { ...row, from, to, subject, html, text, replyTo };
    });
    for (const { input, data } of chunk.filter(
      ({ input }) => existing.get(input.idempotencyKey)?.status === "failed",
    )) {
      const { count } = await prisma.outboxEmail.updateMany({
        where: { idempotencyKey: input.idempotencyKey, status: "failed" },
        data: { ...data, batchKey, attemptCount: { increment: 1 } },
      });
      if (count === 1)
        claimed.push(
          await prisma.outboxEmail.findUniqueOrThrow({
            where: { idempotencyKey: input.idempotencyKey },
            select: claimedSelect,
          }),
        );
    }
    if (batchKey && claimed.length > 0)
      for (const [k, v] of await deliver(claimed, batchKey, sleep)) outcomes.set(k, v);
    else for (const row of claimed) outcomes.set(row.idempotencyKey, { id: row.id, status: "stored", transport });
    // Keys another caller claimed first are its emails: here they are duplicates.
    const lost = chunk.map(({ input }) => input.idempotencyKey).filter((key) => !outcomes.has(key));
    if (lost.length > 0)
      for (const winner of await prisma.outboxEmail.findMany({
        where: { idempotencyKey: { in: lost } },
        select: { id: true, idempotencyKey: true, providerMessageId: true },
      }))
        outcomes.set(winner.idempotencyKey, duplicate(winner));
  }
  return inputs.map(
    (input) => outcomes.get(input.idempotencyKey) ?? new EmailSendError("Email could not be claimed for sending."),
  );
}
