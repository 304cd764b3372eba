import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import {
  contactIdParamsSchema,
  updateContactQuerySchema,
  type SaveContactResponse,
} from "@/lib/contacts/contact-schema";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { getContactDetail } from "@/lib/contacts/get-contact";
import { updateContact } from "@/lib/contacts/update-contact";

export const dynamic = "force-dynamic";

// GET /api/contacts/{id} → the contact (with agent and contactOwner). Agents see only their own contacts (others: 404).
export const GET = withOrg(
  ({ db, user, organizationId, params }) => getContactDetail({ db, organizationId, viewer: user, id: params.id }),
  {
    params: contactIdParamsSchema,
  },
);

// PUT /api/contacts/{id}[?zip_update=true] {firstName, lastName, email, phoneNumber, zipCode, countyFips, gender, tobaccoUser,
// birthDate, effectiveDate, currentCarrier, planType, contactOwnerId, agentId} → { success, contact }.
// The body is validated by the service so that the answer carries the spec's message ("Invalid birth date format", …).
export const PUT = withOrg(
  async ({ user, organizationId, params, query, body }): Promise<SaveContactResponse> => ({
    success: true,
    contact: await updateContact({
      organizationId,
      viewer: user,
      id: params.id,
      input: body,
      zipUpdate: query.zip_update,
    }),
  }),
  { params: contactIdParamsSchema, query: updateContactQuerySchema, body: z.unknown() },
);

// DELETE /api/contacts/{id} → { success, deleted_ids, message }.
export const DELETE = withOrg(
  ({ user, organizationId, params }) => deleteContact({ organizationId, viewer: user, id: params.id }),
  {
    params: contactIdParamsSchema,
  },
);
