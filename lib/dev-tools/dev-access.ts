import "server-only";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { getSessionUser, sessionTokenFrom, type CookieReader } from "@/lib/auth/session";
import {
  canUseDevTools,
  DEV_ACCESS_COOKIE,
  DEV_ACCESS_HEADER,
  type DevAccessFacts,
} from "@/lib/dev-tools/dev-access-rule";

/** What the dev-tools rule needs of a request: a page passes next/headers' headers() and cookies(), a route its NextRequest. */
export type DevToolsRequest = { headers: Pick<Headers, "get" | "has">; cookies: CookieReader };

function devAccessFacts(request: DevToolsRequest): DevAccessFacts {
  const env = getEnv();
  return {
    isProduction: env.isProduction,
    servedLocally: env.servedLocally,
    host: request.headers.get("host"),
    forwardedFor: request.headers.get("x-forwarded-for"),
    hasForwardedHeader: request.headers.has("forwarded"),
    accessKey: env.outboxAccessKey,
    presentedKey: request.headers.get(DEV_ACCESS_HEADER),
    presentedCookie: request.cookies.get(DEV_ACCESS_COOKIE)?.value ?? null,
    cookieSecret: env.authSecret,
    isSampleAgencyAdmin: false,
  };
}

async function isSampleAgencyAdmin(cookies: CookieReader): Promise<boolean> {
  const user = await getSessionUser(sessionTokenFrom(cookies));
  if (!user?.isAdmin) return false;
  const org = await prisma.organization.findUnique({
    where: { id: user.organizationId },
    select: { isSampleData: true },
  });
  return org?.isSampleData === true;
}

/** /dev/access (where a reviewer enters OUTBOX_ACCESS_KEY) exists only where such a key is configured, never in production. */
export function isDevAccessPageOpen(): boolean {
  const env = getEnv();
  return !env.isProduction && !!env.outboxAccessKey;
}

/** Whether this request may use the development tools (lib/dev-tools/dev-access-rule.ts says who). */
export async function hasDevToolsAccess(request: DevToolsRequest): Promise<boolean> {
  const facts = devAccessFacts(request);
  if (facts.isProduction) return false;
  if (canUseDevTools(facts)) return true;
  // The database is asked only when nothing cheaper already decided.
  return canUseDevTools({ ...facts, isSampleAgencyAdmin: await isSampleAgencyAdmin(request.cookies) });
}
