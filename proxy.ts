import { NextResponse, type NextRequest } from "next/server";
import { isSignedInArea } from "@/lib/auth/account-stage";
import { SESSION_COOKIE_NAMES } from "@/lib/auth/session-names";

/**
 * Coarse redirects only: a visitor with no session cookie who opens a signed-in page goes to /login
 * without rendering it. Whether the session is valid, the account stage and the role are checked again
 * by every page and API route (lib/auth/page-guard.ts, lib/api/handler.ts).
 */
export function proxy(request: NextRequest) {
  const hasSessionCookie = SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name));
  if (!hasSessionCookie && isSignedInArea(request.nextUrl.pathname)) {
    return NextResponse.redirect(new URL("/login", request.url));
  }
  return NextResponse.next();
}

export const config = { matcher: ["/((?!api|_next/static|_next/image|favicon.ico).*)"] };
