import { withOrg } from "@/lib/api/handler";
import { contactIdParamsSchema } from "@/lib/contacts/contact-schema";
import {
  linkHouseholdSchema,
  type ContactHouseholdResponse,
  type SaveHouseholdResponse,
} from "@/lib/households/household-schema";
import { getContactHousehold, linkHousehold } from "@/lib/households/households";

export const dynamic = "force-dynamic";

// GET /api/contacts/{id}/household → { household }: the contact's confirmed household, else its open suggestion, else null.
export const GET = withOrg(
  async ({ db, user, organizationId, params }): Promise<ContactHouseholdResponse> => ({
    household: await getContactHousehold({ db, organizationId, viewer: user, contactId: params.id }),
  }),
  { params: contactIdParamsSchema },
);

// POST /api/contacts/{id}/household {partnerId} → { success, household }: the agent's explicit spouse/partner link (confirmed).
export const POST = withOrg(
  async ({ user, organizationId, params, body }): Promise<SaveHouseholdResponse> => ({
    success: true,
    household: await linkHousehold({
      organizationId,
      viewer: user,
      now: new Date(),
      contactId: params.id,
      partnerId: body.partnerId,
    }),
  }),
  { params: contactIdParamsSchema, body: linkHouseholdSchema },
);
