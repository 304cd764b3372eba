import { withOrg } from "@/lib/api/handler";
import { listScheduledEmails } from "@/lib/contacts/contact-activity";
import { contactIdParamsSchema } from "@/lib/contacts/contact-schema";

export const dynamic = "force-dynamic";

// GET /api/contacts/{id}/scheduled-emails → { scheduledEmails } (pending, next 90 days, soonest first).
export const GET = withOrg(
  async ({ db, user, organizationId, params }) => ({
    scheduledEmails: await listScheduledEmails({
      db,
      organizationId,
      viewer: user,
      contactId: params.id,
      now: new Date(),
    }),
  }),
  { params: contactIdParamsSchema },
);
