import { getEnv } from "@/lib/env";
import { SESSION_COOKIE_NAMES } from "@/lib/auth/session-names";

/**
 * Auth.js's session cookie: "__Secure-authjs.session-token" on https, "authjs.session-token" on http
 * (lib/auth/session.ts reads either). HttpOnly, SameSite=Lax.
 */
export function sessionCookieName(): string {
  return getEnv().appUrl.startsWith("https://") ? "__Secure-authjs.session-token" : "authjs.session-token";
}

export function sessionCookieOptions(expires: Date) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: getEnv().appUrl.startsWith("https://"),
    path: "/",
    expires,
  };
}

/**
 * Expires both session cookies on `response` (logout, or a session the database no longer knows).
 * Path "/" like the cookie that was set; a `__Secure-` cookie is only replaced by a Secure one.
 */
export function clearSessionCookies(response: {
  cookies: { delete(cookie: { name: string; path: string; secure: boolean }): unknown };
}) {
  for (const name of SESSION_COOKIE_NAMES)
    response.cookies.delete({ name, path: "/", secure: name.startsWith("__Secure-") });
}
