import { NextResponse } from "next/server";
import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { checkoutRedirectUrl } from "@/lib/billing/checkout";

export const GET = withOrg(
  async ({ organizationId, query }) =>
    NextResponse.redirect(await checkoutRedirectUrl({ organizationId, sessionId: query.session_id }), 303),
  {
    query: z.object({ session_id: z.string().min(1).max(200) }),
  },
);
