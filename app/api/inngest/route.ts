import { NextResponse, type NextRequest } from "next/server";
import { serve } from "inngest/next";
import { getEnv } from "@/lib/env";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

/**
 * Inngest calls the functions here (requests signed with INNGEST_SIGNING_KEY). In embedded mode
 * (no Inngest keys, INNGEST_DEV unset) the in-process ticker does the work and this route does not
 * exist, rather than answering Inngest's own "no signing key" error.
 */
const handlers = serve({ client: inngest, functions });
type Handler = (req: NextRequest, ctx: unknown) => Promise<Response>;
const enabled = () => getEnv().parts.jobs === "inngest" || getEnv().inngest.dev;
const notFound = () => NextResponse.json({ error: { code: "not_found", message: "Not found." } }, { status: 404 });
const guard =
  (handler: unknown): Handler =>
  (req, ctx) =>
    enabled() ? (handler as Handler)(req, ctx) : Promise.resolve(notFound());

export const GET = guard(handlers.GET);
export const POST = guard(handlers.POST);
export const PUT = guard(handlers.PUT);
