import { NextResponse } from "next/server";
import { withPublic } from "@/lib/api/handler";
import { getCurrentAccount, sessionPayload } from "@/lib/auth/current-account";
import { sessionTokenFrom } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export const GET = withPublic(async ({ req }) =>
  NextResponse.json(sessionPayload(await getCurrentAccount(sessionTokenFrom(req.cookies))), {
    headers: { "cache-control": "no-store" },
  }),
);
