import { withOrg } from "@/lib/api/handler";
import { choosePlan, choosePlanSchema } from "@/lib/billing/choose-plan";

export const POST = withOrg(({ body, organizationId }) => choosePlan({ organizationId, ...body }), {
  body: choosePlanSchema,
  roles: ["admin"],
});
