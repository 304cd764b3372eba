import "server-only";
import NextAuth from "next-auth";
import Resend from "next-auth/providers/resend";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { findActiveUserByEmail, LOGIN_LINK_MINUTES, sendLoginLinkEmail, SESSION_DAYS } from "@/lib/auth/magic-link";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";

/**
 * Auth.js (next-auth v5): passwordless sign-in by emailed link, database sessions.
 *
 * Auth.js creates each link: a random token, stored hashed in verification_tokens for 15 minutes,
 * handed to sendVerificationRequest, which emails it through the one send path (lib/auth/magic-link.ts).
 * lib/auth/verify-login.ts consumes the token (same table, same hashing) and starts an Auth.js
 * database session, so `auth()` and the `sessions` table agree.
 * Auth.js's own HTTP endpoints are deliberately not mounted: every link request goes through
 * POST /api/auth/login and its rate limits.
 * (This module is ESM-only through next-auth, so jest tests use lib/auth/magic-link.ts directly and the
 * browser journeys exercise this one.)
 */

export const MAGIC_LINK_PROVIDER = "magic-link";

export const { auth, signIn, signOut } = NextAuth(() => {
  const env = getEnv();
  return {
    adapter: PrismaAdapter(prisma),
    secret: env.authSecret,
    trustHost: true,
    session: { strategy: "database", maxAge: SESSION_DAYS * 24 * 60 * 60 },
    providers: [
      Resend({
        id: MAGIC_LINK_PROVIDER,
        name: "Email",
        apiKey: "unused: emails go through lib/email/send.ts",
        from: env.email.from,
        maxAge: LOGIN_LINK_MINUTES * 60,
        sendVerificationRequest: ({ identifier, token }) => sendLoginLinkEmail({ identifier, token }),
      }),
    ],
    callbacks: {
      // Only existing, active users get a link: Auth.js would otherwise create users on first sign-in.
      async signIn({ user }) {
        return Boolean(user.email && (await findActiveUserByEmail(user.email)));
      },
    },
  };
});

/** Has Auth.js issue a sign-in link for an existing user (the caller has rate-limited the request). */
export async function issueLoginLink(email: string) {
  await signIn(MAGIC_LINK_PROVIDER, { email, redirect: false, redirectTo: "/" });
}
