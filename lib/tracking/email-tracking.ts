import "server-only";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";
import { prisma, tenantTransaction } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { isQuoteToken } from "@/lib/quotes/quote-links";

/**
 * Opens and clicks of the emails we send (issue #7 item 6). URLs carry the scheduled email's id (a
 * uuid, no PII). The row is found with the base client (the request has no tenant), every write then
 * happens inside that row's organization. An unknown id writes nothing and still answers normally,
 * so the routes reveal nothing about which ids exist.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a tracked link may lead: this app's consumer pages only, never anywhere else (no open redirect). */
export const TRACKED_REDIRECT_PATHS = ["/compare", "/schedule", "/eligibility"] as const;

/** The smallest transparent GIF (1x1, 43 bytes). */
export const TRACKING_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export function openPixelUrl(scheduledEmailId: string): string {
  return `${getEnv().appUrl}/api/t/open/${scheduledEmailId}.gif`;
}

/** Wraps a link of this app (the compare page with its tid, …) so that following it is recorded first. */
export function clickTrackingUrl(scheduledEmailId: string, targetUrl: string): string {
  return `${getEnv().appUrl}/api/t/click/${scheduledEmailId}?u=${encodeURIComponent(targetUrl)}`;
}

/** "…/open/<uuid>.gif" → the uuid; anything else → null. */
export function scheduledEmailIdFrom(param: unknown): string | null {
  if (typeof param !== "string") return null;
  const id = param.endsWith(".gif") ? param.slice(0, -4) : param;
  return UUID.test(id) ? id.toLowerCase() : null;
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

async function findSentEmail(id: string | null) {
  if (!id) return null;
  const row = await prisma.scheduledEmail.findUnique({ where: { id }, select: { id: true, organizationId: true, contactId: true, trackingId: true, status: true } });
  return row && row.status === "sent" ? row : null;
}

/** GET /api/t/open/{id}.gif: one "opened" event per email, however often the image loads. */
export async function recordEmailOpen({ id, now }: { id: unknown; now: Date }): Promise<{ recorded: boolean }> {
  const email = await findSentEmail(scheduledEmailIdFrom(id));
  if (!email) return { recorded: false };
  const { count } = await tenantTransaction(email.organizationId, (tx) =>
    // The provider-event key makes "once" a database fact, also when two loads race.
    tx.emailEvent.createMany({
      data: [{ organizationId: email.organizationId, contactId: email.contactId, scheduledEmailId: email.id, type: "opened", providerEventId: `open:${email.id}`, occurredAt: now, metadata: { via: "pixel" } }],
      skipDuplicates: true,
    }),
  );
  return { recorded: count === 1 };
}

/**
 * GET /api/t/click/{id}?u=…: records the click (a TrackingClick under the email's tracking id every
 * time, a "clicked" EmailEvent the first time) and answers where to redirect: the target when it is
 * one of this app's tracked pages, else the home page. An unknown email or a foreign target writes nothing.
 */
export async function recordEmailClick({ id, target, now, userAgent }: { id: unknown; target: unknown; now: Date; userAgent?: string | null }): Promise<{ location: string; recorded: boolean }> {
  const appUrl = getEnv().appUrl;
  const home = `${appUrl}/`;
  const email = await findSentEmail(scheduledEmailIdFrom(id));
  const location = allowedRedirectTarget(target, appUrl);
  if (!email || !location) return { location: home, recorded: false };

  const url = new URL(location);
  const tid = url.searchParams.get("tid");
  const trackingId = email.trackingId ?? (tid && tid.length <= 200 ? tid : `email-${email.organizationId}-${email.contactId}-${now.getTime()}`);
  const quoteToken = url.searchParams.get("id");
  await tenantTransaction(email.organizationId, async (tx) => {
    const quoteLink = isQuoteToken(quoteToken)
      ? await tx.quoteLink.findFirst({ where: { token: quoteToken, organizationId: email.organizationId, contactId: email.contactId }, select: { id: true } })
      : null;
    await tx.trackingClick.create({
      data: { organizationId: email.organizationId, contactId: email.contactId, quoteLinkId: quoteLink?.id ?? null, trackingId, clickedAt: now, path: url.pathname, userAgent: userAgent?.slice(0, 300) ?? null },
    });
    await tx.emailEvent.createMany({
      data: [{ organizationId: email.organizationId, contactId: email.contactId, scheduledEmailId: email.id, type: "clicked", providerEventId: `click:${email.id}`, occurredAt: now, metadata: { via: "redirect", path: url.pathname } }],
      skipDuplicates: true,
    });
  });
  // A click changes which follow-up the contact gets (domain-rules A.9).
  await rescheduleContactsNow({ organizationId: email.organizationId, contactIds: [email.contactId], now });
  return { location, recorded: true };
}
