import "server-only";
import { z } from "zod";
import { AppError, fieldErrorsFromZod } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { tenantTransaction, type TxClient } from "@/lib/db";
import { smsConsentFromEvents, type SmsConsent } from "@/lib/sms/consent-rule";

/**
 * The SMS side of the consent ledger (consent_events, channel sms; issue #20 point 3). An agent records a client's
 * express consent with the exact words the client agreed to; STOP/START texts are recorded by lib/sms/inbound.ts.
 * Whether a contact may be texted is the pure rule of lib/sms/consent-rule.ts over these rows.
 */

/** Express consent recorded by an agent (the client agreed in writing or out loud, to the words recorded). */
export type SmsConsentSource = "agent_recorded";

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
 * organization's contact; 422 without a 10-digit number or without the text.
 */
export async function recordSmsConsent({
  organizationId,
  contactId,
  source,
  text,
  now,
  actorUserId,
}: {
  organizationId: string;
  contactId: string;
  source: SmsConsentSource;
  text: unknown;
  now: Date;
  actorUserId: string;
}): Promise<SmsConsent> {
  const parsed = smsConsentTextSchema.safeParse(text);
  if (!parsed.success)
    throw new AppError("validation_failed", undefined, { fields: { text: fieldErrorsFromZod(parsed.error)._ ?? [] } });
  return tenantTransaction(organizationId, async (tx) => {
    const contact = await tx.contact.findFirst({
      where: { id: contactId, organizationId },
      select: { id: true, phoneNumber: true },
    });
    if (!contact) throw AppError.notFound();
    if (!contact.phoneNumber || !/^\d{10}$/.test(contact.phoneNumber))
      throw new AppError("validation_failed", SMS_CONSENT_MESSAGES.noPhone, {
        fields: { phoneNumber: [SMS_CONSENT_MESSAGES.noPhone] },
      });
    const event = await tx.consentEvent.create({
      data: {
        organizationId,
        contactId,
        channel: "sms",
        action: "opt_in",
        source,
        occurredAt: now,
        consentText: parsed.data,
        phoneNumber: contact.phoneNumber,
        metadata: { actorUserId },
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      organizationId,
      actorUserId,
      action: "contact.sms_consent_recorded",
      entityType: "contact",
      entityId: contactId,
      metadata: { consentEventId: event.id, source },
    });
    return (await smsConsentInTransaction(tx, { organizationId, contactId }))!;
  });
}
