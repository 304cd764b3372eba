import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { hashVerificationToken } from "@/lib/auth/magic-link";
import { startSession } from "@/lib/auth/verify-login";
import { prisma } from "@/lib/db";

/**
 * The onboarding shortcut (POST /api/auth/onboarding-login): right after signup, the browser that
 * signed up may log in without waiting for the email. It holds an httpOnly cookie with a single-use
 * token bound to the new admin's address for 24 hours; nothing else can start a session this way.
 */
export const ONBOARDING_COOKIE = "gapwise-onboarding";
export const ONBOARDING_HOURS = 24;
const identifierFor = (email: string) => `onboarding:${email}`;

export async function issueOnboardingToken({ email, now }: { email: string; now: Date }) {
  const token = randomBytes(32).toString("hex");
  const expires = new Date(now.getTime() + ONBOARDING_HOURS * 60 * 60 * 1000);
  await prisma.verificationToken.create({ data: { identifier: identifierFor(email), token: hashVerificationToken(token), expires } });
  return { token, expires };
}

export async function redeemOnboardingToken({ token, email, now }: { token: string | undefined; email: string; now: Date }) {
  const refused = new AppError("unauthorized", "Session expired. Please log in again.");
  if (!token) throw refused;
  const rows = await prisma.$queryRaw<{ expires: Date }[]>`
    DELETE FROM verification_tokens WHERE token = ${hashVerificationToken(token)} AND identifier = ${identifierFor(email)} RETURNING expires`;
  if (!rows[0] || new Date(rows[0].expires) <= now) throw refused;
  const user = await prisma.user.findFirst({ where: { email, isActive: true }, select: { id: true } });
  if (!user) throw refused;
  // A short session: the emailed link, once followed, gives the usual 7 days.
  return startSession({ userId: user.id, now, days: 1 });
}
