import "server-only";
import { createElement } from "react";
import { OnboardingWelcomeEmail } from "@/lib/email/templates/onboarding-welcome-email";
import { unsubscribeLinks } from "@/lib/consent/unsubscribe-token";
import { isUniqueViolation } from "@/lib/contacts/create-contact";
import { tenantDb, tenantTransaction } from "@/lib/db";
import { fromWithName } from "@/lib/email/compose";
import { sendEmail } from "@/lib/email/send";
import { getEnv } from "@/lib/env";
import { quoteTrackingId } from "@/lib/quotes/quote-links";
import { todayInZone } from "@/lib/calendar/calendar-date";
import { brandNameOf } from "@/lib/organizations/brand";

/**
 * The welcome email to a person who signed up on the agency's self-onboarding page (domain-rules A.1
 * `onboarding_welcome`). Sent once, when the address is confirmed (never before: until then the only
 * email is the confirmation link, lib/self-onboarding/email-confirmation.ts), with the quote link the
 * confirmation opened, in the agency's name and colours. Like the agent's "Send Quote" it is recorded
 * as a sent ScheduledEmail row (so the contact page and the dashboard count it), keyed by the contact:
 * the row's idempotency key is unique, so a second call writes and sends nothing. In a trial the email
 * goes to the agency's agent as [TEST] (architecture.md rule 12).
 */

export const ONBOARDING_WELCOME_TYPE = "onboarding_welcome";
export const onboardingWelcomeKey = (contactId: string) => `onboarding-welcome:${contactId}`;

export type OnboardingWelcomeInput = {
  organizationId: string;
  contactId: string;
  /** The quote link the confirmation opened (createQuoteLink's answer). */
  quoteLink: { link: { id: string; organizationId: string; contactId: string | null; createdAt: Date }; url: string };
  /** Who gets the [TEST] copy in a trial (signupSender). */
  testRecipient: string | null;
  now: Date;
};

export type OnboardingWelcomeResult = "sent" | "already_sent" | "opted_out" | "no_test_recipient" | "failed";

export async function sendOnboardingWelcome({
  organizationId,
  contactId,
  quoteLink,
  testRecipient,
  now,
}: OnboardingWelcomeInput): Promise<OnboardingWelcomeResult> {
  const db = tenantDb(organizationId);
  const [contact, organization] = await Promise.all([
    db.contact.findFirst({
      where: { id: contactId, organizationId },
      select: { firstName: true, email: true, unsubscribedAt: true, doNotCommunicate: true },
    }),
    db.organization.findFirstOrThrow({
      where: { id: organizationId },
      select: {
        name: true,
        brandName: true,
        primaryColor: true,
        phone: true,
        signature: true,
        demoMode: true,
        timezone: true,
        postalAddress: true,
      },
    }),
  ]);
  if (!contact || contact.unsubscribedAt || contact.doNotCommunicate) return "opted_out";
  const isTrial = organization.demoMode;
  if (isTrial && !testRecipient) return "no_test_recipient";
  const sendMode = isTrial ? ("test" as const) : ("production" as const);
  const idempotencyKey = onboardingWelcomeKey(contactId);
  const today = todayInZone(now, organization.timezone);

  let scheduledEmailId: string;
  try {
    scheduledEmailId = await tenantTransaction(organizationId, async (tx) => {
      const row = await tx.scheduledEmail.create({
        data: {
          organizationId,
          contactId,
          emailType: ONBOARDING_WELCOME_TYPE,
          scheduledSendDate: new Date(`${today}T00:00:00Z`),
          scheduledSendAt: now,
          status: "sent",
          sendMode,
          idempotencyKey,
          trackingId: quoteTrackingId(quoteLink.link),
          recipientEmail: isTrial ? testRecipient : contact.email,
          attemptCount: 1,
          lastAttemptAt: now,
          sentAt: now,
          metadata: { quoteLinkId: quoteLink.link.id },
        },
        select: { id: true },
      });
      await tx.emailEvent.create({
        data: {
          organizationId,
          contactId,
          scheduledEmailId: row.id,
          type: "sent",
          occurredAt: now,
          metadata: { emailType: ONBOARDING_WELCOME_TYPE, sendMode },
        },
      });
      await tx.contact.update({ where: { id: contactId, organizationId }, data: { lastEmailedAt: now } });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "already_sent";
    throw error;
  }

  const brandName = brandNameOf(organization);
  try {
    const result = await sendEmail({
      to: contact.email,
      testAddress: isTrial ? (testRecipient ?? undefined) : undefined,
      subject: `Welcome to ${brandName}, ${contact.firstName}: your quotes`,
      from: fromWithName(getEnv().email.from, brandName),
      react: createElement(OnboardingWelcomeEmail, {
        brandName,
        brandColor: organization.primaryColor,
        firstName: contact.firstName,
        quoteUrl: quoteLink.url,
        phone: organization.phone,
        signature: organization.signature,
      }),
      idempotencyKey,
      postalAddress: organization.postalAddress,
      whiteLabel: true,
      ...unsubscribeLinks({ organizationId, contactId }),
      tags: {
        email_type: ONBOARDING_WELCOME_TYPE,
        organization_id: organizationId,
        scheduled_email_id: scheduledEmailId,
      },
    });
    if (result.providerMessageId)
      await db.scheduledEmail.update({
        where: { id: scheduledEmailId, organizationId },
        data: { providerMessageId: result.providerMessageId },
      });
    return "sent";
  } catch (error) {
    // The confirmation itself stands; the row tells the truth about the email.
    await tenantTransaction(organizationId, async (tx) => {
      await tx.scheduledEmail.update({
        where: { id: scheduledEmailId, organizationId },
        data: { status: "failed", sentAt: null, lastError: error instanceof Error ? error.name : "send_failed" },
      });
      await tx.emailEvent.deleteMany({ where: { organizationId, scheduledEmailId, type: "sent" } });
    });
    console.error("onboarding welcome email failed", {
      organizationId,
      contactId,
      error: error instanceof Error ? error.message : String(error),
    });
    return "failed";
  }
}
