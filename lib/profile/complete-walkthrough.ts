import "server-only";
import { AppError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { tenantTransaction } from "@/lib/db";

/** POST /api/profile/complete-walkthrough ("Got it, Don't Show Again"): the caller's own flag. Idempotent. */
export async function completeWalkthrough({ organizationId, userId }: { organizationId: string; userId: string }) {
  return tenantTransaction(organizationId, async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: userId, organizationId, hasCompletedWalkthrough: false },
      data: { hasCompletedWalkthrough: true },
    });
    if (count === 0) {
      const exists = await tx.user.findFirst({ where: { id: userId, organizationId }, select: { id: true } });
      if (!exists) throw AppError.notFound("Profile not found");
      return { success: true as const };
    }
    await recordAudit(tx, {
      organizationId,
      actorUserId: userId,
      action: "user.walkthrough_completed",
      entityType: "user",
      entityId: userId,
    });
    return { success: true as const };
  });
}
