import { NextResponse } from "next/server";
import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { unsubscribeByToken } from "@/lib/consent/unsubscribe";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

const querySchema = z.object({ t: z.string().max(200).optional() });
// Mail providers POST one-click unsubscribes from a few shared addresses: a generous per-address limit.
const rateLimit = { name: "unsubscribe", limit: 120, windowSeconds: 600 };

/**
 * POST /api/unsubscribe?t=<token>: RFC 8058 one-click (body "List-Unsubscribe=One-Click", sent by the
 * mail client) or the confirm button of /unsubscribe. Either way the contact is unsubscribed at once.
 * RFC 8058 posts a form (multipart or urlencoded), so this call accepts those besides JSON; the Origin
 * rule still applies (a mail provider's server sends no Origin; another site's page would).
 */
export const POST = withPublic(
  async ({ req, query }) => {
    const body = (await req.text()).slice(0, 1000);
    return unsubscribeByToken({
      token: query.t,
      source: body.includes("List-Unsubscribe=One-Click") ? "one_click" : "link",
      now: new Date(),
    });
  },
  { query: querySchema, rateLimit, acceptBodyTypes: ["application/x-www-form-urlencoded", "multipart/form-data"] },
);

/** GET never unsubscribes (link scanners prefetch URLs): it leads to the confirmation page. */
export const GET = withPublic(
  async ({ query }) =>
    NextResponse.redirect(`${getEnv().appUrl}/unsubscribe${query.t ? `?t=${encodeURIComponent(query.t)}` : ""}`, 303),
  {
    query: querySchema,
  },
);
