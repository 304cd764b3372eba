import { withOrg } from "@/lib/api/handler";
import { getPaymentMethod } from "@/lib/billing/billing-account";

export const GET = withOrg(({ organizationId, user }) => getPaymentMethod({ organizationId, viewer: user }));
