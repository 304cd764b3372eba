import "server-only";
import { createHash } from "node:crypto";
import { createElement } from "react";
import { MagicLinkEmail } from "@/lib/email/templates/magic-link-email";
import { prisma } from "@/lib/db";
import { sendEmail } from "@/lib/email/send";
import { getEnv } from "@/lib/env";

/**
 * The sign-in link: what Auth.js's email provider (lib/auth/auth.ts) is configured with, kept apart
 * from the Auth.js module so it can be used and tested on its own.
 * The emailed URL is ours, /auth/verify/{orgSlug}/{token}, not Auth.js's callback, which carries the
 * email address in its query string: addresses stay out of URLs.
 */

export const LOGIN_LINK_MINUTES = 15;
export const SESSION_DAYS = 7;

/** Auth.js's hashing of verification tokens: sha256(token + secret), hex. */
export function hashVerificationToken(token: string): string {
  return createHash("sha256").update(`${token}${getEnv().authSecret}`).digest("hex");
}

export function loginLinkUrl(orgSlug: string, token: string): string {
  return `${getEnv().appUrl}/auth/verify/${encodeURIComponent(orgSlug)}/${encodeURIComponent(token)}`;
}

export async function findActiveUserByEmail(email: string) {
  return prisma.user.findFirst({
    where: { email: email.trim().toLowerCase(), isActive: true },
    select: { id: true, firstName: true, lastLoginAt: true, organization: { select: { slug: true } } },
  });
}

/** Auth.js's sendVerificationRequest: emails the link through the one send path. */
export async function sendLoginLinkEmail({ identifier, token }: { identifier: string; token: string }) {
  const user = await findActiveUserByEmail(identifier);
  if (!user) return; // the signIn callback refuses unknown emails first; this is belt and braces
  const env = getEnv();
  const activate = !user.lastLoginAt; // the first link after signup activates the account
  await sendEmail({
    to: identifier,
    subject: activate ? `Activate your ${env.productName} account` : `Your ${env.productName} login link`,
    react: createElement(MagicLinkEmail, {
      productName: env.productName,
      firstName: user.firstName,
      url: loginLinkUrl(user.organization.slug, token),
      minutesValid: LOGIN_LINK_MINUTES,
      activate,
    }),
    // One email per token; the key never contains the token itself.
    idempotencyKey: `login-link:${hashVerificationToken(token)}`,
    tags: { category: "login_link" },
    // Stored redacted unless the outbox is the delivery (lib/email/send.ts): outbox_emails is no key to accounts.
    secrets: [token],
  });
}
