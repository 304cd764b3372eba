import { getEnv } from "@/lib/env";

/**
 * Auth.js's session cookie: "__Secure-authjs.session-token" on https, "authjs.session-token" on http
 * (lib/auth/session.ts reads either). HttpOnly, SameSite=Lax.
 */
export function sessionCookieName(): string {
  return getEnv().appUrl.startsWith("https://") ? "__Secure-authjs.session-token" : "authjs.session-token";
}

export function sessionCookieOptions(expires: Date) {
  return { httpOnly: true, sameSite: "lax" as const, secure: getEnv().appUrl.startsWith("https://"), path: "/", expires };
}
