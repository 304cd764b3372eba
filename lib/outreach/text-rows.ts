/**
 * Text quote links on the schedule (issue #20 point 3, docs/sms.md), pure.
 *
 * A text is a schedule row of its own, one channel per row: for each pending quote-moment email of a contact who
 * may be texted, the reschedule adds a row "sms_<email type>" on the same day (same priority, same event), so the
 * sweep's one claim, fence and idempotency key serve texts exactly as they serve emails. The email stays: a text
 * is a second way to reach the contact, not a replacement (the original product texted the link beside the email).
 *
 * Only the moments that carry quotes are texted, not follow-ups or welcomes: a text is more intrusive than an
 * email, so a contact gets at most one per moment. Texts never count against the email frequency cap (the planner
 * reads only email rows as history).
 */
import type { SmsConsent } from "@/lib/sms/consent-rule";
import { nextSmsWindowInZones, smsAllowedInZones } from "@/lib/sms/quiet-hours";
import type { DesiredRow } from "@/lib/outreach/rules";
import { nationalDigits } from "@/lib/phone/phone";

export const TEXT_ROW_PREFIX = "sms_";

/** The email types whose moments are also texted (their SMS_LINES in lib/sms/template.ts). */
export const TEXTED_EMAIL_TYPES = ["birthday", "effective_date", "aep", "rate_increase", "post_window"] as const;
const TEXTED = new Set<string>(TEXTED_EMAIL_TYPES);

export type TextedEmailType = (typeof TEXTED_EMAIL_TYPES)[number];

/** True for a text row ("sms_birthday"). */
export const isTextRow = (emailType: string) => emailType.startsWith(TEXT_ROW_PREFIX);

/** The email type a text row stands for ("sms_birthday" → "birthday"); null for an email row or an unknown text. */
export function textedEmailType(emailType: string): TextedEmailType | null {
  if (!isTextRow(emailType)) return null;
  const base = emailType.slice(TEXT_ROW_PREFIX.length);
  return TEXTED.has(base) ? (base as TextedEmailType) : null;
}

/**
 * The contact's desired rows with their texts added: one "sms_" row beside each pending texted email, at the
 * email's send time or, when that falls in the contact's quiet hours (before 8 am or from 9 pm in any of their
 * state's time zones), at the next minute texts are allowed.
 */
export function withTextRows(rows: readonly DesiredRow[], timeZones: readonly string[]): DesiredRow[] {
  const texts: DesiredRow[] = [];
  for (const row of rows) {
    if (row.status !== "pending" || !TEXTED.has(row.emailType)) continue;
    texts.push({
      ...row,
      emailType: `${TEXT_ROW_PREFIX}${row.emailType}`,
      parentEmailId: null,
      metadata: null,
      scheduledSendAt: smsAllowedInZones(row.scheduledSendAt, timeZones)
        ? row.scheduledSendAt
        : nextSmsWindowInZones(row.scheduledSendAt, timeZones),
    });
  }
  return texts.length === 0 ? [...rows] : [...rows, ...texts];
}

export const TEXT_CANCEL_REASONS = {
  optedOut: "Contact opted out",
  smsOff: "Text messages are turned off",
  noPhone: "Contact has no 10-digit phone number",
  noConsent: "No consent to text on file",
  stopped: "Contact opted out of texts",
  noTestPhone: "No agent phone to receive the test text",
  twilioOff: "Twilio is not set up",
} as const;

export type TextSendDecision =
  { kind: "cancel"; reason: string } | { kind: "defer"; until: Date } | { kind: "send"; testNumber?: string };

/**
 * Whether a claimed text goes out now, decided at send time from what holds then (the plan may be hours old):
 * the contact's opt-outs and consent, the organization's switch, the quiet hours, and in a trial the agent's
 * phone that receives the test copy (as a trial's emails go to the agent).
 */
export function decideTextSend({
  optedOut,
  smsEnabled,
  consent,
  sendMode,
  agentPhone,
  now,
  timeZones,
}: {
  optedOut: boolean;
  smsEnabled: boolean;
  consent: SmsConsent;
  sendMode: "test" | "production";
  agentPhone: string | null;
  now: Date;
  timeZones: readonly string[];
}): TextSendDecision {
  if (optedOut) return { kind: "cancel", reason: TEXT_CANCEL_REASONS.optedOut };
  if (!smsEnabled) return { kind: "cancel", reason: TEXT_CANCEL_REASONS.smsOff };
  if (!consent.allowed)
    return {
      kind: "cancel",
      reason:
        consent.reason === "no_phone"
          ? TEXT_CANCEL_REASONS.noPhone
          : consent.reason === "opted_out"
            ? TEXT_CANCEL_REASONS.stopped
            : TEXT_CANCEL_REASONS.noConsent,
    };
  if (!smsAllowedInZones(now, timeZones)) return { kind: "defer", until: nextSmsWindowInZones(now, timeZones) };
  if (sendMode === "production") return { kind: "send" };
  const digits = nationalDigits(agentPhone ?? "");
  return /^\d{10}$/.test(digits)
    ? { kind: "send", testNumber: `+1${digits}` }
    : { kind: "cancel", reason: TEXT_CANCEL_REASONS.noTestPhone };
}
