import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { recordUnsubscribe } from "@/lib/consent/unsubscribe";
import { prisma, tenantTransaction } from "@/lib/db";
import { getEnv } from "@/lib/env";
import type { EmailEventType } from "@/lib/generated/prisma/enums";
import { isUuid } from "@/lib/validation/uuid";

/**
 * POST /api/webhooks/resend. Resend signs webhooks the Svix way (resend.com/docs/webhooks/verify-webhooks-requests,
 * docs.svix.com/receiving/verifying-payloads/how-manual): headers svix-id, svix-timestamp, svix-signature;
 * signed content "<id>.<timestamp>.<raw body>"; HMAC-SHA256 keyed with the base64 part of the "whsec_…"
 * secret; the header lists space-separated "v1,<base64>" signatures (several during a secret rotation).
 * Verified here with node:crypto, so the check needs no extra package.
 */

export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
/** Email events are a few KB; anything far larger is not Resend's. */
const MAX_PAYLOAD_CHARS = 256 * 1024;

export type SvixHeaders = { id: string | null; timestamp: string | null; signature: string | null };

/** True when one of the signatures matches and the timestamp is within five minutes of `now`. Pure. */
export function isValidSvixSignature({
  payload,
  headers,
  secret,
  now,
}: {
  payload: string;
  headers: SvixHeaders;
  secret: string;
  now: Date;
}): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  if (key.length === 0) return false;
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${payload}`).digest();
  return signature.split(" ").some((entry) => {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const EVENT_TYPES: Record<string, EmailEventType> = {
  "email.delivered": "delivered",
  "email.bounced": "bounced",
  "email.complained": "complained",
  "email.opened": "opened",
  "email.clicked": "clicked",
};

type ResendEmailEvent = {
  type?: unknown;
  created_at?: unknown;
  data?: { email_id?: unknown; tags?: unknown; bounce?: { type?: unknown; subType?: unknown } };
};

/** The tag our send path puts on every email (tags.scheduled_email_id), as a fallback when the message id is not stored yet. */
function taggedScheduledEmailId(tags: unknown): string | null {
  const value = Array.isArray(tags)
    ? (
        tags.find((t) => t && typeof t === "object" && (t as { name?: unknown }).name === "scheduled_email_id") as
          { value?: unknown } | undefined
      )?.value
    : tags && typeof tags === "object"
      ? (tags as Record<string, unknown>).scheduled_email_id
      : undefined;
  return isUuid(value) ? value : null;
}

export type ResendWebhookResult = { received: true; status: "recorded" | "duplicate" | "ignored" };

/**
 * Verifies, then records the event once (the svix-id is the EmailEvent's providerEventId: a redelivery
 * is a no-op). A permanent bounce or a complaint unsubscribes the contact, in the same transaction, unless
 * the email was a trial's [TEST] copy (sent to the agent).
 * Unknown emails and event types answer 200 "ignored" so the provider does not retry them forever.
 */
export async function handleResendWebhook({
  payload,
  headers,
  now,
}: {
  payload: string;
  headers: SvixHeaders;
  now: Date;
}): Promise<ResendWebhookResult> {
  const secret = getEnv().email.resendWebhookSecret;
  if (!secret) throw AppError.notFound();
  if (payload.length > MAX_PAYLOAD_CHARS) throw new AppError("payload_too_large");
  if (!isValidSvixSignature({ payload, headers, secret, now }))
    throw new AppError("bad_request", "Invalid webhook signature.");
  let event: ResendEmailEvent;
  try {
    event = JSON.parse(payload) as ResendEmailEvent;
  } catch {
    throw new AppError("bad_request", "The webhook body must be valid JSON.");
  }
  const type = typeof event.type === "string" ? EVENT_TYPES[event.type] : undefined;
  if (!type) return { received: true, status: "ignored" };

  const providerMessageId = typeof event.data?.email_id === "string" ? event.data.email_id.slice(0, 200) : null;
  const select = { id: true, organizationId: true, contactId: true, sendMode: true } as const;
  const email =
    (providerMessageId ? await prisma.scheduledEmail.findFirst({ where: { providerMessageId }, select }) : null) ??
    (await (async () => {
      const id = taggedScheduledEmailId(event.data?.tags);
      return id ? prisma.scheduledEmail.findUnique({ where: { id }, select }) : null;
    })());
  if (!email) return { received: true, status: "ignored" };

  const occurredAt =
    typeof event.created_at === "string" && !Number.isNaN(Date.parse(event.created_at))
      ? new Date(event.created_at)
      : now;
  const bounceType = typeof event.data?.bounce?.type === "string" ? event.data.bounce.type : null;
  // A transient bounce (full mailbox, greylisting) is not a reason to stop; a permanent one or a spam complaint is.
  const unsubscribeSource =
    type === "complained"
      ? ("complaint" as const)
      : type === "bounced" && bounceType !== "Transient"
        ? ("bounce" as const)
        : null;

  return tenantTransaction(email.organizationId, async (tx) => {
    const { count } = await tx.emailEvent.createMany({
      data: [
        {
          organizationId: email.organizationId,
          contactId: email.contactId,
          scheduledEmailId: email.id,
          type,
          providerMessageId,
          providerEventId: headers.id!.slice(0, 200),
          occurredAt,
          metadata: { via: "resend", ...(bounceType ? { bounceType } : {}) },
        },
      ],
      skipDuplicates: true,
    });
    if (count === 0) return { received: true as const, status: "duplicate" as const };
    // A trial's [TEST] copy went to the agent: its bounce or complaint is recorded, but is not the contact's.
    if (unsubscribeSource && email.sendMode === "production") {
      await recordUnsubscribe(tx, {
        organizationId: email.organizationId,
        contactId: email.contactId,
        source: unsubscribeSource,
        now: occurredAt,
        scheduledEmailId: email.id,
        metadata: { providerEventId: headers.id },
      });
    }
    return { received: true as const, status: "recorded" as const };
  });
}
