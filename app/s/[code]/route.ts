import { NextResponse } from "next/server";
import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { shortLinkTarget } from "@/lib/sms/short-links";

export const dynamic = "force-dynamic";

/** GET /s/{code}: a text message's short quote link (lib/sms/short-links.ts) → the click tracker → the quote page. */
export const GET = withPublic(
  async ({ params }) =>
    NextResponse.redirect(await shortLinkTarget({ code: params.code, now: new Date() }), {
      status: 302,
      headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" },
    }),
  {
    params: z.object({ code: z.string().max(40) }),
    // Codes are about 59 bits; the limit keeps guessing out of reach and the lookups cheap.
    rateLimit: { name: "short-link", limit: 120, windowSeconds: 600 },
  },
);
