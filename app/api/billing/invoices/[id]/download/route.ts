import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { invoiceDownloadUrl } from "@/lib/billing/billing-account";

export const GET = withOrg(
  ({ organizationId, user, params }) => invoiceDownloadUrl({ organizationId, viewer: user, invoiceId: params.id }),
  {
    params: z.object({ id: z.string().regex(/^in_[A-Za-z0-9_]+$/) }),
  },
);
