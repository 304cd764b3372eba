import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { accountStage, stageDestination } from "@/lib/auth/account-stage";
import { hashVerificationToken, SESSION_DAYS } from "@/lib/auth/magic-link";
import { forgetCachedSession } from "@/lib/auth/session";
import { LINK_EXPIRED_MESSAGE, LINK_INVALID_MESSAGE, LINK_OTHER_AGENCY_MESSAGE } from "@/lib/auth/messages";
import { prisma } from "@/lib/db";

/**
 * POST /api/auth/verify/{orgSlug}/{token}: consumes a sign-in link and starts an Auth.js database
 * session. One statement deletes the token and returns it, so a link works exactly once even when two
 * requests race; an expired link is consumed too, then refused. The link names its agency
 * (`orgSlug`): a token of another agency's user is consumed and refused, never a silent sign-in into an
 * agency the address bar does not show.
 */
export async function verifyLoginLink({ orgSlug, token, now }: { orgSlug: string; token: string; now: Date }) {
  const rows = await prisma.$queryRaw<{ identifier: string; expires: Date }[]>`
    DELETE FROM verification_tokens WHERE token = ${hashVerificationToken(token)} RETURNING identifier, expires`;
  const consumed = rows[0];
  if (!consumed) throw new AppError("unauthorized", LINK_INVALID_MESSAGE);
  if (new Date(consumed.expires) <= now) throw new AppError("unauthorized", LINK_EXPIRED_MESSAGE);

  const user = await prisma.user.findFirst({
    where: { email: consumed.identifier, isActive: true },
    select: {
      id: true,
      email: true,
      emailVerified: true,
      organization: { select: { slug: true, subscriptionTierId: true, onboardingCompleted: true } },
    },
  });
  if (!user) throw new AppError("unauthorized", LINK_INVALID_MESSAGE);
  if (user.organization.slug !== orgSlug) throw new AppError("unauthorized", LINK_OTHER_AGENCY_MESSAGE);

  const session = await startSession({ userId: user.id, now });
  await prisma.user.update({
    where: { id: user.id },
    data: { lastLoginAt: now, emailVerified: user.emailVerified ?? now },
  });
  const { organization } = user;
  const stage = accountStage({ signedIn: true, ...organization });
  return {
    ...session,
    email: user.email,
    orgSlug: organization.slug,
    redirectUrl: stageDestination(stage, organization.subscriptionTierId),
  };
}

/** A new Auth.js database session for a user (the cookie is set by the route). */
export async function startSession({ userId, now, days = SESSION_DAYS }: { userId: string; now: Date; days?: number }) {
  const sessionToken = randomBytes(32).toString("hex");
  const expires = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  await prisma.session.create({ data: { sessionToken, userId, expires } });
  return { sessionToken, expires };
}

export async function endSession(sessionToken: string | undefined) {
  if (!sessionToken) return;
  await prisma.session.deleteMany({ where: { sessionToken } });
  // After the delete: a lookup that read the row before it is not stored either (SessionCache.lookupTicket).
  forgetCachedSession(sessionToken);
}
