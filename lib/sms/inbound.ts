import "server-only";
import twilio from "twilio";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { prisma, tenantTransaction } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { nationalDigits } from "@/lib/phone/phone";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";

/**
 * POST /api/webhooks/twilio/sms: the texts contacts send to the platform's number (issue #20 point 3).
 *
 * - Exists only with TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN: without them it answers 404 like the other webhooks
 *   whose secret is unset (there is nothing to verify a request with, and nothing was ever texted).
 * - X-Twilio-Signature is checked with the SDK's validateRequest against the auth token and the public URL Twilio
 *   was given (APP_URL + the path: behind a proxy the request's own URL is not what Twilio signed); missing or
 *   wrong → 403, and nothing is read or written. The AccountSid in the body must be ours too.
 * - STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT (the whole text, any case, spaces and a final . or ! ignored)
 *   record an opt_out; START, UNSTOP, YES a resubscribe; HELP, INFO answer who is texting. Anything else: an empty
 *   answer, nothing recorded.
 * - Which contacts: every organization texts from the platform's one number (or Messaging Service), so a STOP to it
 *   is a STOP to all of them, as the carriers and Twilio's own opt-out list also treat it: every contact of every
 *   organization whose phone is the sender's number gets the ledger row, in one transaction per organization.
 *   A contact with another number is never touched. Honoured at once: lib/sms/consent-rule.ts answers no from
 *   the next read.
 */

export const SMS_STOP_KEYWORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
export const SMS_START_KEYWORDS = ["START", "UNSTOP", "YES"] as const;
export const SMS_HELP_KEYWORDS = ["HELP", "INFO"] as const;

export type SmsKeyword = "stop" | "start" | "help";

/** The keyword a text is, or null: the whole text, trimmed, any case, a final "." or "!" ignored. Pure. */
export function smsKeywordOf(body: string): SmsKeyword | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, "")
    .trim()
    .toUpperCase();
  if ((SMS_STOP_KEYWORDS as readonly string[]).includes(word)) return "stop";
  if ((SMS_START_KEYWORDS as readonly string[]).includes(word)) return "start";
  if ((SMS_HELP_KEYWORDS as readonly string[]).includes(word)) return "help";
  return null;
}

/** The replies, naming the sender (CTIA: the program's name and how to get help in HELP and STOP answers). */
export function smsKeywordReply(
  keyword: SmsKeyword,
  { productName, supportEmail }: { productName: string; supportEmail: string },
) {
  switch (keyword) {
    case "stop":
      return `${productName}: You are unsubscribed from quote texts sent for insurance agencies through ${productName} and will receive no more. Reply START to resubscribe.`;
    case "start":
      return `${productName}: You are resubscribed to quote texts from the agencies you agreed to hear from. Msg & data rates may apply. Reply HELP for help, STOP to opt out.`;
    case "help":
      return `${productName}: Medicare Supplement quote texts sent for your insurance agency. Msg & data rates may apply. Help: ${supportEmail}. Reply STOP to opt out.`;
  }
}

/** Twilio's inbound message parameters this webhook reads (it posts many more; all of them are signed). */
export const inboundSmsSchema = z.object({
  AccountSid: z.string().regex(/^AC[0-9a-fA-F]{32}$/),
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/),
  From: z.string().max(40),
  To: z.string().max(40),
  Body: z.string().max(1600).default(""),
});

/** Inbound texts are a few KB; anything far larger is not Twilio's. */
const MAX_PAYLOAD_CHARS = 64 * 1024;

export type InboundSmsResult = { twiml: string; keyword: SmsKeyword | null; contactsChanged: number };

function twimlReply(message: string | null): string {
  const response = new twilio.twiml.MessagingResponse();
  if (message) response.message(message);
  return response.toString();
}

/** The 10 digits of a US sender (+1XXXXXXXXXX), or null for anyone else (a short code, another country). */
function usSenderDigits(from: string): string | null {
  if (!/^\+1\d{10}$/.test(from)) return null;
  const digits = nationalDigits(from);
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** Records the keyword for every contact with the sender's number, one transaction per organization. */
async function recordKeyword({
  phoneNumber,
  action,
  messageSid,
  keyword,
  now,
}: {
  phoneNumber: string;
  action: "opt_out" | "resubscribe";
  messageSid: string;
  keyword: string;
  now: Date;
}): Promise<number> {
  // Across organizations by design (see above): the owner client, like the email webhooks' lookups.
  const contacts = await prisma.contact.findMany({
    where: { phoneNumber },
    select: { id: true, organizationId: true },
  });
  const byOrganization = new Map<string, { id: string }[]>();
  for (const contact of contacts)
    byOrganization.set(contact.organizationId, [...(byOrganization.get(contact.organizationId) ?? []), contact]);
  let changed = 0;
  for (const [organizationId, ofOrganization] of byOrganization) {
    const { count } = await tenantTransaction(organizationId, (tx) =>
      tx.consentEvent.createMany({
        data: ofOrganization.map(({ id }) => ({
          organizationId,
          contactId: id,
          channel: "sms" as const,
          action,
          source: "sms_keyword" as const,
          occurredAt: now,
          phoneNumber,
          metadata: { messageSid, keyword },
        })),
      }),
    );
    changed += count;
    // Texts already planned for these contacts go (STOP) or come back (START) now, not at the nightly run; the
    // sweep checks the ledger again before each text in any case.
    await rescheduleContactsNow({ organizationId, contactIds: ofOrganization.map(({ id }) => id), now });
  }
  return changed;
}

export async function handleInboundSms({
  payload,
  signature,
  url,
  now,
}: {
  /** The raw form-encoded body. */
  payload: string;
  signature: string | null;
  /** The public URL Twilio posts to (APP_URL + path + query). */
  url: string;
  now: Date;
}): Promise<InboundSmsResult> {
  const env = getEnv();
  const { accountSid, authToken } = env.sms;
  if (!accountSid || !authToken) throw AppError.notFound();
  if (payload.length > MAX_PAYLOAD_CHARS) throw new AppError("payload_too_large");
  const params = Object.fromEntries(new URLSearchParams(payload));
  if (!signature || !twilio.validateRequest(authToken, signature, url, params))
    throw new AppError("forbidden", "Invalid webhook signature.");
  const parsed = inboundSmsSchema.safeParse(params);
  if (!parsed.success) throw new AppError("validation_failed", "Not an inbound message.");
  const message = parsed.data;
  if (message.AccountSid !== accountSid) throw new AppError("forbidden", "Invalid webhook signature.");

  const keyword = smsKeywordOf(message.Body);
  const phoneNumber = usSenderDigits(message.From);
  let contactsChanged = 0;
  if (phoneNumber && (keyword === "stop" || keyword === "start")) {
    contactsChanged = await recordKeyword({
      phoneNumber,
      action: keyword === "stop" ? "opt_out" : "resubscribe",
      messageSid: message.MessageSid,
      keyword: message.Body.trim().slice(0, 20).toUpperCase(),
      now,
    });
  }
  const reply = keyword ? smsKeywordReply(keyword, env) : null;
  return { twiml: twimlReply(reply), keyword, contactsChanged };
}
