import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import {
  getOrganizationSubscription,
  subscriptionChangeSchema,
  updateOrganizationSubscription,
} from "@/lib/billing/subscription";

// One dynamic segment serves both spellings of §7: GET /api/organizations/{id}/subscription and
// PUT /api/organizations/{slug}/subscription (Next.js allows one parameter name per level).
const params = z.object({ orgId: z.string().min(1).max(100) });

export const GET = withOrg(
  ({ organizationId, params: { orgId } }) => getOrganizationSubscription({ organizationId, requestedId: orgId }),
  { params },
);

export const PUT = withOrg(
  ({ organizationId, params: { orgId }, body }) =>
    updateOrganizationSubscription({ organizationId, slug: orgId, change: body }),
  {
    params,
    body: subscriptionChangeSchema,
    roles: ["admin"],
  },
);
