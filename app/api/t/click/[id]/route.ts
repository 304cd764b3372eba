import { NextResponse } from "next/server";
import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { recordEmailClick } from "@/lib/tracking/email-tracking";

export const dynamic = "force-dynamic";

/**
 * GET /api/t/click/{scheduledEmailId}.{signature}?u=<this app's /compare|/schedule|/eligibility URL>: record
 * (only when the signature is the one we signed for this id and target), then redirect.
 */
export const GET = withPublic(
  async ({ params, query, req }) => {
    const { location } = await recordEmailClick({
      id: params.id,
      target: query.u,
      now: new Date(),
      userAgent: req.headers.get("user-agent"),
    });
    return NextResponse.redirect(location, {
      status: 302,
      headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" },
    });
  },
  {
    params: z.object({ id: z.string().max(100) }),
    query: z.object({ u: z.string().max(2000).optional() }),
    rateLimit: { name: "email-click", limit: 120, windowSeconds: 600 },
  },
);
