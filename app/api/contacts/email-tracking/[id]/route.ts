import { withOrg } from "@/lib/api/handler";
import { listEmailTracking } from "@/lib/contacts/contact-activity";
import { contactIdParamsSchema } from "@/lib/contacts/contact-schema";

export const dynamic = "force-dynamic";

// GET /api/contacts/email-tracking/{contactId} → { trackingRecords } (email_type, scheduled_date, send_status, send_mode; newest first).
export const GET = withOrg(
  async ({ db, user, organizationId, params }) => ({
    trackingRecords: await listEmailTracking({ db, organizationId, viewer: user, contactId: params.id }),
  }),
  { params: contactIdParamsSchema },
);
