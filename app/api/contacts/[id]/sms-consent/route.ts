import { withOrg } from "@/lib/api/handler";
import { contactIdParamsSchema } from "@/lib/contacts/contact-schema";
import { getContactSmsConsent, saveContactSmsConsent } from "@/lib/sms/contact-sms-consent";
import { smsConsentRequestSchema, type SmsConsentView } from "@/lib/sms/sms-consent-schema";

export const dynamic = "force-dynamic";

// GET /api/contacts/{id}/sms-consent → { allowed, reason, since, source, consentText, phoneNumber, agencyName, history }:
// may the contact's current number be texted, and why. Agents see only their own contacts (others: 404).
export const GET = withOrg(
  ({ db, user, organizationId, params }): Promise<SmsConsentView> =>
    getContactSmsConsent({ db, organizationId, viewer: user, contactId: params.id }),
  { params: contactIdParamsSchema },
);

// POST /api/contacts/{id}/sms-consent {action: "consent", text} | {action: "withdraw"} → { success, consent }:
// the client's express consent with the words agreed to, or their request not to be texted; re-plans outreach.
export const POST = withOrg(
  async ({ db, user, organizationId, params, body }): Promise<{ success: true; consent: SmsConsentView }> => ({
    success: true,
    consent: await saveContactSmsConsent({
      db,
      organizationId,
      viewer: user,
      contactId: params.id,
      request: body,
      now: new Date(),
    }),
  }),
  { params: contactIdParamsSchema, body: smsConsentRequestSchema },
);
