/**
 * Whether a contact may be texted, from the consent ledger (issue #20 point 3), pure.
 *
 * Marketing texts need the contact's prior express consent (TCPA, 47 CFR 64.1200), so the default is no:
 * - only `sms` events of this organization about the contact's current number count (consent belongs to a number:
 *   a new number has none, and another organization's consent is not this one's);
 * - express consent is an `opt_in` that carries the words the contact agreed to (consentText), recorded by an
 *   agent (agent_recorded); an opt_in without them counts for nothing;
 * - the latest event wins: STOP (opt_out, or unsubscribe) after consent blocks at once;
 * - START after STOP (resubscribe, source sms_keyword) re-subscribes, as CTIA's handbook has it, but only a number
 *   that had express consent before: START gives back the consent STOP took away, it is not consent of its own to
 *   marketing from an organization the contact never agreed to hear from. A new express consent after STOP also
 *   re-subscribes (the contact agreed again, to the agent).
 */

export type SmsConsentEvent = {
  organizationId: string;
  channel: string;
  action: string;
  occurredAt: Date;
  phoneNumber: string | null;
  consentText: string | null;
};

export type SmsConsentReason = "no_phone" | "no_consent" | "opted_out" | "consented";

export type SmsConsent = {
  allowed: boolean;
  reason: SmsConsentReason;
  /** When the deciding event happened (the consent, the STOP or the START); null without one. */
  since: Date | null;
};

const PHONE = /^\d{10}$/;

/** True for an express consent: an opt_in with the words agreed to. */
export function isExpressSmsConsent(event: Pick<SmsConsentEvent, "action" | "consentText">): boolean {
  return event.action === "opt_in" && (event.consentText?.trim().length ?? 0) > 0;
}

export function smsConsentFromEvents(input: {
  organizationId: string;
  /** The contact's current number, 10 digits; anything else means no number to text. */
  phoneNumber: string | null;
  events: readonly SmsConsentEvent[];
}): SmsConsent {
  return smsConsentDecision(input).state;
}

/**
 * The rule with its reasons: the state, the event that decided it (the latest event that counted) and, while
 * texts are allowed, the express consent in force (whose words the contact agreed to). For the contact page,
 * which shows who decided and the words.
 */
export function smsConsentDecision<E extends SmsConsentEvent>({
  organizationId,
  phoneNumber,
  events,
}: {
  organizationId: string;
  phoneNumber: string | null;
  events: readonly E[];
}): { state: SmsConsent; decidedBy: E | null; consentInForce: E | null } {
  if (!phoneNumber || !PHONE.test(phoneNumber))
    return { state: { allowed: false, reason: "no_phone", since: null }, decidedBy: null, consentInForce: null };
  const relevant = events
    .map((event, index) => ({ event, index }))
    .filter(
      ({ event }) =>
        event.organizationId === organizationId && event.channel === "sms" && event.phoneNumber === phoneNumber,
    )
    // Oldest first; events at the same instant keep the ledger's order.
    .sort((a, b) => a.event.occurredAt.getTime() - b.event.occurredAt.getTime() || a.index - b.index);

  let state: SmsConsent = { allowed: false, reason: "no_consent", since: null };
  let decidedBy: E | null = null;
  let lastConsent: E | null = null;
  for (const { event } of relevant) {
    if (isExpressSmsConsent(event)) {
      lastConsent = event;
      state = { allowed: true, reason: "consented", since: event.occurredAt };
    } else if (event.action === "opt_out" || event.action === "unsubscribe") {
      state = { allowed: false, reason: "opted_out", since: event.occurredAt };
    } else if (event.action === "resubscribe" && lastConsent) {
      state = { allowed: true, reason: "consented", since: event.occurredAt };
    } else continue;
    decidedBy = event;
  }
  return { state, decidedBy, consentInForce: state.allowed ? lastConsent : null };
}
