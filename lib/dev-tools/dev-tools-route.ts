import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { AppError } from "@/lib/api/errors";
import { hasDevToolsAccess } from "@/lib/dev-tools/dev-access";
import { getEnv } from "@/lib/env";
import type { DevAccessResponse } from "@/lib/dev-tools/dev-access-schema";
import { DEV_ACCESS_COOKIE, devAccessCookieValue, presentsValidKey } from "@/lib/dev-tools/dev-access-rule";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type RouteHandler = (req: NextRequest, ctx?: RouteContext) => Promise<Response>;

const notFound = () => NextResponse.json(AppError.notFound().toBody(), { status: 404 });

/**
 * Every /api/dev/* handler goes through this: without dev-tools access (lib/dev-tools/dev-access-rule.ts)
 * the call does not exist, a 404 before any sign-in check, so it says nothing about what is behind it.
 */
export function devToolsOnly(handler: RouteHandler): RouteHandler {
  return async (req, ctx) => ((await hasDevToolsAccess(req)) ? handler(req, ctx) : notFound());
}

const ACCESS_COOKIE_SECONDS = 8 * 60 * 60;

/**
 * POST /api/dev/access {key}: the right key sets the access cookie (an HMAC of the key, httpOnly, 8 hours)
 * for /dev/outbox on a preview. A wrong key, production, or no key configured: 404, the same answer.
 */
export function grantDevAccess({ key }: { key: string }): Response {
  const env = getEnv();
  if (env.isProduction || !env.outboxAccessKey) return notFound();
  if (
    !presentsValidKey({
      accessKey: env.outboxAccessKey,
      presentedKey: key,
      presentedCookie: null,
      cookieSecret: env.authSecret,
    })
  )
    return notFound();
  const response = NextResponse.json({ success: true, redirectTo: "/dev/outbox" } satisfies DevAccessResponse);
  response.cookies.set(DEV_ACCESS_COOKIE, devAccessCookieValue(env.outboxAccessKey, env.authSecret), {
    httpOnly: true,
    sameSite: "strict",
    secure: env.appUrl.startsWith("https://"),
    path: "/",
    maxAge: ACCESS_COOKIE_SECONDS,
  });
  return response;
}
