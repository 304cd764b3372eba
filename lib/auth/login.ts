import "server-only";
import { AppError } from "@/lib/api/errors";
import type { LoginResponse } from "@/lib/auth/login-schema";
import { LOGIN_RATE_LIMITED_MESSAGE, LOGIN_SENT_MESSAGE } from "@/lib/auth/messages";
import { prisma } from "@/lib/db";
import { consumeRateLimit, emailRateLimitKey } from "@/lib/rate-limit";

export const LOGIN_LIMITS = {
  perEmail: { limit: 5, windowSeconds: 15 * 60 },
  perIp: { limit: 20, windowSeconds: 60 * 60 },
} as const;

async function enforceLoginLimits(email: string, ip: string, now: Date) {
  try {
    await consumeRateLimit({ key: `login:ip:${ip}`, ...LOGIN_LIMITS.perIp, now });
    await consumeRateLimit({ key: emailRateLimitKey("login", email), ...LOGIN_LIMITS.perEmail, now });
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") {
      throw new AppError("rate_limited", LOGIN_RATE_LIMITED_MESSAGE, { retryAfterSeconds: error.retryAfterSeconds });
    }
    throw error;
  }
}

/** Runs a task once the answer has been sent: next/server's after() in the route; tests collect the tasks. */
export type AfterAnswer = (task: () => Promise<void>) => void;

/**
 * POST /api/auth/login. Answers the same whether or not the address has an account, so the endpoint
 * cannot be used to find out who is a customer: the same limits and the same answer, and nothing that
 * depends on the address (the user lookup, the link, the email) happens before it. `afterAnswer` runs
 * that part once the answer is on its way, so a known address does not take longer to answer.
 */
export async function requestLoginLink({
  email,
  ip,
  now,
  issueLink,
  afterAnswer,
}: {
  email: string;
  ip: string;
  now: Date;
  issueLink: IssueLoginLink;
  afterAnswer: AfterAnswer;
}): Promise<LoginResponse> {
  await enforceLoginLimits(email, ip, now);
  afterAnswer(() => sendLoginLinkIfActive(email, issueLink));
  return { success: true, message: LOGIN_SENT_MESSAGE };
}

/** The part after the answer: a link for an active user, nothing for anyone else. A failure is logged (without the address), never answered. */
export async function sendLoginLinkIfActive(email: string, issueLink: IssueLoginLink) {
  try {
    const user = await prisma.user.findFirst({ where: { email, isActive: true }, select: { id: true } });
    if (user) await issueLink(email);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "error",
        event: "login_link_failed",
        error: error instanceof Error ? error.name : "Error",
      }),
    );
  }
}

/** Creates a single-use link for an existing user and emails it: Auth.js's issueLoginLink in the app. */
export type IssueLoginLink = (email: string) => Promise<void>;
