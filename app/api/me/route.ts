import { NextResponse } from "next/server";
import { AppError } from "@/lib/api/errors";
import { withPublic } from "@/lib/api/handler";
import { getCurrentAccount, mePayload } from "@/lib/auth/current-account";
import { sessionTokenFrom } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export const GET = withPublic(async ({ req }) => {
  const account = await getCurrentAccount(sessionTokenFrom(req.cookies));
  if (!account) throw new AppError("unauthorized");
  return NextResponse.json(await mePayload(account), { headers: { "cache-control": "no-store" } });
});
