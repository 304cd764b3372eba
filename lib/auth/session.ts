import "server-only";
import { prisma } from "@/lib/db";
import { SESSION_COOKIE_NAMES } from "@/lib/auth/session-names";

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

/** The signed-in, active user behind a session token, or null (unknown, expired or deactivated). */
export async function getSessionUser(
  sessionToken: string | undefined,
  now: Date = new Date(),
): Promise<SessionUser | null> {
  if (!sessionToken) return null;
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
  return user;
}
