import "server-only";
import { randomBytes } from "node:crypto";
import { createElement } from "react";
import { hashVerificationToken, loginLinkUrl } from "@/lib/auth/magic-link";
import { prisma } from "@/lib/db";
import { sendEmail } from "@/lib/email/send";
import { AgentInvitationEmail } from "@/lib/email/templates/agent-invitation-email";
import { getEnv } from "@/lib/env";
import { brandNameOf } from "@/lib/organizations/brand";

/**
 * The invitation an agent gets when an admin adds them (Manage Agents or onboarding's "More Team Members?"): a
 * sign-in link of the magic-link kind (lib/auth/magic-link.ts: sha256(token + secret) in verification_tokens, the
 * /auth/verify/{orgSlug}/{token} URL, consumed once by lib/auth/verify-login.ts), valid for INVITATION_LINK_DAYS
 * since an invitation is not read within minutes. Keyed by the new user's id, so an agent is invited exactly once.
 * Sent after the agent's transaction has committed; a failed send does not undo the agent (they can sign in with
 * their address at /login).
 */

export const INVITATION_LINK_DAYS = 7;
export const agentInvitationKey = (userId: string) => `agent-invitation:${userId}`;

export type AgentInvitationResult = "sent" | "already_sent" | "no_user" | "failed";

export async function sendAgentInvitation({
  organizationId,
  userId,
  invitedByUserId,
  now,
}: {
  organizationId: string;
  userId: string;
  /** Who added the agent; null when no user did (the email then names the agency). */
  invitedByUserId: string | null;
  now: Date;
}): Promise<AgentInvitationResult> {
  const idempotencyKey = agentInvitationKey(userId);
  const earlier = await prisma.outboxEmail.findUnique({ where: { idempotencyKey }, select: { status: true } });
  if (earlier && earlier.status !== "failed") return "already_sent";
  const [user, inviter] = await Promise.all([
    prisma.user.findFirst({
      where: { id: userId, organizationId, isActive: true },
      select: {
        email: true,
        firstName: true,
        organization: { select: { slug: true, name: true, brandName: true } },
      },
    }),
    invitedByUserId
      ? prisma.user.findFirst({
          where: { id: invitedByUserId, organizationId },
          select: { firstName: true, lastName: true },
        })
      : null,
  ]);
  if (!user) return "no_user";
  const env = getEnv();
  const token = randomBytes(32).toString("hex");
  await prisma.verificationToken.create({
    data: {
      identifier: user.email,
      token: hashVerificationToken(token),
      expires: new Date(now.getTime() + INVITATION_LINK_DAYS * 24 * 60 * 60 * 1000),
    },
  });
  const agencyName = brandNameOf(user.organization);
  const invitedBy = `${inviter?.firstName ?? ""} ${inviter?.lastName ?? ""}`.trim() || agencyName;
  try {
    await sendEmail({
      to: user.email,
      subject: `${invitedBy} added you to ${agencyName} on ${env.productName}`,
      react: createElement(AgentInvitationEmail, {
        productName: env.productName,
        agencyName,
        invitedBy,
        firstName: user.firstName,
        url: loginLinkUrl(user.organization.slug, token),
        daysValid: INVITATION_LINK_DAYS,
        loginUrl: `${env.appUrl}/login`,
      }),
      idempotencyKey,
      tags: { category: "agent_invitation", organization_id: organizationId },
      // Stored redacted unless the outbox is the delivery (lib/email/send.ts), like every sign-in link.
      secrets: [token],
    });
    return "sent";
  } catch (error) {
    // The agent exists either way; the failure is logged without the address or the token.
    console.error(
      JSON.stringify({
        level: "error",
        event: "agent_invitation_failed",
        organizationId,
        error: error instanceof Error ? error.name : "Error",
      }),
    );
    return "failed";
  }
}
