import { createElement, type ComponentType, type ReactElement } from "react";
import {
  CallbackRequestNotificationEmail,
  HealthCompletedNotificationEmail,
  QuoteViewedNotificationEmail,
  type AgentNotificationProps,
  type CallbackRequestEmailProps,
  type HealthCompletedNotificationProps,
} from "@/lib/email/templates/outreach/agent-notifications";
import {
  AepEmail,
  BirthdayEmail,
  EffectiveDateEmail,
  FailedUnderwritingEmail,
  FollowUpClickedEmail,
  FollowUpColdEmail,
  FollowUpConditionsEmail,
  FollowUpHealthyEmail,
  GoLiveWelcomeEmail,
  InitialBlastEmail,
  PostWindowEmail,
  RateIncreaseEmail,
  type OutreachEmailProps,
} from "@/lib/email/templates/outreach/consumer-emails";
import { formatEventDate } from "@/lib/email/templates/outreach/outreach-layout";

/**
 * The outreach email catalogue, for lib/outreach/render.ts:
 *
 *   const Template = outreachTemplate(row.emailType);          // null: not an outreach type
 *   const { sender, fromName, replyTo } = resolveOutreachSender({ organization, agent, appUrl });
 *   const quoteUrl = clickTrackingUrl(row.id, `${appUrl}/compare?id=${token}&tid=${row.trackingId}`);
 *   sendEmail({
 *     to, subject: subjectFor(row.emailType, { firstName, brandName: sender.brandName, carrierName, eventDate }),
 *     react: createElement(Template, { sender, firstName, quoteUrl, openPixelUrl: openPixelUrl(row.id), eventDate, carrierName, planType }),
 *     from: …fromName…, replyTo, idempotencyKey: row.idempotencyKey,
 *     ...unsubscribeLinks({ organizationId, contactId }),   // footer link + List-Unsubscribe (+ -Post)
 *     tags: { email_type, organization_id, scheduled_email_id: row.id },
 *   });
 *
 * The postal address and unsubscribe footer are added by lib/email/send.ts; templates never render them.
 */

export const OUTREACH_TEMPLATES = {
  birthday: BirthdayEmail,
  effective_date: EffectiveDateEmail,
  aep: AepEmail,
  rate_increase: RateIncreaseEmail,
  post_window: PostWindowEmail,
  go_live_welcome: GoLiveWelcomeEmail,
  initial_blast: InitialBlastEmail,
  followup_1_cold: FollowUpColdEmail,
  followup_2_clicked_no_hq: FollowUpClickedEmail,
  followup_3_hq_no_yes: FollowUpHealthyEmail,
  followup_4_hq_with_yes: FollowUpConditionsEmail,
  failed_underwriting: FailedUnderwritingEmail,
} as const satisfies Record<string, ComponentType<OutreachEmailProps>>;

/** A contact's fields that change a template's words (not merely printed where the name or a link goes). */
export type OutreachWordingField = "eventDate" | "carrierName" | "planType";

/**
 * Which of those fields each template reads. The sweep renders a template once per batch for every
 * distinct value of them (lib/outreach/render-once.ts); outreach-emails.test.ts fails when a template
 * reads a field it does not list here.
 */
export const OUTREACH_WORDING_FIELDS = {
  birthday: ["planType"],
  effective_date: ["eventDate", "planType"],
  aep: [],
  rate_increase: ["eventDate", "carrierName"],
  post_window: [],
  go_live_welcome: [],
  initial_blast: ["planType"],
  followup_1_cold: [],
  followup_2_clicked_no_hq: [],
  followup_3_hq_no_yes: [],
  followup_4_hq_with_yes: [],
  failed_underwriting: [],
} as const satisfies Record<keyof typeof OUTREACH_TEMPLATES, readonly OutreachWordingField[]>;

export type OutreachEmailType = keyof typeof OUTREACH_TEMPLATES;
export const OUTREACH_EMAIL_TYPES = Object.keys(OUTREACH_TEMPLATES) as OutreachEmailType[];

export function isOutreachEmailType(emailType: string): emailType is OutreachEmailType {
  return Object.hasOwn(OUTREACH_TEMPLATES, emailType);
}

/** The template component of a scheduled email type, or null for a type that is not consumer outreach. */
export function outreachTemplate(emailType: string): ComponentType<OutreachEmailProps> | null {
  return isOutreachEmailType(emailType) ? OUTREACH_TEMPLATES[emailType] : null;
}

/** The element to hand to sendEmail({ react }); null for an unknown type. */
export function outreachElement(emailType: string, props: OutreachEmailProps): ReactElement | null {
  const Template = outreachTemplate(emailType);
  return Template ? createElement(Template, props) : null;
}

export const AGENT_NOTIFICATION_TEMPLATES = {
  agent_quote_viewed: QuoteViewedNotificationEmail,
  agent_health_completed: HealthCompletedNotificationEmail,
  agent_callback_request: CallbackRequestNotificationEmail,
} as const;
export type AgentNotificationType = keyof typeof AGENT_NOTIFICATION_TEMPLATES;

export type SubjectContext = {
  firstName: string;
  brandName?: string | null;
  carrierName?: string | null;
  /** "YYYY-MM-DD" */
  eventDate?: string | null;
  /** Agent notifications: the contact's name. */
  contactName?: string | null;
};

/** The subject line per email type. Short (most phones show ~40 characters), first name first, no clickbait. */
export function subjectFor(
  emailType: string,
  { firstName, brandName, carrierName, eventDate, contactName }: SubjectContext,
): string {
  const name = firstName.trim() || "Hi";
  const date = formatEventDate(eventDate);
  const contact = contactName?.trim() || "A contact";
  switch (emailType) {
    case "birthday":
      return `${name}, a birthday check on your Medicare Supplement`;
    case "effective_date":
      return `${name}, your policy anniversary is coming up`;
    case "aep":
      return `${name}, a quick Medicare Supplement check this fall`;
    case "rate_increase":
      return carrierName?.trim()
        ? `${name}, ${carrierName.trim()} rates go up${date ? ` ${date}` : " soon"}`
        : `${name}, a rate increase is on the way`;
    case "post_window":
      return `${name}, your updated Medicare Supplement quotes`;
    case "go_live_welcome":
      return brandName?.trim()
        ? `${name}, your quotes from ${brandName.trim()}`
        : `${name}, your personalized Medicare Supplement quotes`;
    case "initial_blast":
      return `${name}, see what your coverage could cost`;
    case "followup_1_cold":
      return `${name}, did you get a chance to look?`;
    case "followup_2_clicked_no_hq":
      return `${name}, see if you qualify in about 2 minutes`;
    case "followup_3_hq_no_yes":
      return `${name}, your next step`;
    case "followup_4_hq_with_yes":
      return `${name}, let's look at your options together`;
    case "failed_underwriting":
      return `${name}, your yearly Medicare Supplement check-in`;
    case "agent_quote_viewed":
      return `${contact} viewed their quote`;
    case "agent_health_completed":
      return `${contact} completed the health questions`;
    case "agent_callback_request":
      return `${contact} asked for a callback`;
    default:
      return `${name}, your personalized Medicare Supplement quotes`;
  }
}

export {
  resolveOutreachSender,
  type OutreachSender,
  type SenderAgent,
  type SenderOrganization,
} from "@/lib/email/sender";
export type { AgentNotificationProps, CallbackRequestEmailProps, HealthCompletedNotificationProps, OutreachEmailProps };
