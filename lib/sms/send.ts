import "server-only";
import twilio from "twilio";
import RequestClient from "twilio/lib/base/RequestClient";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { nationalDigits } from "@/lib/phone/phone";

/**
 * The one SMS send path (issue #20 point 3), beside lib/email/send.ts:
 * - without Twilio's keys (env parts.sms "off") nothing is sent and the answer says so ({ status: "off" });
 * - with them, through the Twilio SDK (messages.create), from TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID;
 * - SMS_TEST_NUMBER (or the caller's testNumber, a trial's) takes every text instead of the contact; a preview sends
 *   only when SMS_TEST_NUMBER is set (lib/env.ts) and marks every text "[PREVIEW] ";
 * - one text per idempotency key: Twilio's API takes no key, so the key is claimed in sms_messages before the call
 *   (a unique index: of two racing callers one sends). A text whose answer never came (timeout, dropped connection)
 *   is "unknown": its key stays claimed and it is never sent again (a second text is worse than a missing one);
 *   a failed one may be sent again under its key;
 * - errors come back typed: retryable (429 with its Retry-After, 5xx) or permanent (Twilio's codes 21211 invalid
 *   number, 21610 the recipient replied STOP, 21614 not a mobile number, any other 4xx);
 * - the phone number and the body are never logged (the SDK's request logging is off) nor stored.
 * Tests point the SDK at lib/testing/fake-twilio-server.ts with TWILIO_API_BASE.
 */

export type SendSmsInput = {
  /** The contact's number: 10 digits, or E.164 +1XXXXXXXXXX. */
  to: string;
  body: string;
  /** Twilio posts delivery updates there. */
  statusCallback?: string;
  /** The same key twice sends once (a scheduled row's id, "quote-sms:<link id>", …). */
  idempotencyKey: string;
  /** A trial's test number (E.164): the text goes there instead (SMS_TEST_NUMBER wins). */
  testNumber?: string;
};

/** Twilio error codes that refuse the recipient itself: sending again will not help. */
export const PERMANENT_RECIPIENT_CODES = new Set([21211, 21610, 21614, 21612, 21408, 21217]);

export type SendSmsResult =
  | { status: "off" }
  | { status: "sent"; providerMessageId: string; testMode: boolean }
  | { status: "duplicate"; providerMessageId: string | null }
  /** No answer came: Twilio may or may not have the text. Never sent again under this key. */
  | { status: "unknown" }
  | { status: "failed"; retryable: true; retryAfterSeconds: number | null; errorCode: number | null }
  | { status: "failed"; retryable: false; recipientRefused: boolean; errorCode: number | null };

export type SmsFailure = Extract<SendSmsResult, { status: "failed" | "unknown" }>;

/** A provider error as retryable, permanent, or unknown (no HTTP answer). Pure. */
export function classifySmsError(error: unknown): SmsFailure {
  const { status, code, details } = (error ?? {}) as { status?: unknown; code?: unknown; details?: unknown };
  const errorCode = typeof code === "number" ? code : typeof status === "number" ? status : null;
  const httpStatus = typeof status === "number" ? status : null;
  if (typeof code === "number" && PERMANENT_RECIPIENT_CODES.has(code))
    return { status: "failed", retryable: false, recipientRefused: true, errorCode };
  if (httpStatus === null) return { status: "unknown" };
  if (httpStatus === 429 || httpStatus >= 500) {
    const after = (details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    return {
      status: "failed",
      retryable: true,
      retryAfterSeconds: typeof after === "number" && after >= 0 ? after : null,
      errorCode,
    };
  }
  return { status: "failed", retryable: false, recipientRefused: false, errorCode };
}

/** Seconds of a Retry-After header (delta-seconds form); null when absent or unreadable. */
function retryAfterSeconds(headers: unknown): number | null {
  const value = (headers as Record<string, unknown> | undefined)?.["retry-after"];
  const seconds = typeof value === "string" && /^\d{1,6}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isFinite(seconds) ? seconds : null;
}

/**
 * The SDK's HTTP client, with two changes: requests to https://*.twilio.com go to TWILIO_API_BASE when it is set
 * (twilio-node has no base-URL option; its documented way is a custom httpClient), and a 429's Retry-After is put in
 * the error body's `details`, which the SDK's exception keeps (it drops the headers). Logging is always off.
 */
class SmsRequestClient extends RequestClient {
  constructor(private readonly apiBase: string | undefined) {
    super({ timeout: 15_000 });
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = this.apiBase ? opts.uri.replace(/^https:\/\/[a-z0-9.-]*twilio\.com/i, this.apiBase) : opts.uri;
    const response = await super.request({ ...opts, uri, logLevel: "none" });
    const after = response.statusCode === 429 ? retryAfterSeconds(response.headers) : null;
    if (after === null) return response;
    const body: unknown = typeof response.body === "string" ? safeJson(response.body) : response.body;
    const withDetails =
      body && typeof body === "object"
        ? { ...body, details: { ...(body as { details?: object }).details, retryAfterSeconds: after } }
        : { status: 429, details: { retryAfterSeconds: after } };
    return { ...response, body: JSON.stringify(withDetails) as TData };
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

let client: ReturnType<typeof twilio> | undefined;
function twilioClient() {
  const { accountSid, authToken, apiBase } = getEnv().sms;
  client ??= twilio(accountSid, authToken, { httpClient: new SmsRequestClient(apiBase), logLevel: "none" });
  return client;
}

/** Test hook: the client is cached per process; tests that change TWILIO_* drop it. */
export function resetSmsTransportForTests() {
  client = undefined;
}

/**
 * Where a text really goes and what it says, pure: SMS_TEST_NUMBER (else the caller's test number) takes it instead
 * of the contact; a preview's prefix ("[PREVIEW] ") starts it. The contact's number in E.164.
 */
export function routeSms(
  input: Pick<SendSmsInput, "to" | "body" | "testNumber">,
  config: { testNumber?: string; bodyPrefix: string },
) {
  const testNumber = config.testNumber ?? input.testNumber;
  return {
    to: testNumber ?? `+1${nationalDigits(input.to)}`,
    body: `${config.bodyPrefix}${input.body}`,
    testMode: Boolean(testNumber),
  };
}

function isUniqueViolation(error: unknown) {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

export async function sendSms(input: SendSmsInput): Promise<SendSmsResult> {
  const env = getEnv();
  if (env.parts.sms === "off") return { status: "off" };
  const { to, body, testMode } = routeSms(input, env.sms);

  const existing = await prisma.smsMessage.findUnique({ where: { idempotencyKey: input.idempotencyKey } });
  if (existing && existing.status !== "failed")
    return { status: "duplicate", providerMessageId: existing.providerMessageId };
  let row;
  try {
    row = existing
      ? await prisma.smsMessage.update({
          where: { id: existing.id, status: "failed" },
          data: { status: "sending", errorCode: null, testMode, attemptCount: { increment: 1 } },
        })
      : await prisma.smsMessage.create({
          data: { idempotencyKey: input.idempotencyKey, status: "sending", testMode },
        });
  } catch (error) {
    if (isUniqueViolation(error) || (error as { code?: string })?.code === "P2025") {
      const winner = await prisma.smsMessage.findUniqueOrThrow({ where: { idempotencyKey: input.idempotencyKey } });
      return { status: "duplicate", providerMessageId: winner.providerMessageId };
    }
    throw error;
  }

  try {
    const { fromNumber, messagingServiceSid } = env.sms;
    const message = await twilioClient().messages.create({
      to,
      body,
      ...(messagingServiceSid ? { messagingServiceSid } : { from: fromNumber! }),
      ...(input.statusCallback ? { statusCallback: input.statusCallback } : {}),
    });
    await prisma.smsMessage.update({
      where: { id: row.id },
      data: { status: "sent", providerMessageId: message.sid, sentAt: new Date() },
    });
    return { status: "sent", providerMessageId: message.sid, testMode };
  } catch (error) {
    const failure = classifySmsError(error);
    // Unknown: the row stays "sending", so the key is never sent again.
    if (failure.status === "failed")
      await prisma.smsMessage.update({
        where: { id: row.id },
        data: { status: "failed", errorCode: failure.errorCode },
      });
    return failure;
  }
}
