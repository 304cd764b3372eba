import { withOrg } from "@/lib/api/handler";
import { listInvoices } from "@/lib/billing/billing-account";

export const GET = withOrg(({ organizationId, user }) => listInvoices({ organizationId, viewer: user }));
