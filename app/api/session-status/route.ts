import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { checkoutSessionStatus } from "@/lib/billing/checkout";

export const GET = withOrg(
  ({ organizationId, query }) => checkoutSessionStatus({ organizationId, sessionId: query.session_id }),
  {
    query: z.object({ session_id: z.string().min(1).max(200) }),
  },
);
