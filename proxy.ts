import { randomBytes } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { isDecodablePath, undecodablePathResponse } from "@/lib/api/path-encoding";
import { isSignedInArea, stageRedirect, type StageFacts } from "@/lib/auth/account-stage";
import { sessionTokenFrom } from "@/lib/auth/session";
import { clearSessionCookies } from "@/lib/auth/session-cookie";
import { getSessionStageFacts } from "@/lib/auth/session-stage";
import { hasDevToolsAccess, isDevAccessPageOpen } from "@/lib/dev-tools/dev-access";
import { securityFacts } from "@/lib/security/security-facts";
import { pageSecurityHeaders } from "@/lib/security/security-headers";

/**
 * Every page answer, before it renders: its security headers (a Content-Security-Policy with a nonce
 * of its own, Next's documented recipe: the nonce goes to the renderer in the request's
 * Content-Security-Policy header, which Next reads to put it on its scripts; docs/security.md), then
 * the development pages' gate and the account-stage redirects.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === "/api" || pathname.startsWith("/api/"))
    return isDecodablePath(pathname) ? NextResponse.next() : undecodablePathResponse(request);
  const nonce = randomBytes(16).toString("base64");
  const headers = pageSecurityHeaders({ pathname: request.nextUrl.pathname, nonce, facts: securityFacts() });
  const forwarded = new Headers(request.headers);
  forwarded.set("x-nonce", nonce);
  forwarded.set("content-security-policy", headers["Content-Security-Policy"]);
  const response = await route(request, forwarded);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * Account-stage redirects before a signed-in page renders (agency-side.md §2, "Post-login destination"):
 * the stage table of lib/auth/account-stage.ts, applied with the database's answer for the session
 * cookie (one indexed query, lib/auth/session-stage.ts). Next 16 runs proxy on the Node.js runtime, so
 * it shares the app's database client. This saves rendering a page only to redirect; it is not the wall:
 * every page checks again (requirePageAccount) and every API route in its wrapper. API routes are not
 * matched: they answer 401/403 in the error shape, never a redirect.
 */
async function route(request: NextRequest, forwarded: Headers) {
  const { pathname } = request.nextUrl;
  const next = () => NextResponse.next({ request: { headers: forwarded } });
  // Not valid percent-encoding ("%ff%fe"): Next's router would answer a plain-text 500 (lib/api/path-encoding.ts).
  if (!isDecodablePath(pathname)) return undecodablePathResponse(request, forwarded);
  if (pathname === "/dev" || pathname.startsWith("/dev/")) return devToolsGate(request, forwarded);
  // Public pages (home, pricing, login, consumer pages…) never cost a lookup.
  if (!isSignedInArea(pathname)) return next();
  const started = performance.now();
  const sessionToken = sessionTokenFrom(request.cookies);
  let facts: StageFacts | null = null;
  if (sessionToken) {
    try {
      facts = await getSessionStageFacts(sessionToken, new Date());
    } catch (error) {
      // The database is unreachable (or the lookup failed some other way): let the request through so the
      // page decides with its own check and error screen, rather than make the proxy a 500 on every page.
      console.error(
        JSON.stringify({
          level: "error",
          event: "proxy_stage_lookup_failed",
          path: pathname,
          error: error instanceof Error ? error.name : "UnknownError",
        }),
      );
      return next();
    }
  }
  const target = stageRedirect(pathname, facts);
  const response = target ? NextResponse.redirect(new URL(target, request.url)) : next();
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
async function devToolsGate(request: NextRequest, forwarded: Headers) {
  const open = request.nextUrl.pathname === "/dev/access" ? isDevAccessPageOpen() : await hasDevToolsAccess(request);
  if (open) return NextResponse.next({ request: { headers: forwarded } });
  return NextResponse.rewrite(new URL("/_not-found", request.url), { status: 404, request: { headers: forwarded } });
}

// Pages: API routes answer for themselves (the one wrapper sets their headers); build output, image
// optimisation and public files (anything ending in a file extension) never need a stage or a nonce
// (next.config.ts gives them nosniff). The second entry: API paths holding a "%", so that one that does
// not decode gets an answer in the error shape (the others pass straight through, see proxy()).
export const config = {
  matcher: ["/((?!api(?:/|$)|_next/static|_next/image|favicon\\.ico|.*\\.[A-Za-z0-9]+$).*)", "/api/:path(.*%.*)"],
};
