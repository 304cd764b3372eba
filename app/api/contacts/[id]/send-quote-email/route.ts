import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { contactIdParamsSchema } from "@/lib/contacts/contact-schema";
import { sendQuoteEmail } from "@/lib/quotes/send-quote-email";

export const dynamic = "force-dynamic";

// POST /api/contacts/{id}/send-quote-email {orgId?} → { success, message, trackingRecord }. The organization comes from the
// session, never from the body (orgId is accepted and ignored). Trial: the email goes to the sending agent.
export const POST = withOrg(
  ({ user, organizationId, params }) =>
    sendQuoteEmail({ organizationId, viewer: user, contactId: params.id, now: new Date() }),
  { params: contactIdParamsSchema, body: z.object({ orgId: z.unknown().optional() }) },
);
