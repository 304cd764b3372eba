import "server-only";
import { AppError } from "@/lib/api/errors";
import { tenantTransaction, type TxClient } from "@/lib/db";
import type { ConsentSource } from "@/lib/generated/prisma/enums";
import { verifyUnsubscribeToken } from "@/lib/consent/unsubscribe-token";
import { logoUrl } from "@/lib/settings/logo-rules";
import { brandNameOf } from "@/lib/organizations/brand";

/**
 * Unsubscribe (the law, issue #7 item 5): one transaction sets contact.unsubscribedAt, appends the
 * consent ledger (ConsentEvent) and an "unsubscribed" EmailEvent, and cancels every pending scheduled
 * email of the contact, so nothing already planned goes out afterwards.
 */

export const UNSUBSCRIBE_MESSAGES = {
  invalidLink: "This unsubscribe link is not valid. Please use the link from your most recent email.",
  done: "You have been unsubscribed.",
} as const;

export const UNSUBSCRIBED_SKIP_REASON = "Unsubscribed";

export type UnsubscribeResult = { alreadyUnsubscribed: boolean; cancelledEmails: number };

/** The answer of POST /api/unsubscribe?t=… (the confirm button of /unsubscribe, or a one-click unsubscribe). */
export type UnsubscribeResponse = { success: true; message: string; alreadyUnsubscribed: boolean };

/**
 * The writes of an unsubscribe, inside the caller's transaction of the same organization. A contact
 * that is already unsubscribed gets no second ledger row, but pending rows are cancelled again (a
 * reschedule may have raced in between). Returns null when the contact is not this organization's.
 */
export async function recordUnsubscribe(
  tx: TxClient,
  {
    organizationId,
    contactId,
    source,
    now,
    metadata = {},
    scheduledEmailId,
  }: {
    organizationId: string;
    contactId: string;
    source: ConsentSource;
    now: Date;
    metadata?: Record<string, string | number | boolean | null>;
    scheduledEmailId?: string | null;
  },
): Promise<UnsubscribeResult | null> {
  const contact = await tx.contact.findFirst({ where: { id: contactId, organizationId }, select: { id: true } });
  if (!contact) return null;
  // Conditional update: of two concurrent unsubscribes exactly one sees the null and writes the ledger.
  const changed = await tx.contact.updateMany({
    where: { id: contactId, organizationId, unsubscribedAt: null },
    data: { unsubscribedAt: now },
  });
  if (changed.count === 1) {
    await tx.consentEvent.create({
      data: {
        organizationId,
        contactId,
        channel: "email",
        action: "unsubscribe",
        source,
        occurredAt: now,
        metadata: { ...metadata, ...(scheduledEmailId ? { scheduledEmailId } : {}) },
      },
    });
    await tx.emailEvent.create({
      data: {
        organizationId,
        contactId,
        scheduledEmailId: scheduledEmailId ?? null,
        type: "unsubscribed",
        occurredAt: now,
        metadata: { source },
      },
    });
  }
  const cancelled = await tx.scheduledEmail.updateMany({
    where: { organizationId, contactId, status: "pending" },
    data: { status: "cancelled", skipReason: UNSUBSCRIBED_SKIP_REASON },
  });
  return { alreadyUnsubscribed: changed.count === 0, cancelledEmails: cancelled.count };
}

/** Unsubscribes one contact of one organization (404 when it is not that organization's). */
export async function unsubscribeContact(input: {
  organizationId: string;
  contactId: string;
  source: ConsentSource;
  now: Date;
  metadata?: Record<string, string | number | boolean | null>;
}): Promise<UnsubscribeResult> {
  const result = await tenantTransaction(input.organizationId, (tx) => recordUnsubscribe(tx, input));
  if (!result) throw AppError.notFound();
  return result;
}

/** POST /api/unsubscribe?t=…: the token names the organization and contact; a bad token changes nothing. */
export async function unsubscribeByToken({
  token,
  source,
  now,
}: {
  token: unknown;
  source: ConsentSource;
  now: Date;
}): Promise<UnsubscribeResponse> {
  const subject = verifyUnsubscribeToken(token);
  if (!subject) throw new AppError("not_found", UNSUBSCRIBE_MESSAGES.invalidLink);
  const result = await tenantTransaction(subject.organizationId, (tx) =>
    recordUnsubscribe(tx, { ...subject, source, now }),
  );
  if (!result) throw new AppError("not_found", UNSUBSCRIBE_MESSAGES.invalidLink);
  return { success: true, message: UNSUBSCRIBE_MESSAGES.done, alreadyUnsubscribed: result.alreadyUnsubscribed };
}

/** An agent (or admin) puts a contact back on the list, e.g. after the person asked by phone. Recorded in the ledger. */
export async function resubscribeContact({
  organizationId,
  contactId,
  actorUserId,
  now,
}: {
  organizationId: string;
  contactId: string;
  actorUserId: string;
  now: Date;
}) {
  const changed = await tenantTransaction(organizationId, async (tx) => {
    const contact = await tx.contact.findFirst({ where: { id: contactId, organizationId }, select: { id: true } });
    if (!contact) throw AppError.notFound();
    const updated = await tx.contact.updateMany({
      where: { id: contactId, organizationId, unsubscribedAt: { not: null } },
      data: { unsubscribedAt: null },
    });
    if (updated.count === 1) {
      await tx.consentEvent.create({
        data: {
          organizationId,
          contactId,
          channel: "email",
          action: "resubscribe",
          source: "agent",
          occurredAt: now,
          metadata: { actorUserId },
        },
      });
    }
    return updated.count === 1;
  });
  return { success: true as const, resubscribed: changed };
}

/** "j•••@example.com": enough for a person to recognise their address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

export type UnsubscribePageModel =
  | { kind: "invalid"; message: string }
  | {
      kind: "ready";
      token: string;
      brand: { name: string; color: string; logoUrl: string | null };
      maskedEmail: string;
      alreadyUnsubscribed: boolean;
    };

/** The /unsubscribe page: who the link unsubscribes from. Reading only; the confirm button POSTs. */
export async function loadUnsubscribePage({ token }: { token: unknown }): Promise<UnsubscribePageModel> {
  const subject = verifyUnsubscribeToken(token);
  if (!subject) return { kind: "invalid", message: UNSUBSCRIBE_MESSAGES.invalidLink };
  // The token is verified, so its organization is known: read within it.
  const found = await tenantTransaction(subject.organizationId, async (tx) => {
    const contact = await tx.contact.findFirst({
      where: { id: subject.contactId, organizationId: subject.organizationId },
      select: { email: true, unsubscribedAt: true },
    });
    if (!contact) return null;
    const organization = await tx.organization.findFirstOrThrow({
      where: { id: subject.organizationId },
      select: { name: true, brandName: true, slug: true, primaryColor: true, logoMimeType: true, logoUpdatedAt: true },
    });
    return { contact, organization };
  });
  if (!found) return { kind: "invalid", message: UNSUBSCRIBE_MESSAGES.invalidLink };
  const { contact, organization } = found;
  return {
    kind: "ready",
    token: token as string,
    brand: {
      name: brandNameOf(organization),
      color: organization.primaryColor,
      logoUrl: organization.logoMimeType ? logoUrl(organization.slug, organization.logoUpdatedAt) : null,
    },
    maskedEmail: maskEmail(contact.email),
    alreadyUnsubscribed: contact.unsubscribedAt !== null,
  };
}

/** Test and ops helper: the ledger of one contact, oldest first. */
export async function listConsentEvents({ organizationId, contactId }: { organizationId: string; contactId: string }) {
  return tenantTransaction(organizationId, (tx) =>
    tx.consentEvent.findMany({ where: { organizationId, contactId }, orderBy: { occurredAt: "asc" } }),
  );
}
