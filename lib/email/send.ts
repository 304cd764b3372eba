import "server-only";
import type { ReactElement } from "react";
import { Resend } from "resend";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import {
  applyTestMode,
  footerHtml,
  footerText,
  insertBeforeBodyEnd,
  redactSecrets,
  safeHeaders,
} from "@/lib/email/compose";
import { renderEmailBody, type EmailBody } from "@/lib/email/render-body";

/**
 * The one send path (architecture.md rule 12). Every email the product sends goes through sendEmail:
 * it renders the React Email template, applies test mode, adds the postal-address footer and the
 * List-Unsubscribe header, makes every header it builds one line (a CR/LF from a contact's or an agent's
 * name never starts another header: compose.ts safeHeaders), and delivers through one transport:
 * - "outbox" (default): the email is stored in the outbox table and shown at /dev/outbox;
 * - "resend" (RESEND_API_KEY set): sent through Resend, with the idempotency key passed along.
 * Either way a row in the outbox table records it, keyed by the idempotency key, so the same key sends once.
 * The row keeps an email's `secrets` (a sign-in link's token) only when it is the delivery (the outbox
 * transport, which production refuses); otherwise they are stored as "[redacted]", so whoever can read
 * the table cannot sign in with what it holds.
 */

export type SendEmailInput = {
  to: string;
  subject: string;
  react: ReactElement;
  /**
   * `react` already rendered (renderEmailBody's result, or what equals it byte for byte): the sweep renders
   * each template once per batch and puts each contact's values in (lib/outreach/render-once.ts).
   */
  rendered?: EmailBody;
  /** The same key twice sends once. Use a stable id (scheduled email id, "magic-link:<token>", …). */
  idempotencyKey: string;
  from?: string;
  replyTo?: string;
  /** Consumer emails carry an unsubscribe link: shown in the footer and sent as List-Unsubscribe. */
  unsubscribeUrl?: string;
  /**
   * The https endpoint mail clients POST to for RFC 8058 one-click unsubscribe (List-Unsubscribe-Post);
   * without it the header carries unsubscribeUrl. See lib/consent/unsubscribe-token.ts unsubscribeLinks.
   */
  oneClickUnsubscribeUrl?: string;
  /** An optional mailto: unsubscribe address, listed after the https one in List-Unsubscribe. */
  unsubscribeMailto?: string;
  /** Redirects this email to a test address with "[TEST]" in the subject (the env-wide EMAIL_TEST_ADDRESS wins). */
  testAddress?: string;
  /** The sender's postal address for the footer (an agency's, on its marketing emails); default the platform's POSTAL_ADDRESS. */
  postalAddress?: string | null;
  /** An email in the agency's name to its client: the footer says nothing of the platform ("Sent with …"). */
  whiteLabel?: boolean;
  tags?: Record<string, string>;
  /**
   * Values in the email that grant access (a sign-in link's token). The recipient gets them; the stored
   * row holds "[redacted]" in their place unless the row is the delivery (the outbox transport).
   */
  secrets?: readonly string[];
};

export type SendEmailResult = {
  id: string;
  /** "duplicate": this idempotency key was already sent; nothing was sent again. */
  status: "sent" | "stored" | "duplicate";
  transport: "outbox" | "resend";
  providerMessageId?: string | null;
};

export class EmailSendError extends Error {
  /** The provider refused the recipient's address itself (not an outage): sending again will not help. */
  readonly recipientRefused: boolean;
  constructor(message: string, options?: { cause?: unknown; recipientRefused?: boolean }) {
    super(message, options);
    this.name = "EmailSendError";
    this.recipientRefused = options?.recipientRefused ?? false;
  }
}

/**
 * True when the provider's error refuses the recipient address (Resend: a `validation_error` about the
 * `to` field), e.g. an internationalized address (RFC 6531) its servers cannot deliver to. Pure.
 */
export function isRecipientRefusal(error: { name?: string | null; message?: string | null } | null | undefined) {
  if (!error) return false;
  const name = (error.name ?? "").toLowerCase();
  const message = error.message ?? "";
  return (
    name === "invalid_to_address" ||
    (name === "validation_error" && /`to`|\bto\b field|recipient|email address/i.test(message))
  );
}

let resendClient: Resend | undefined;
/** The Resend client of this process (RESEND_API_KEY, RESEND_BASE_URL). */
export function resend(): Resend {
  const { resendApiKey, resendBaseUrl } = getEnv().email;
  resendClient ??= new Resend(resendApiKey, resendBaseUrl ? { baseUrl: resendBaseUrl } : undefined);
  return resendClient;
}

/** Test hook: the Resend client is cached per process; tests that change RESEND_* drop it. */
export function resetEmailTransportForTests() {
  resendClient = undefined;
}

function isUniqueViolation(error: unknown) {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/** sendEmail, or a stand-in with its signature (tests make the provider refuse or stall). */
export type SendFunction = (input: SendEmailInput) => Promise<SendEmailResult>;

/**
 * A string as the database stores it: the driver writes UTF-8, so a lone surrogate (an emoji cut in half)
 * becomes U+FFFD. An email is made of such strings from the start, so what is sent is what its outbox row
 * holds, and a batch sent again from its rows (send-batch.ts) is the same bytes under the same key.
 */
const wellFormed = (value: string) => (value.isWellFormed() ? value : value.toWellFormed());

/**
 * What one email becomes before it is delivered: the template rendered, test mode applied, the footer and the
 * List-Unsubscribe headers added, every header one line. `data` is its outbox row (without status and key);
 * sendEmail and sendEmailBatch (send-batch.ts) share it, so a batch email is the email a single send would be.
 */
export async function composeEmail(input: SendEmailInput) {
  const env = getEnv();
  const transport = env.parts.email;
  const routed = applyTestMode(
    { to: input.to, subject: input.subject },
    env.email.testAddress ?? input.testAddress,
    env.email.subjectPrefix,
  );
  const { to, isTest } = routed;
  const { html: renderedHtml, text: renderedText } = input.rendered ?? (await renderEmailBody(input.react));
  const footer = {
    postalAddress: input.postalAddress?.trim() || env.postalAddress,
    productName: input.whiteLabel ? null : env.productName,
    unsubscribeUrl: input.unsubscribeUrl,
  };
  const html = wellFormed(insertBeforeBodyEnd(renderedHtml, footerHtml(footer)));
  const text = wellFormed(`${renderedText.trim()}\n\n${footerText(footer)}`);
  const listHeaders: Record<string, string> = {};
  const listUnsubscribeUrl = input.oneClickUnsubscribeUrl ?? input.unsubscribeUrl;
  if (listUnsubscribeUrl) {
    const mailto = input.unsubscribeMailto
      ? input.unsubscribeMailto.startsWith("mailto:")
        ? input.unsubscribeMailto
        : `mailto:${input.unsubscribeMailto}`
      : null;
    listHeaders["List-Unsubscribe"] = [`<${listUnsubscribeUrl}>`, mailto ? `<${mailto}>` : null]
      .filter(Boolean)
      .join(", ");
    listHeaders["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  const { subject, from, replyTo, headers } = safeHeaders({
    subject: routed.subject,
    from: input.from ?? env.email.from,
    replyTo: input.replyTo,
    headers: listHeaders,
  });

  // What the row keeps: the outbox transport's row is what /dev/outbox shows and the only way the email
  // reaches anyone, so it keeps everything; a row that only logs a provider's send keeps no secret.
  const stored = (body: string) => (transport === "outbox" ? body : redactSecrets(body, input.secrets ?? []));
  const data = {
    to: wellFormed(to),
    originalTo: wellFormed(input.to),
    from: wellFormed(from),
    replyTo: replyTo == null ? null : wellFormed(replyTo),
    subject: wellFormed(subject),
    html: stored(html),
    text: stored(text),
    headers,
    tags: input.tags ?? {},
    testMode: isTest,
    transport,
    status: transport === "outbox" ? ("stored" as const) : ("sending" as const),
    lastError: null,
  };
  return { transport, data, html, text };
}

/** The provider's request for one stored email: built from the row, so a batch sent again is byte for byte the same. */
export function providerPayload(row: {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string | null;
  replyTo: string | null;
  headers: unknown;
  tags: unknown;
}) {
  return {
    from: row.from,
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text ?? undefined,
    replyTo: row.replyTo ?? undefined,
    headers: (row.headers ?? {}) as Record<string, string>,
    tags: Object.entries((row.tags ?? {}) as Record<string, string>).map(([name, value]) => ({ name, value })),
  };
}

export async function sendEmail(input: SendEmailInput): Promise<SendEmailResult> {
  const transport = getEnv().parts.email;
  const existing = await prisma.outboxEmail.findUnique({ where: { idempotencyKey: input.idempotencyKey } });
  if (existing && existing.status !== "failed") {
    return { id: existing.id, status: "duplicate", transport, providerMessageId: existing.providerMessageId };
  }
  const { data, html, text } = await composeEmail(input);
  const { from, to, subject, replyTo, headers } = data;

  // Claim the key first: if two callers race with one key, the unique index lets exactly one through.
  let row;
  try {
    row = existing
      ? await prisma.outboxEmail.update({
          where: { id: existing.id, status: "failed" },
          data: { ...data, attemptCount: { increment: 1 } },
        })
      : await prisma.outboxEmail.create({ data: { ...data, idempotencyKey: input.idempotencyKey } });
  } catch (error) {
    if (isUniqueViolation(error) || (error as { code?: string })?.code === "P2025") {
      const winner = await prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: input.idempotencyKey } });
      return { id: winner.id, status: "duplicate", transport, providerMessageId: winner.providerMessageId };
    }
    throw error;
  }

  if (transport === "outbox") return { id: row.id, status: "stored", transport };

  const { data: sent, error } = await resend().emails.send(
    {
      from,
      to,
      subject,
      html,
      text,
      replyTo: replyTo ?? undefined,
      headers,
      tags: Object.entries(input.tags ?? {}).map(([name, value]) => ({ name, value })),
    },
    { idempotencyKey: input.idempotencyKey },
  );
  if (error || !sent) {
    await prisma.outboxEmail.update({
      where: { id: row.id },
      data: { status: "failed", lastError: error?.name ?? "unknown_error" },
    });
    throw new EmailSendError(`Email could not be sent (${error?.name ?? "unknown error"}).`, {
      cause: error,
      recipientRefused: isRecipientRefusal(error),
    });
  }
  await prisma.outboxEmail.update({
    where: { id: row.id },
    data: { status: "sent", providerMessageId: sent.id, sentAt: new Date() },
  });
  return { id: row.id, status: "sent", transport, providerMessageId: sent.id };
}
