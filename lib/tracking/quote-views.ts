import "server-only";
import { AppError } from "@/lib/api/errors";
import { tenantDb, tenantTransaction, type TxClient } from "@/lib/db";
import { notifyAgentAfterAnswer } from "@/lib/notifications/agent-notifications";
import type { Planner } from "@/lib/outreach/reschedule-contact";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";
import { findQuoteLink, QUOTE_NOT_FOUND_MESSAGE, quoteTrackingId, type FoundQuoteLink } from "@/lib/quotes/quote-links";

/**
 * Quote views: the one place a visit to a quote link becomes a tracking row (feeds "Quote (30d)", the
 * contact list's "viewed quote" and the follow-up choice of domain-rules A.9) and re-plans the contact.
 *
 * One visit can be reported twice: the email's tracked link records the click as the contact follows it
 * (GET /api/t/click, lib/tracking/email-tracking.ts), then the compare page reports the view once it has
 * rendered (POST /api/tracking/log-tracking-click). The click writes the row and re-plans; the page's
 * report of the same visit (same link, within SAME_VISIT_MINUTES, a row no view has claimed yet) claims
 * that row: it counts the view and records the quote_viewed event, but writes no second row and does not
 * re-plan again (nothing the planner reads changed). A view with no click before it (a bookmarked or
 * copied link, a reload) writes its own row and re-plans.
 */

/**
 * The tracking id a visit is recorded under: the email's `tid` when it names this link's organization
 * and contact (`<prefix>-<orgId>-<contactId>-<epoch ms>`, so the visit is attributed to that email),
 * else the link's own.
 */
export function visitTrackingId(
  link: { organizationId: string; contactId: string | null; createdAt: Date },
  tid?: string | null,
): string {
  if (tid && tid.length <= 200 && link.contactId) {
    const match = /^([a-z]{1,12})-(.+)-(\d{10,15})$/.exec(tid);
    if (match && match[2] === `${link.organizationId}-${link.contactId}`) return tid;
  }
  return quoteTrackingId(link);
}

/**
 * Whether a visit came through a trial's [TEST] copy: its tid is the tracking id of an email of this
 * contact that was sent in test mode, i.e. to the agent. That visit is the agent's, not the contact's.
 */
export async function isTestCopyVisit(
  link: { organizationId: string; contactId: string | null },
  trackingId: string,
): Promise<boolean> {
  if (!link.contactId) return false;
  const copy = await tenantDb(link.organizationId).scheduledEmail.findFirst({
    where: { organizationId: link.organizationId, contactId: link.contactId, trackingId, sendMode: "test" },
    select: { id: true },
  });
  return copy !== null;
}

/** How long after a tracked click the page's view report still belongs to the same visit. */
export const SAME_VISIT_MINUTES = 30;

export type TrackingRow = {
  organizationId: string;
  contactId: string | null;
  quoteLinkId: string | null;
  trackingId: string;
  clickedAt: Date;
  path: string | null;
  userAgent: string | null;
};

/** Writes one tracking row (inside the caller's tenant transaction). */
export function writeTrackingRow(tx: TxClient, row: TrackingRow) {
  return tx.trackingClick.create({ data: row, select: { id: true, trackingId: true } });
}

/** A click or a view changes which follow-up the contact gets (domain-rules A.9): re-plan it. `plan` is replaceable for tests. */
export async function replanAfterVisit({
  organizationId,
  contactId,
  now,
  plan,
}: {
  organizationId: string;
  contactId: string | null;
  now: Date;
  plan?: Planner;
}) {
  if (contactId)
    await rescheduleContactsNow({ organizationId, contactIds: [contactId], now, ...(plan ? { plan } : {}) });
}

/** The tracked click of this visit that no view has claimed yet, or null. */
async function unclaimedClick(tx: TxClient, link: FoundQuoteLink["link"], now: Date) {
  const latest = await tx.trackingClick.findFirst({
    where: {
      organizationId: link.organizationId,
      contactId: link.contactId,
      quoteLinkId: link.id,
      clickedAt: { gte: new Date(now.getTime() - SAME_VISIT_MINUTES * 60_000), lte: now },
    },
    orderBy: { clickedAt: "desc" },
    select: { id: true, trackingId: true },
  });
  if (!latest) return null;
  const claimed = await tx.contactEvent.findFirst({
    where: {
      organizationId: link.organizationId,
      contactId: link.contactId,
      eventType: "quote_viewed",
      metadata: { path: ["trackingClickId"], equals: latest.id },
    },
    select: { id: true },
  });
  return claimed ? null : latest;
}

/**
 * A visit to the compare page, reported by the page itself once it has rendered in a browser (so
 * mail scanners that fetch links without running scripts are not counted): the link's view count, the
 * visit's tracking row (the click's, when the visit came through a tracked link, else a new one) and a
 * quote_viewed contact event (feeds the dashboard); then, after the answer, the agent's "quote viewed"
 * email (once per contact, lib/notifications).
 *
 * A visit through a trial's [TEST] copy is the agent's own: like its opens and clicks
 * (lib/tracking/email-tracking.ts) it is not recorded as the contact's and notifies nobody.
 */
export async function recordQuoteView({
  found,
  now,
  path,
  userAgent,
  tid,
  plan,
}: {
  found: FoundQuoteLink;
  now: Date;
  path?: string;
  userAgent?: string | null;
  tid?: string | null;
  plan?: Planner;
}) {
  const { link } = found;
  const trackingId = visitTrackingId(link, tid);
  if (await isTestCopyVisit(link, trackingId)) return;
  const wroteRow = await tenantTransaction(link.organizationId, async (tx) => {
    await tx.quoteLink.update({
      where: { id: link.id, organizationId: link.organizationId },
      data: { lastViewedAt: now, viewCount: { increment: 1 } },
    });
    const clicked = await unclaimedClick(tx, link, now);
    const row =
      clicked ??
      (await writeTrackingRow(tx, {
        organizationId: link.organizationId,
        contactId: link.contactId,
        quoteLinkId: link.id,
        trackingId,
        clickedAt: now,
        path: path ?? null,
        userAgent: userAgent?.slice(0, 500) ?? null,
      }));
    await tx.contactEvent.create({
      data: {
        organizationId: link.organizationId,
        contactId: link.contactId,
        eventType: "quote_viewed",
        metadata: { quoteLinkId: link.id, trackingId: row.trackingId, trackingClickId: row.id },
        createdAt: now,
      },
    });
    return clicked === null;
  });
  // The click of this visit already re-planned the contact; a view on its own does.
  if (wroteRow) await replanAfterVisit({ organizationId: link.organizationId, contactId: link.contactId, now, plan });
  await notifyAgentAfterAnswer({ found, type: "agent_quote_viewed", now });
}

/** POST /api/tracking/log-tracking-click: { tid, quoteId, orgId?, contactId? }; orgId and contactId are cross-checks only. */
export async function logTrackingClick({
  quoteId,
  tid,
  orgId,
  contactId,
  userAgent,
  now,
  plan,
}: {
  quoteId: string;
  tid?: string | null;
  orgId?: string | null;
  contactId?: string | null;
  userAgent?: string | null;
  now: Date;
  plan?: Planner;
}) {
  const found = await findQuoteLink(quoteId, now);
  if (!found) throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
  if (
    (orgId && orgId !== found.organization.id && orgId !== found.organization.slug) ||
    (contactId && contactId !== found.contact.id)
  )
    throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
  await recordQuoteView({ found, now, path: "/compare", userAgent, tid, plan });
  return { success: true as const };
}
