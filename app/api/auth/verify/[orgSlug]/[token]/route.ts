import { NextResponse } from "next/server";
import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import type { VerifyLoginResponse } from "@/lib/auth/login-schema";
import { sessionCookieName, sessionCookieOptions } from "@/lib/auth/session-cookie";
import { verifyLoginLink } from "@/lib/auth/verify-login";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ orgSlug: z.string().min(1).max(200), token: z.string().regex(/^[0-9a-f]{16,128}$/i) });

// POST, though the spec lists a GET: consuming the link starts a session, and no GET changes state
// (docs/security.md, "CSRF": a GET from another site could sign the visitor in to someone else's account).
export const POST = withPublic(
  async ({ params }) => {
    const { sessionToken, expires, email, orgSlug, redirectUrl } = await verifyLoginLink({
      orgSlug: params.orgSlug,
      token: params.token,
      now: new Date(),
    });
    const res = NextResponse.json({
      success: true,
      redirectUrl,
      session: { expires: expires.toISOString() },
      email,
      orgSlug,
    } satisfies VerifyLoginResponse);
    res.cookies.set(sessionCookieName(), sessionToken, sessionCookieOptions(expires));
    res.headers.set("cache-control", "no-store");
    return res;
  },
  { params: paramsSchema, rateLimit: { name: "verify-link", limit: 30, windowSeconds: 15 * 60 } },
);
