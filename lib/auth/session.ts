import "server-only";
import { prisma } from "@/lib/db";
import { SESSION_COOKIE_NAMES } from "@/lib/auth/session-names";
import { SessionCache } from "@/lib/auth/session-cache";

/**
 * Who is calling. Sessions are Auth.js database sessions: the cookie holds a session token and the
 * `sessions` table says whose it is. The user's organization and role always come from the database,
 * never from the request (architecture.md rule 2).
 */

export { SESSION_COOKIE_NAMES };

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  organizationId: string;
  isAdmin: boolean;
  isAgent: boolean;
  /** The billing flag: billing plan, invoices and payment method are shown and answered only with it. */
  canManageBilling: boolean;
};

export type CookieReader = { get(name: string): { value: string } | undefined };

export function sessionTokenFrom(cookies: CookieReader): string | undefined {
  for (const name of SESSION_COOKIE_NAMES) {
    const value = cookies.get(name)?.value;
    if (value) return value;
  }
  return undefined;
}

/**
 * How long a looked-up session is remembered in this process, and how many at most. Seconds, not minutes:
 * long enough that a page's burst of API calls and a busy agent's next click skip the database, short
 * enough that a sign-out or deactivation in another process is honoured almost at once
 * (docs/security.md, "Session lookups cached for seconds"). 10,000 entries are a few MB.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

// On globalThis, like the Prisma client: Next.js may load this module once per route bundle, and a
// sign-out (POST /api/auth/logout) must clear the same memory the other routes read.
const globalForSessions = globalThis as unknown as { __gapwiseSessionCache?: SessionCache<SessionUser> };

export function sessionCache(): SessionCache<SessionUser> {
  globalForSessions.__gapwiseSessionCache ??= new SessionCache<SessionUser>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  });
  return globalForSessions.__gapwiseSessionCache;
}

/** Sign-out in this process (lib/auth/verify-login.ts endSession): the token stops working on the next request. */
export function forgetCachedSession(sessionToken: string): void {
  sessionCache().forgetToken(sessionToken);
}

/** A user deleted or whose roles or email changed in this process: their sessions are looked up again. */
export function forgetCachedSessionsOfUser(userId: string): void {
  sessionCache().forgetUser(userId);
}

/**
 * The signed-in, active user behind a session token, or null (unknown, expired or deactivated). A valid
 * answer is remembered for SESSION_CACHE_TTL_MS (never past the session's own expiry); see sessionCache.
 */
export async function getSessionUser(
  sessionToken: string | undefined,
  now: Date = new Date(),
): Promise<SessionUser | null> {
  if (!sessionToken) return null;
  const cached = sessionCache().get(sessionToken, now);
  if (cached) return cached;
  const ticket = sessionCache().lookupTicket();
  const session = await prisma.session.findUnique({
    where: { sessionToken },
    select: {
      expires: true,
      user: {
        select: {
          id: true,
          email: true,
          firstName: true,
          lastName: true,
          organizationId: true,
          isAdmin: true,
          isAgent: true,
          canManageBilling: true,
          isActive: true,
        },
      },
    },
  });
  if (!session || session.expires <= now || !session.user.isActive) return null;
  const { isActive: _isActive, ...user } = session.user;
  sessionCache().set(sessionToken, user, session.expires, now, ticket);
  return user;
}
