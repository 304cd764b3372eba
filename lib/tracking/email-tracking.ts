import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Planner } from "@/lib/outreach/reschedule-contact";
import { prisma, tenantTransaction } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { isQuoteToken } from "@/lib/quotes/quote-links";
import { replanAfterVisit, writeTrackingRow } from "@/lib/tracking/quote-views";
import { isUuid } from "@/lib/validation/uuid";

/**
 * Opens and clicks of the emails we send (issue #7 item 6). URLs carry the scheduled email's id (a
 * uuid, no PII) and a signature over it (and, for a click, over its target): HMAC-SHA256 with a key
 * derived from AUTH_SECRET, so only the email we sent can mark itself opened or clicked; an id alone
 * (from a forwarded email's other link, a log, a guess) records nothing. The row is found with the base
 * client (the request has no tenant), every write then happens inside that row's organization. An
 * unknown id, a missing or wrong signature writes nothing and still answers normally (the gif; the
 * redirect to an allowed target or the home page), so the routes reveal nothing about which ids exist
 * and links in emails sent before signing still lead where they did.
 */

/** 16 bytes of HMAC-SHA256, base64url: 22 characters. */
const SIGNATURE = /^[A-Za-z0-9_-]{22}$/;

/** Where a tracked link may lead: this app's consumer pages only, never anywhere else (no open redirect). */
export const TRACKED_REDIRECT_PATHS = ["/compare", "/schedule", "/eligibility"] as const;

/** The smallest transparent GIF (1x1, 43 bytes). */
export const TRACKING_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** The tracking key: derived from AUTH_SECRET for this purpose only, so a tracking signature is worth nothing elsewhere. */
function trackingKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("gapwise:email-tracking:v1").digest();
}

/** The signature of an open ("open", id) or a click ("click", id, target). */
export function trackingSignature(
  parts: readonly ["open", string] | readonly ["click", string, string],
  secret = getEnv().authSecret,
): string {
  return createHmac("sha256", trackingKey(secret))
    .update(parts.join("\n"))
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

function signatureMatches(signature: string | null, expected: string): boolean {
  if (!signature || !SIGNATURE.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}

/** The open pixel's path parameter: "<id>.<signature>.gif". */
export function openPixelParam(scheduledEmailId: string): string {
  return `${scheduledEmailId}.${trackingSignature(["open", scheduledEmailId])}.gif`;
}

/** The click tracker's path parameter for one target: "<id>.<signature>". */
export function clickTrackingParam(scheduledEmailId: string, targetUrl: string): string {
  return `${scheduledEmailId}.${trackingSignature(["click", scheduledEmailId, targetUrl])}`;
}

export function openPixelUrl(scheduledEmailId: string): string {
  return `${getEnv().appUrl}/api/t/open/${openPixelParam(scheduledEmailId)}`;
}

/** Wraps a link of this app (the compare page with its tid, …) so that following it is recorded first. */
export function clickTrackingUrl(scheduledEmailId: string, targetUrl: string): string {
  return `${getEnv().appUrl}/api/t/click/${clickTrackingParam(scheduledEmailId, targetUrl)}?u=${encodeURIComponent(targetUrl)}`;
}

/** "<uuid>[.<signature>][.gif]" → the uuid and the signature (null when unsigned, as before signing); anything else → null. */
export function trackingParamParts(param: unknown): { id: string; signature: string | null } | null {
  if (typeof param !== "string") return null;
  const [id = "", signature = null, ...rest] = (param.endsWith(".gif") ? param.slice(0, -4) : param).split(".");
  return isUuid(id) && rest.length === 0 ? { id: id.toLowerCase(), signature } : null;
}

/** The email id of a pixel parameter whose signature is right; null for anything else (unsigned, tampered, junk). */
export function verifiedOpenId(param: unknown): string | null {
  const parts = trackingParamParts(param);
  return parts && signatureMatches(parts.signature, trackingSignature(["open", parts.id])) ? parts.id : null;
}

/** The email id of a click parameter signed for exactly this target; null for anything else. */
export function verifiedClickId(param: unknown, target: unknown): string | null {
  const parts = trackingParamParts(param);
  if (!parts || typeof target !== "string") return null;
  return signatureMatches(parts.signature, trackingSignature(["click", parts.id, target])) ? parts.id : null;
}

/** The absolute target when it is one of this app's tracked pages; null for anything else. Pure. */
export function allowedRedirectTarget(raw: unknown, appUrl: string): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2000) return null;
  let url: URL;
  let app: URL;
  try {
    app = new URL(appUrl);
    url = new URL(raw, app);
  } catch {
    return null;
  }
  if (url.origin !== app.origin || url.username || url.password) return null;
  const allowed = TRACKED_REDIRECT_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`));
  return allowed ? url.toString() : null;
}

/**
 * A sent email whose opens and clicks are the contact's. A trial's [TEST] copy (sendMode test) went to the
 * agent, not the contact: the agent's opens and clicks on it are not the contact's views (no event, no
 * click, no follow-up change); its links still lead where they say.
 */
async function findSentEmail(id: string | null) {
  if (!id) return null;
  const row = await prisma.scheduledEmail.findUnique({
    where: { id },
    select: { id: true, organizationId: true, contactId: true, trackingId: true, status: true, sendMode: true },
  });
  return row && row.status === "sent" && row.sendMode === "production" ? row : null;
}

/** GET /api/t/open/{id}.{signature}.gif: one "opened" event per email, however often the image loads. */
export async function recordEmailOpen({ id, now }: { id: unknown; now: Date }): Promise<{ recorded: boolean }> {
  const email = await findSentEmail(verifiedOpenId(id));
  if (!email) return { recorded: false };
  const { count } = await tenantTransaction(email.organizationId, (tx) =>
    // The provider-event key makes "once" a database fact, also when two loads race.
    tx.emailEvent.createMany({
      data: [
        {
          organizationId: email.organizationId,
          contactId: email.contactId,
          scheduledEmailId: email.id,
          type: "opened",
          providerEventId: `open:${email.id}`,
          occurredAt: now,
          metadata: { via: "pixel" },
        },
      ],
      skipDuplicates: true,
    }),
  );
  return { recorded: count === 1 };
}

/**
 * GET /api/t/click/{id}.{signature}?u=…: records the click (a TrackingClick under the email's tracking id
 * every time, a "clicked" EmailEvent the first time) and answers where to redirect: the target when it
 * is one of this app's tracked pages, else the home page. An unknown email, a signature that is missing
 * or not for this target, or a foreign target writes nothing (and is still sent to an allowed target).
 */
export async function recordEmailClick({
  id,
  target,
  now,
  userAgent,
  plan,
}: {
  id: unknown;
  target: unknown;
  now: Date;
  userAgent?: string | null;
  /** Replaceable for tests. */ plan?: Planner;
}): Promise<{ location: string; recorded: boolean }> {
  const appUrl = getEnv().appUrl;
  const home = `${appUrl}/`;
  const location = allowedRedirectTarget(target, appUrl);
  if (!location) return { location: home, recorded: false };
  // Unsigned (an email sent before signing) or tampered: still to the allowed page, without a record.
  // The answer depends on the target only, never on whether the id exists.
  const email = await findSentEmail(verifiedClickId(id, target));
  if (!email) return { location, recorded: false };

  const url = new URL(location);
  const tid = url.searchParams.get("tid");
  const trackingId =
    email.trackingId ??
    (tid && tid.length <= 200 ? tid : `email-${email.organizationId}-${email.contactId}-${now.getTime()}`);
  const quoteToken = url.searchParams.get("id");
  await tenantTransaction(email.organizationId, async (tx) => {
    const quoteLink = isQuoteToken(quoteToken)
      ? await tx.quoteLink.findFirst({
          where: { token: quoteToken, organizationId: email.organizationId, contactId: email.contactId },
          select: { id: true },
        })
      : null;
    await writeTrackingRow(tx, {
      organizationId: email.organizationId,
      contactId: email.contactId,
      quoteLinkId: quoteLink?.id ?? null,
      trackingId,
      clickedAt: now,
      path: url.pathname,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    await tx.emailEvent.createMany({
      data: [
        {
          organizationId: email.organizationId,
          contactId: email.contactId,
          scheduledEmailId: email.id,
          type: "clicked",
          providerEventId: `click:${email.id}`,
          occurredAt: now,
          metadata: { via: "redirect", path: url.pathname },
        },
      ],
      skipDuplicates: true,
    });
  });
  // A click changes which follow-up the contact gets; the compare page's report of this same visit does not re-plan again (quote-views.ts).
  await replanAfterVisit({ organizationId: email.organizationId, contactId: email.contactId, now, plan });
  return { location, recorded: true };
}
