import { withOrg } from "@/lib/api/handler";
import { createRedirectCheckoutSession, legacyCheckoutSchema } from "@/lib/billing/checkout";

export const POST = withOrg(
  ({ organizationId, user, body }) =>
    createRedirectCheckoutSession({ organizationId, input: body, customerEmail: user.email }),
  {
    body: legacyCheckoutSchema,
    roles: ["admin"],
  },
);
