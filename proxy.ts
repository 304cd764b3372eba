import { NextResponse, type NextRequest } from "next/server";
import { isDecodablePath, undecodablePathResponse } from "@/lib/api/path-encoding";
import { isSignedInArea, stageRedirect, type StageFacts } from "@/lib/auth/account-stage";
import { sessionTokenFrom } from "@/lib/auth/session";
import { clearSessionCookies } from "@/lib/auth/session-cookie";
import { getSessionStageFacts } from "@/lib/auth/session-stage";
import { hasDevToolsAccess, isDevAccessPageOpen } from "@/lib/dev-tools/dev-access";

/**
 * Account-stage redirects before a signed-in page renders (agency-side.md §2, "Post-login destination"):
 * the stage table of lib/auth/account-stage.ts, applied with the database's answer for the session
 * cookie (one indexed query, lib/auth/session-stage.ts). Next 16 runs proxy on the Node.js runtime, so
 * it shares the app's database client. This saves rendering a page only to redirect; it is not the wall:
 * every page checks again (requirePageAccount) and every API route in its wrapper. API routes are not
 * matched: they answer 401/403 in the error shape, never a redirect.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  // Not valid percent-encoding ("%ff%fe"): Next's router would answer a plain-text 500 (lib/api/path-encoding.ts).
  if (!isDecodablePath(pathname)) return undecodablePathResponse(request);
  if (pathname === "/dev" || pathname.startsWith("/dev/")) return devToolsGate(request);
  // Public pages (home, pricing, login, consumer pages…) never cost a lookup.
  if (!isSignedInArea(pathname)) return NextResponse.next();
  const started = performance.now();
  const sessionToken = sessionTokenFrom(request.cookies);
  let facts: StageFacts | null = null;
  if (sessionToken) {
    try {
      facts = await getSessionStageFacts(sessionToken, new Date());
    } catch (error) {
      // The database is unreachable (or the lookup failed some other way): let the request through so the
      // page decides with its own check and error screen, rather than make the proxy a 500 on every page.
      console.error(JSON.stringify({ level: "error", event: "proxy_stage_lookup_failed", path: pathname, error: error instanceof Error ? error.name : "UnknownError" }));
      return NextResponse.next();
    }
  }
  const target = stageRedirect(pathname, facts);
  const response = target ? NextResponse.redirect(new URL(target, request.url)) : NextResponse.next();
  // A cookie whose session is unknown, expired or deactivated is not trusted again: the browser drops it.
  if (sessionToken && !facts) clearSessionCookies(response);
  // What the proxy added to this navigation, for the browser's devtools and bench/proxy.ts.
  response.headers.set("Server-Timing", `proxy;dur=${(performance.now() - started).toFixed(2)}`);
  return response;
}

/**
 * The development pages (outbox, access) for whoever may use them (lib/dev-tools); for anyone else the
 * path does not exist: a real 404 status, decided before the page streams (the pages check again).
 */
async function devToolsGate(request: NextRequest) {
  const open = request.nextUrl.pathname === "/dev/access" ? isDevAccessPageOpen() : await hasDevToolsAccess(request);
  if (open) return NextResponse.next();
  return NextResponse.rewrite(new URL("/_not-found", request.url), { status: 404 });
}

// Pages only: API routes answer for themselves; build output, image optimisation and public files
// (anything ending in a file extension) never need a stage. The second entry: API paths holding a "%", so
// that one that does not decode gets an answer in the error shape (the others pass straight through).
export const config = { matcher: ["/((?!api(?:/|$)|_next/static|_next/image|favicon\\.ico|.*\\.[A-Za-z0-9]+$).*)", "/api/:path(.*%.*)"] };
