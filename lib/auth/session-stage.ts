import "server-only";
import type { StageFacts } from "@/lib/auth/account-stage";
import { prisma } from "@/lib/db";

/**
 * What the stage table needs about a session token, or null when the session is unknown, expired or its
 * user deactivated (the same validity rule as getCurrentAccount). For proxy.ts, which runs before every
 * signed-in page: one statement, one round trip (session_token's unique index, then two primary keys),
 * where Prisma's nested select would send three.
 */
export async function getSessionStageFacts(sessionToken: string, now: Date): Promise<StageFacts | null> {
  const rows = await prisma.$queryRaw<StageFacts[]>`
    SELECT o.subscription_tier_id AS "subscriptionTierId", o.onboarding_completed AS "onboardingCompleted", u.is_admin AS "isAdmin", u.can_manage_billing AS "canManageBilling"
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    JOIN organizations o ON o.id = u.organization_id
    WHERE s.session_token = ${sessionToken} AND s.expires > ${now} AND u.is_active`;
  return rows[0] ?? null;
}
