import { createElement, type ReactElement } from "react";
import { outreachTemplate, subjectFor } from "@/lib/email/templates/outreach";
import type { OutreachSender } from "@/lib/email/sender";
import type { HouseholdPartnerLink } from "@/lib/email/templates/outreach/outreach-layout";
import { QuoteEmail } from "@/lib/email/templates/quote-email";

/**
 * What a scheduled email says. The sweep decides who, when and through which link; this picks the
 * words: the outreach template of the email's type (lib/email/templates/outreach), or the quote email
 * for a type that has none.
 */

export type OutreachEmailInput = {
  emailType: string;
  firstName: string;
  /** Who signs and how it looks (resolveOutreachSender). */
  sender: OutreachSender;
  /** The tracked link to the compare page (click redirect around /compare?id=…&tid=…). */
  quoteUrl: string;
  openPixelUrl: string | null;
  /** The date the email is about (birthday, anniversary, increase date), "YYYY-MM-DD". */
  eventDate: string | null;
  carrierName: string | null;
  planType: string | null;
  /** A household email: the partner's first name and own quote link (lib/outreach-schedule/household.ts). */
  household?: HouseholdPartnerLink | null;
};

export type RenderedOutreachEmail = { subject: string; react: ReactElement };

export function renderOutreachEmail(input: OutreachEmailInput): RenderedOutreachEmail {
  const { sender } = input;
  const Template = outreachTemplate(input.emailType);
  if (Template) {
    return {
      subject: subjectFor(input.emailType, {
        firstName: input.firstName,
        brandName: sender.brandName,
        carrierName: input.carrierName ?? undefined,
        eventDate: input.eventDate ?? undefined,
      }),
      react: createElement(Template, {
        sender,
        firstName: input.firstName,
        quoteUrl: input.quoteUrl,
        openPixelUrl: input.openPixelUrl,
        eventDate: input.eventDate,
        carrierName: input.carrierName,
        planType: input.planType,
        household: input.household ?? null,
      }),
    };
  }
  return {
    subject: `${input.firstName}, your personalized Medicare Supplement quotes`,
    react: createElement(QuoteEmail, {
      brandName: sender.brandName,
      brandColor: sender.brandColor,
      firstName: input.firstName,
      quoteUrl: input.quoteUrl,
      senderName: sender.senderName,
      senderPhone: sender.senderPhone ?? null,
      signature: sender.signature ?? null,
      canReply: sender.canReply ?? false,
    }),
  };
}
