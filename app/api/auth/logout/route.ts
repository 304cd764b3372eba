import { NextResponse } from "next/server";
import { withPublic } from "@/lib/api/handler";
import { SESSION_COOKIE_NAMES, sessionTokenFrom } from "@/lib/auth/session";
import { endSession } from "@/lib/auth/verify-login";

export const POST = withPublic(async ({ req }) => {
  await endSession(sessionTokenFrom(req.cookies));
  const res = NextResponse.json({ success: true });
  for (const name of SESSION_COOKIE_NAMES) res.cookies.delete(name);
  return res;
});
