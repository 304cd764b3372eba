import "server-only";
import { z } from "zod";
import { AppError, fieldErrorsFromZod } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { contactNotFound, visibleContactWhere } from "@/lib/contacts/get-contact";
import type { ContactViewer } from "@/lib/contacts/list-contacts";
import { tenantTransaction, type TxClient } from "@/lib/db";
import { smsConsentFromEvents, type SmsConsent } from "@/lib/sms/consent-rule";

/**
 * The SMS side of the consent ledger (consent_events, channel sms; issue #20 point 3). An agent records a client's
 * express consent with the exact words the client agreed to; STOP/START texts are recorded by lib/sms/inbound.ts.
 * Whether a contact may be texted is the pure rule of lib/sms/consent-rule.ts over these rows.
 */

/** Express consent recorded by an agent (the client agreed in writing or out loud, to the words recorded). */
export type SmsConsentSource = "agent_recorded";

const TEN_DIGITS = /^\d{10}$/;

/** The contact (visible to `viewer` when given) and its 10-digit number, inside the transaction; 404 or 422 otherwise. */
async function textableContact(
  tx: TxClient,
  { organizationId, contactId, viewer }: { organizationId: string; contactId: string; viewer?: ContactViewer },
) {
  const contact = await tx.contact.findFirst({
    where: visibleContactWhere(organizationId, contactId, viewer),
    select: { id: true, phoneNumber: true },
  });
  if (!contact) throw contactNotFound();
  if (!contact.phoneNumber || !TEN_DIGITS.test(contact.phoneNumber))
    throw new AppError("validation_failed", SMS_CONSENT_MESSAGES.noPhone, {
      fields: { phoneNumber: [SMS_CONSENT_MESSAGES.noPhone] },
    });
  return { id: contact.id, phoneNumber: contact.phoneNumber };
}

export const SMS_CONSENT_MESSAGES = {
  noPhone: "This contact has no 10-digit phone number to text.",
  text: "Enter the consent text the client agreed to (10 to 2,000 characters).",
} as const;

/** The words the contact agreed to, as shown or read to them. */
export const smsConsentTextSchema = z
  .string({ error: SMS_CONSENT_MESSAGES.text })
  .trim()
  .min(10, SMS_CONSENT_MESSAGES.text)
  .max(2000, SMS_CONSENT_MESSAGES.text);

const SMS_EVENT_SELECT = {
  organizationId: true,
  channel: true,
  action: true,
  occurredAt: true,
  phoneNumber: true,
  consentText: true,
} as const;

/** The consent state of one contact, inside the caller's transaction; null when the contact is not this organization's. */
export async function smsConsentInTransaction(
  tx: TxClient,
  { organizationId, contactId }: { organizationId: string; contactId: string },
): Promise<SmsConsent | null> {
  const contact = await tx.contact.findFirst({
    where: { id: contactId, organizationId },
    select: { phoneNumber: true },
  });
  if (!contact) return null;
  const events = await tx.consentEvent.findMany({
    where: { organizationId, contactId, channel: "sms" },
    select: SMS_EVENT_SELECT,
    orderBy: [{ occurredAt: "asc" }, { createdAt: "asc" }],
  });
  return smsConsentFromEvents({ organizationId, phoneNumber: contact.phoneNumber, events });
}

/** May this contact be texted now? 404 when the contact is not this organization's. */
export async function smsConsentOf(input: { organizationId: string; contactId: string }): Promise<SmsConsent> {
  const consent = await tenantTransaction(input.organizationId, (tx) => smsConsentInTransaction(tx, input));
  if (!consent) throw AppError.notFound();
  return consent;
}

/**
 * Records a client's express consent to texts at the contact's current number: one ledger row (opt_in, the source,
 * `now`, the exact text, the number) and an audit row naming the agent, in one transaction. 404 for another
 * organization's contact (and, with `viewer`, for a contact the viewer may not see); 422 without a 10-digit number
 * or without the text.
 */
export async function recordSmsConsent({
  organizationId,
  contactId,
  source,
  text,
  now,
  actorUserId,
  viewer,
}: {
  organizationId: string;
  contactId: string;
  source: SmsConsentSource;
  text: unknown;
  now: Date;
  actorUserId: string;
  /** The agent acting: only a contact they may see (lib/contacts/get-contact.ts); none for system work. */
  viewer?: ContactViewer;
}): Promise<SmsConsent> {
  const parsed = smsConsentTextSchema.safeParse(text);
  if (!parsed.success)
    throw new AppError("validation_failed", undefined, { fields: { text: fieldErrorsFromZod(parsed.error)._ ?? [] } });
  return appendSmsConsentEvent({
    organizationId,
    contactId,
    now,
    actorUserId,
    viewer,
    event: { action: "opt_in", source, consentText: parsed.data },
    auditAction: "contact.sms_consent_recorded",
  });
}

/**
 * Records that the client asked an agent not to be texted (by phone, in person): one ledger row (opt_out, source
 * agent, `now`, the contact's current number) and an audit row naming the agent, in one transaction. The rule of
 * lib/sms/consent-rule.ts answers opted_out from the next read, until the client agrees again (a new express
 * consent). 404 for another organization's contact or one the viewer may not see; 422 without a 10-digit number.
 */
export async function withdrawSmsConsent({
  organizationId,
  contactId,
  now,
  actorUserId,
  viewer,
}: {
  organizationId: string;
  contactId: string;
  now: Date;
  actorUserId: string;
  viewer?: ContactViewer;
}): Promise<SmsConsent> {
  return appendSmsConsentEvent({
    organizationId,
    contactId,
    now,
    actorUserId,
    viewer,
    event: { action: "opt_out", source: "agent", consentText: null },
    auditAction: "contact.sms_consent_withdrawn",
  });
}

/**
 * One SMS ledger row about the contact's current number, written by an agent, with the audit row naming them, in
 * one transaction; answers the consent state after it. 404 for a contact not this organization's or not the
 * viewer's; 422 without a 10-digit number.
 */
async function appendSmsConsentEvent({
  organizationId,
  contactId,
  now,
  actorUserId,
  viewer,
  event,
  auditAction,
}: {
  organizationId: string;
  contactId: string;
  now: Date;
  actorUserId: string;
  viewer?: ContactViewer;
  event: { action: "opt_in" | "opt_out"; source: "agent_recorded" | "agent"; consentText: string | null };
  auditAction: "contact.sms_consent_recorded" | "contact.sms_consent_withdrawn";
}): Promise<SmsConsent> {
  return tenantTransaction(organizationId, async (tx) => {
    const contact = await textableContact(tx, { organizationId, contactId, viewer });
    const { id } = await tx.consentEvent.create({
      data: {
        organizationId,
        contactId,
        channel: "sms",
        ...event,
        occurredAt: now,
        phoneNumber: contact.phoneNumber,
        metadata: { actorUserId },
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      organizationId,
      actorUserId,
      action: auditAction,
      entityType: "contact",
      entityId: contactId,
      metadata: { consentEventId: id, source: event.source },
    });
    return (await smsConsentInTransaction(tx, { organizationId, contactId }))!;
  });
}
