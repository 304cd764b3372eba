import { withOrg } from "@/lib/api/handler";
import { paymentStatus } from "@/lib/billing/checkout";

export const GET = withOrg(({ organizationId }) => paymentStatus({ organizationId }));
