import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { householdIdParamsSchema, type SaveHouseholdResponse } from "@/lib/households/household-schema";
import { dismissHousehold } from "@/lib/households/households";

export const dynamic = "force-dynamic";

// POST /api/households/{id}/dismiss → { success, household }: undo a suggestion, a confirmed pairing or an explicit link.
export const POST = withOrg(
  async ({ user, organizationId, params }): Promise<SaveHouseholdResponse> => ({
    success: true,
    household: await dismissHousehold({ organizationId, viewer: user, now: new Date(), householdId: params.id }),
  }),
  { params: householdIdParamsSchema, body: z.object({}) },
);
