import { z } from "zod";
import { formatStoredPhone } from "@/lib/phone/phone";
import type { SmsConsentReason } from "@/lib/sms/consent-rule";

/**
 * The SMS consent route's requests and answers (GET/POST /api/contacts/{id}/sms-consent, issue #20 point 3).
 * Pure: shared by the route, lib/sms/contact-sms-consent.ts and the contact page's "Text messages" card.
 */

/**
 * POST: "consent" records the client's express consent with the words they agreed to (checked by
 * lib/sms/consent.ts: 10 to 2,000 characters); "withdraw" records that the client asked not to be texted.
 */
export const smsConsentRequestSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("consent"), text: z.unknown().optional() }),
  z.object({ action: z.literal("withdraw") }),
]);

export type SmsConsentRequest = z.input<typeof smsConsentRequestSchema>;

export type SmsConsentHistoryEntry = {
  action: "opt_in" | "opt_out" | "unsubscribe" | "resubscribe";
  source: string;
  /** ISO instant. */
  occurredAt: string;
  consentText: string | null;
};

/** GET and POST answer the consent state of the contact's current number. */
export type SmsConsentView = {
  allowed: boolean;
  reason: SmsConsentReason;
  /** ISO instant of the deciding event (the consent, the STOP or opt-out, the START); null without one. */
  since: string | null;
  /** How the deciding event came: agent_recorded, agent (an opt-out an agent recorded), sms_keyword (STOP/START). */
  source: string | null;
  /** The words of the express consent in force (also after a START), null when not allowed. */
  consentText: string | null;
  /** The contact's current number, "(512) 555-0100", or null without a 10-digit number. */
  phoneNumber: string | null;
  /** The name the agency texts under (brand name, else its name), for the consent words. */
  agencyName: string;
  /** The contact's SMS consent events, newest first, at most SMS_CONSENT_HISTORY_LIMIT. */
  history: SmsConsentHistoryEntry[];
};

export const SMS_CONSENT_HISTORY_LIMIT = 20;

/** The words an agent reads or shows the client, prefilled in the Record SMS consent dialog. */
export function defaultSmsConsentText({ agencyName, phoneNumber }: { agencyName: string; phoneNumber: string }) {
  return (
    `I agree to receive Medicare Supplement quote texts from ${agencyName} at ${formatStoredPhone(phoneNumber)}. ` +
    "Msg & data rates may apply. Msg frequency varies. Reply STOP to opt out, HELP for help. " +
    "Consent is not a condition of purchase."
  );
}
