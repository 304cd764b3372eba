import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { householdIdParamsSchema, type SaveHouseholdResponse } from "@/lib/households/household-schema";
import { confirmHousehold } from "@/lib/households/households";

export const dynamic = "force-dynamic";

// POST /api/households/{id}/confirm → { success, household }: the agent confirms a suggested pairing.
export const POST = withOrg(
  async ({ user, organizationId, params }): Promise<SaveHouseholdResponse> => ({
    success: true,
    household: await confirmHousehold({ organizationId, viewer: user, now: new Date(), householdId: params.id }),
  }),
  { params: householdIdParamsSchema, body: z.object({}) },
);
