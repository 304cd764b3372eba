import { withOrg } from "@/lib/api/handler";
import { completePayment, paymentCompleteSchema } from "@/lib/billing/checkout";

export const POST = withOrg(({ organizationId, body }) => completePayment({ organizationId, input: body }), {
  body: paymentCompleteSchema,
  roles: ["admin"],
});
