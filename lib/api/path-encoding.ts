import { NextResponse, type NextRequest } from "next/server";
import { AppError } from "@/lib/api/errors";

/**
 * Paths that are not valid percent-encoding. "/api/contacts/%ff%fe" is not UTF-8: Next's router throws
 * while it decodes the dynamic segment, before any route handler (and so before the wrapper) runs, and
 * answers a plain-text 500. proxy.ts sees such a path first and answers it here instead.
 */

export const UNDECODABLE_PATH_MESSAGE = "The request path is not valid URL encoding.";

/** Whether the raw (still percent-encoded) path decodes. */
export function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * An API path: 400 in the one error shape. A page: the 404 page with a real 404 status (`forwarded`: the
 * request headers proxy.ts hands the renderer, with the page's CSP nonce).
 */
export function undecodablePathResponse(request: NextRequest, forwarded?: Headers): NextResponse {
  const { pathname } = request.nextUrl;
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    return NextResponse.json(new AppError("bad_request", UNDECODABLE_PATH_MESSAGE).toBody(), {
      status: 400,
      headers: { "cache-control": "no-store" },
    });
  }
  return NextResponse.rewrite(new URL("/_not-found", request.url), {
    status: 404,
    ...(forwarded ? { request: { headers: forwarded } } : {}),
  });
}
