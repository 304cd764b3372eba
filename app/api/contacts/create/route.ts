import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { createContact } from "@/lib/contacts/create-contact";
import type { SaveContactResponse } from "@/lib/contacts/contact-schema";

export const dynamic = "force-dynamic";

// POST /api/contacts/create {firstName, lastName, email, phoneNumber, zipCode, countyFips, gender, tobaccoUser, birthDate,
// effectiveDate, currentCarrier, planType, agentId, contactOwnerId} → { success, contact }. No agentId: the default agent
// (an agent who is not an admin: themselves). The body is validated by the service (the spec's messages).
export const POST = withOrg(
  async ({ user, organizationId, body }): Promise<SaveContactResponse> => ({
    success: true,
    contact: await createContact({ organizationId, viewer: user, input: body }),
  }),
  {
    body: z.unknown(),
  },
);
