import "server-only";
import { contactNotFound, visibleContactWhere } from "@/lib/contacts/get-contact";
import type { ContactViewer } from "@/lib/contacts/list-contacts";
import type { TenantDb } from "@/lib/db";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";
import { formatStoredPhone } from "@/lib/phone/phone";
import { recordSmsConsent, withdrawSmsConsent } from "@/lib/sms/consent";
import { smsConsentDecision } from "@/lib/sms/consent-rule";
import {
  SMS_CONSENT_HISTORY_LIMIT,
  type SmsConsentHistoryEntry,
  type SmsConsentRequest,
  type SmsConsentView,
} from "@/lib/sms/sms-consent-schema";

/**
 * The contact page's "Text messages" card (issue #20 point 3): GET and POST /api/contacts/{id}/sms-consent.
 * Who: any member, on a contact they may see (an admin the whole organization, an agent their own contacts;
 * anything else is 404, like another organization's contact). The state is the pure rule of
 * lib/sms/consent-rule.ts over the ledger; a change re-plans the contact's outreach, since texts are planned only
 * for a number with consent.
 */

const PHONE = /^\d{10}$/;

/** GET: the consent state of the contact's current number, with how it came about and the latest history. */
export async function getContactSmsConsent({
  db,
  organizationId,
  viewer,
  contactId,
}: {
  db: TenantDb;
  organizationId: string;
  viewer: ContactViewer;
  contactId: string;
}): Promise<SmsConsentView> {
  const contact = await db.contact.findFirst({
    where: visibleContactWhere(organizationId, contactId, viewer),
    select: { id: true, phoneNumber: true, organization: { select: { name: true, brandName: true } } },
  });
  if (!contact) throw contactNotFound();
  const events = await db.consentEvent.findMany({
    where: { organizationId, contactId: contact.id, channel: "sms" },
    select: {
      organizationId: true,
      channel: true,
      action: true,
      source: true,
      occurredAt: true,
      phoneNumber: true,
      consentText: true,
    },
    orderBy: [{ occurredAt: "asc" }, { createdAt: "asc" }],
  });
  const phoneNumber = contact.phoneNumber && PHONE.test(contact.phoneNumber) ? contact.phoneNumber : null;
  const { state, decidedBy, consentInForce } = smsConsentDecision({ organizationId, phoneNumber, events });

  const history: SmsConsentHistoryEntry[] = events
    .slice(-SMS_CONSENT_HISTORY_LIMIT)
    .reverse()
    .map((event) => ({
      action: event.action,
      source: event.source,
      occurredAt: event.occurredAt.toISOString(),
      consentText: event.consentText,
    }));

  return {
    allowed: state.allowed,
    reason: state.reason,
    since: state.since?.toISOString() ?? null,
    source: decidedBy?.source ?? null,
    consentText: consentInForce?.consentText?.trim() ?? null,
    phoneNumber: phoneNumber ? formatStoredPhone(phoneNumber) : null,
    agencyName: contact.organization.brandName?.trim() || contact.organization.name,
    history,
  };
}

/**
 * POST: the agent records the client's express consent (with the words agreed to) or that the client asked not
 * to be texted; then the contact's outreach is re-planned, and the new state answered. `now` from the route.
 */
export async function saveContactSmsConsent({
  db,
  organizationId,
  viewer,
  contactId,
  request,
  now,
}: {
  db: TenantDb;
  organizationId: string;
  viewer: ContactViewer;
  contactId: string;
  request: SmsConsentRequest;
  now: Date;
}): Promise<SmsConsentView> {
  const common = { organizationId, contactId, now, actorUserId: viewer.id, viewer };
  if (request.action === "consent") await recordSmsConsent({ ...common, source: "agent_recorded", text: request.text });
  else await withdrawSmsConsent(common);
  await rescheduleContactsNow({ organizationId, contactIds: [contactId], now });
  return getContactSmsConsent({ db, organizationId, viewer, contactId });
}
