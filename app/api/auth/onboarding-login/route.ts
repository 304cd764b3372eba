import { NextResponse } from "next/server";
import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { ONBOARDING_COOKIE, redeemOnboardingToken } from "@/lib/auth/onboarding-session";
import { sessionCookieName, sessionCookieOptions } from "@/lib/auth/session-cookie";

export const POST = withPublic(
  async ({ req, body }) => {
    const { sessionToken, expires } = await redeemOnboardingToken({ token: req.cookies.get(ONBOARDING_COOKIE)?.value, email: body.emailRaw, now: new Date() });
    const res = NextResponse.json({ success: true });
    res.cookies.set(sessionCookieName(), sessionToken, sessionCookieOptions(expires));
    res.cookies.delete(ONBOARDING_COOKIE);
    return res;
  },
  { body: z.object({ emailRaw: z.email().transform((e) => e.trim().toLowerCase()) }), rateLimit: { name: "onboarding-login", limit: 20, windowSeconds: 3600 } },
);
