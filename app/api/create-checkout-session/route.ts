import { withOrg } from "@/lib/api/handler";
import { createEmbeddedCheckoutSession, embeddedCheckoutSchema } from "@/lib/billing/checkout";

export const POST = withOrg(
  ({ organizationId, body }) => createEmbeddedCheckoutSession({ organizationId, input: body }),
  { body: embeddedCheckoutSchema, roles: ["admin"] },
);
