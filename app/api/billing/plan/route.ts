import { withOrg } from "@/lib/api/handler";
import { getBillingPlan } from "@/lib/billing/billing-account";

export const GET = withOrg(({ organizationId, user }) => getBillingPlan({ organizationId, viewer: user }));
