import "server-only";
import { Auth, raw, skipCSRFCheck, type AuthConfig } from "@auth/core";
import Resend from "next-auth/providers/resend";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { findActiveUserByEmail, LOGIN_LINK_MINUTES, sendLoginLinkEmail, SESSION_DAYS } from "@/lib/auth/magic-link";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";

/**
 * Auth.js: passwordless sign-in by emailed link, database sessions.
 *
 * Auth.js creates each link: a random token, stored hashed in verification_tokens for 15 minutes,
 * handed to sendVerificationRequest, which emails it through the one send path (lib/auth/magic-link.ts).
 * lib/auth/verify-login.ts consumes the token (same table, same hashing) and starts an Auth.js
 * database session, so Auth.js and the `sessions` table agree.
 * Auth.js's own HTTP endpoints are deliberately not mounted: every link request goes through
 * POST /api/auth/login and its rate limits.
 * (This module is ESM-only through Auth.js, so jest tests use lib/auth/magic-link.ts directly and the
 * browser journeys exercise this one.)
 */

export const MAGIC_LINK_PROVIDER = "magic-link";
const BASE_PATH = "/api/auth";

function authConfig(): AuthConfig {
  const env = getEnv();
  return {
    adapter: PrismaAdapter(prisma),
    secret: env.authSecret,
    trustHost: true,
    basePath: BASE_PATH,
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
}

/**
 * Has Auth.js issue a sign-in link for an existing user (the caller has rate-limited the request).
 * Auth.js's core is called with a request of its own rather than through next-auth's signIn(), which
 * reads the incoming request and sets Auth.js's callback-url cookie on the answer: that cookie went out
 * only when the address had an account (a tell), and a cookie cannot be set once the answer has gone,
 * which is when POST /api/auth/login issues links (lib/auth/login.ts).
 */
export async function issueLoginLink(email: string) {
  const { appUrl } = getEnv();
  const request = new Request(`${appUrl}${BASE_PATH}/signin/${MAGIC_LINK_PROVIDER}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, callbackUrl: appUrl }),
  });
  await Auth(request, { ...authConfig(), raw, skipCSRFCheck });
}
