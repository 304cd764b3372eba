import { withOrg } from "@/lib/api/handler";
import { subscriptionStatus } from "@/lib/billing/checkout";

export const GET = withOrg(({ organizationId }) => subscriptionStatus({ organizationId }));
