import "server-only";
import { AppError } from "@/lib/api/errors";
import { tenantDb, tenantTransaction } from "@/lib/db";

/**
 * The contacts page's Welcome tutorial (client-side.md §2 "A Welcome tutorial modal may appear,
 * explaining how to add contacts individually or in bulk"). It shows to a user who has not closed it
 * yet, while the book they see is still empty (an unfiltered first page with no contacts): with
 * contacts in the book there is nothing to explain. Closing it in any way stores the user's own flag
 * (users.has_seen_contacts_tutorial), separate from the dashboard walkthrough's.
 */

export function showContactsTutorial({
  seen,
  total,
  filtered,
}: {
  seen: boolean;
  total: number;
  filtered: boolean;
}): boolean {
  return !seen && !filtered && total === 0;
}

export async function hasSeenContactsTutorial({
  organizationId,
  userId,
}: {
  organizationId: string;
  userId: string;
}): Promise<boolean> {
  const user = await tenantDb(organizationId).user.findFirst({
    where: { id: userId, organizationId },
    select: { hasSeenContactsTutorial: true },
  });
  return user?.hasSeenContactsTutorial ?? true;
}

/** POST /api/profile/dismiss-contacts-tutorial: the caller's own flag. Idempotent. */
export async function dismissContactsTutorial({ organizationId, userId }: { organizationId: string; userId: string }) {
  return tenantTransaction(organizationId, async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: userId, organizationId },
      data: { hasSeenContactsTutorial: true },
    });
    if (count === 0) throw AppError.notFound("Profile not found");
    return { success: true as const };
  });
}
