import { withOrg } from "@/lib/api/handler";
import { getContactEligibility } from "@/lib/contacts/contact-activity";
import { contactIdParamsSchema } from "@/lib/contacts/contact-schema";

export const dynamic = "force-dynamic";

// GET /api/contacts/{id}/eligibility → { status, answers, hasConditions, completedAt } (nulls when never completed).
export const GET = withOrg(
  ({ db, user, organizationId, params }) =>
    getContactEligibility({ db, organizationId, viewer: user, contactId: params.id }),
  {
    params: contactIdParamsSchema,
  },
);
