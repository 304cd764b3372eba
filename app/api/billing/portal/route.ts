import { withOrg } from "@/lib/api/handler";
import { createBillingPortalSession } from "@/lib/billing/billing-account";

export const POST = withOrg(
  ({ organizationId, user }) => createBillingPortalSession({ organizationId, viewer: user }),
  { roles: ["admin"] },
);
