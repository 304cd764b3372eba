import { withOrg } from "@/lib/api/handler";
import { listFollowUps } from "@/lib/contacts/contact-activity";
import { contactIdParamsSchema } from "@/lib/contacts/contact-schema";

export const dynamic = "force-dynamic";

// GET /api/contacts/{id}/follow-ups → { followUps } (newest first).
export const GET = withOrg(
  async ({ db, user, organizationId, params }) => ({
    followUps: await listFollowUps({ db, organizationId, viewer: user, contactId: params.id }),
  }),
  { params: contactIdParamsSchema },
);
