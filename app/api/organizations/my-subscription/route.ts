import { withOrg } from "@/lib/api/handler";
import { getOrganizationSubscription } from "@/lib/billing/subscription";

export const GET = withOrg(({ organizationId }) => getOrganizationSubscription({ organizationId }));
