import { NextResponse } from "next/server";
import { withPublic } from "@/lib/api/handler";
import { sessionTokenFrom } from "@/lib/auth/session";
import { clearSessionCookies } from "@/lib/auth/session-cookie";
import { endSession } from "@/lib/auth/verify-login";

export const POST = withPublic(async ({ req }) => {
  await endSession(sessionTokenFrom(req.cookies));
  const res = NextResponse.json({ success: true });
  clearSessionCookies(res);
  return res;
});
