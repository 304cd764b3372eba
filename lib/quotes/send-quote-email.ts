import "server-only";
import { offeredAgentContact } from "@/lib/profile/profile-schema";
import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { QuoteEmail } from "@/lib/email/templates/quote-email";
import { AppError } from "@/lib/api/errors";
import { unsubscribeLinks } from "@/lib/consent/unsubscribe-token";
import { contactNotFound, visibleContactWhere } from "@/lib/contacts/get-contact";
import type { ContactViewer } from "@/lib/contacts/list-contacts";
import { tenantDb, tenantTransaction } from "@/lib/db";
import { fromWithName } from "@/lib/email/compose";
import { EmailSendError, sendEmail, type SendFunction } from "@/lib/email/send";
import { recordUnsubscribe } from "@/lib/consent/unsubscribe";
import { emailLogoUrl } from "@/lib/email/sender";
import { getEnv } from "@/lib/env";
import { createQuoteLink, quoteTrackingId } from "@/lib/quotes/quote-links";
import { todayInZone } from "@/lib/calendar/calendar-date";
import { brandNameOf } from "@/lib/organizations/brand";

/**
 * The agent's one-off "Send Quote" (POST /api/contacts/{id}/send-quote-email). One transaction writes
 * the quote link, the ScheduledEmail row (quote_email, sent), its "sent" EmailEvent and the contact's
 * lastEmailedAt; the email goes through the one send path after commit (rules 8 and 12), with the row
 * id as idempotency key. Trial (demoMode): the email goes to the sending agent's own address with
 * "[TEST]", never to the contact.
 */

export const QUOTE_EMAIL_TYPE = "quote_email";
export const QUOTE_EMAIL_MESSAGES = {
  sent: "Quote email sent",
  sentToAgent: "Quote email sent to your address (trial: nothing reaches clients until you go live)",
  alreadySentToday: "A quote email was already sent to this contact today.",
  optedOut: "This contact has unsubscribed or is marked do not contact.",
  failed: "The quote email could not be sent. Please try again.",
  recipientRefused:
    "The email provider refused this contact's address, so it is now marked not emailable. Check the address, or call the client.",
} as const;

/** Why a refused address failed (the row's lastError and the consent event's reason, as the sweep writes them). */
const RECIPIENT_REFUSED = "recipient_refused";

export type SendQuoteEmailInput = {
  organizationId: string;
  viewer: ContactViewer & { email: string };
  contactId: string;
  now: Date;
  /** The provider call (tests pass a refusing stand-in). */
  send?: SendFunction;
};

const senderUserSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  phoneEnabled: true,
  calendarEnabled: true,
  signature: true,
  useOrgSenderDetails: true,
  isActive: true,
} as const;

export async function sendQuoteEmail({
  organizationId,
  viewer,
  contactId,
  now,
  send = sendEmail,
}: SendQuoteEmailInput) {
  const db = tenantDb(organizationId);
  const contact = await db.contact.findFirst({
    where: visibleContactWhere(organizationId, contactId, viewer),
    select: {
      id: true,
      firstName: true,
      email: true,
      planType: true,
      unsubscribedAt: true,
      doNotCommunicate: true,
      agent: { select: senderUserSelect },
    },
  });
  if (!contact) throw contactNotFound();
  if (contact.unsubscribedAt || contact.doNotCommunicate) throw new AppError("conflict", QUOTE_EMAIL_MESSAGES.optedOut);

  const [organization, viewerUser] = await Promise.all([
    db.organization.findFirstOrThrow({
      where: { id: organizationId },
      select: {
        name: true,
        brandName: true,
        slug: true,
        logoMimeType: true,
        logoUpdatedAt: true,
        primaryColor: true,
        phone: true,
        signature: true,
        orgSignature: true,
        forceOrgSenderDetails: true,
        demoMode: true,
        timezone: true,
        postalAddress: true,
      },
    }),
    db.user.findFirstOrThrow({ where: { id: viewer.id, organizationId }, select: senderUserSelect }),
  ]);

  // Sender details: the contact's agent (else the sending user), or the organization when it forces
  // its details or the agent chose them.
  const agent = offeredAgentContact(contact.agent?.isActive ? contact.agent : viewerUser);
  const useOrg = organization.forceOrgSenderDetails || agent.useOrgSenderDetails;
  const brandName = brandNameOf(organization);
  const senderName = useOrg ? brandName : `${agent.firstName} ${agent.lastName}`.trim() || brandName;
  const senderPhone = useOrg ? organization.phone : (agent.phone ?? organization.phone);
  const signature = useOrg || organization.orgSignature ? organization.signature : agent.signature;

  const isTrial = organization.demoMode;
  const sendMode = isTrial ? ("test" as const) : ("production" as const);
  const recipient = isTrial ? viewerUser.email : contact.email;
  const today = todayInZone(now, organization.timezone);
  const scheduledEmailId = randomUUID();
  const idempotencyKey = `quote-email:${scheduledEmailId}`;

  const { url } = await tenantTransaction(organizationId, async (tx) => {
    const alreadySent = await tx.scheduledEmail.findFirst({
      where: {
        organizationId,
        contactId: contact.id,
        emailType: QUOTE_EMAIL_TYPE,
        scheduledSendDate: new Date(`${today}T00:00:00Z`),
      },
      select: { id: true },
    });
    if (alreadySent) throw new AppError("conflict", QUOTE_EMAIL_MESSAGES.alreadySentToday);
    const created = await createQuoteLink({
      organizationId,
      contactId: contact.id,
      planType: contact.planType,
      now,
      tx,
    });
    await tx.scheduledEmail.create({
      data: {
        id: scheduledEmailId,
        organizationId,
        contactId: contact.id,
        emailType: QUOTE_EMAIL_TYPE,
        scheduledSendDate: new Date(`${today}T00:00:00Z`),
        scheduledSendAt: now,
        status: "sent",
        sendMode,
        idempotencyKey,
        trackingId: quoteTrackingId(created.link),
        recipientEmail: recipient,
        attemptCount: 1,
        lastAttemptAt: now,
        sentAt: now,
        metadata: { quoteLinkId: created.link.id, sentByUserId: viewer.id },
      },
    });
    await tx.emailEvent.create({
      data: {
        organizationId,
        contactId: contact.id,
        scheduledEmailId,
        type: "sent",
        occurredAt: now,
        metadata: { emailType: QUOTE_EMAIL_TYPE, sendMode },
      },
    });
    await tx.contact.update({ where: { id: contact.id, organizationId }, data: { lastEmailedAt: now } });
    return created;
  });

  const env = getEnv();
  try {
    const result = await send({
      to: contact.email,
      testAddress: isTrial ? viewerUser.email : undefined,
      subject: `${contact.firstName}, your personalized Medicare Supplement quotes`,
      from: fromWithName(env.email.from, useOrg ? brandName : `${senderName} - ${brandName}`),
      replyTo: useOrg ? undefined : agent.email,
      react: createElement(QuoteEmail, {
        brandName,
        brandColor: organization.primaryColor,
        logoUrl: emailLogoUrl(organization, env.appUrl),
        firstName: contact.firstName,
        quoteUrl: url,
        senderName,
        senderPhone,
        signature,
        canReply: !useOrg,
      }),
      idempotencyKey,
      postalAddress: organization.postalAddress,
      whiteLabel: true,
      // The footer link, List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) for this contact.
      ...unsubscribeLinks({ organizationId, contactId: contact.id }),
      tags: { email_type: QUOTE_EMAIL_TYPE, organization_id: organizationId, scheduled_email_id: scheduledEmailId },
    });
    if (result.providerMessageId) {
      await db.scheduledEmail.update({
        where: { id: scheduledEmailId, organizationId },
        data: { providerMessageId: result.providerMessageId },
      });
    }
  } catch (error) {
    // The provider refused the contact's address (an RFC 6531 address it cannot deliver to, say): as in the
    // sweep, the contact stays in the book and its address is marked not emailable, like a permanent bounce.
    // A trial's copy goes to the agent, so a refusal there is not the contact's.
    const refused = error instanceof EmailSendError && error.recipientRefused && !isTrial;
    // The rows said "sent": undo that so the history tells the truth, then answer with a clear error.
    await tenantTransaction(organizationId, async (tx) => {
      await tx.scheduledEmail.update({
        where: { id: scheduledEmailId, organizationId },
        data: {
          status: "failed",
          sentAt: null,
          lastError: refused ? RECIPIENT_REFUSED : error instanceof Error ? error.name : "send_failed",
        },
      });
      await tx.emailEvent.deleteMany({ where: { organizationId, scheduledEmailId, type: "sent" } });
      if (refused)
        await recordUnsubscribe(tx, {
          organizationId,
          contactId: contact.id,
          source: "bounce",
          now,
          scheduledEmailId,
          metadata: { reason: RECIPIENT_REFUSED },
        });
    });
    if (refused) throw new AppError("conflict", QUOTE_EMAIL_MESSAGES.recipientRefused, { cause: error });
    throw new AppError("internal", QUOTE_EMAIL_MESSAGES.failed, { cause: error });
  }

  return {
    success: true as const,
    message: isTrial ? QUOTE_EMAIL_MESSAGES.sentToAgent : QUOTE_EMAIL_MESSAGES.sent,
    trackingRecord: {
      email_type: QUOTE_EMAIL_TYPE,
      scheduled_date: today,
      send_status: "sent" as const,
      send_mode: sendMode,
    },
  };
}
