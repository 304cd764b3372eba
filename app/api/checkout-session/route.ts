import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { checkoutSessionDetails } from "@/lib/billing/checkout";

export const GET = withOrg(
  ({ organizationId, query }) => checkoutSessionDetails({ organizationId, clientSecret: query.clientSecret }),
  {
    query: z.object({ clientSecret: z.string().min(1).max(300) }),
  },
);
