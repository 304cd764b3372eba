import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE, LOGIN_RATE_LIMITED_MESSAGE, LOGIN_SENT_MESSAGE } from "@/lib/auth/messages";
import { prisma } from "@/lib/db";
import { consumeRateLimit } from "@/lib/rate-limit";

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, EMAIL_REQUIRED_MESSAGE).pipe(z.email(EMAIL_INVALID_MESSAGE)).transform((e) => e.toLowerCase()),
});

export const LOGIN_LIMITS = {
  perEmail: { limit: 5, windowSeconds: 15 * 60 },
  perIp: { limit: 20, windowSeconds: 60 * 60 },
} as const;

/** Rate-limit keys never hold the address itself. */
const emailKey = (email: string) => `login:email:${createHash("sha256").update(email).digest("hex")}`;

async function enforceLoginLimits(email: string, ip: string, now: Date) {
  try {
    await consumeRateLimit({ key: `login:ip:${ip}`, ...LOGIN_LIMITS.perIp, now });
    await consumeRateLimit({ key: emailKey(email), ...LOGIN_LIMITS.perEmail, now });
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") {
      throw new AppError("rate_limited", LOGIN_RATE_LIMITED_MESSAGE, { retryAfterSeconds: error.retryAfterSeconds });
    }
    throw error;
  }
}

/**
 * POST /api/auth/login. Emails a sign-in link to an active user; answers the same whether or not the
 * address has an account, so the endpoint cannot be used to find out who is a customer.
 */
export async function requestLoginLink({ email, ip, now, issueLink }: { email: string; ip: string; now: Date; issueLink: IssueLoginLink }) {
  await enforceLoginLimits(email, ip, now);
  const user = await prisma.user.findFirst({ where: { email, isActive: true }, select: { id: true } });
  if (user) await issueLink(email);
  return { success: true, message: LOGIN_SENT_MESSAGE };
}

/** Creates a single-use link for an existing user and emails it: Auth.js's issueLoginLink in the app. */
export type IssueLoginLink = (email: string) => Promise<void>;
