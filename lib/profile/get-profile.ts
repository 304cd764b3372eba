import "server-only";
import { AppError } from "@/lib/api/errors";
import type { TenantDb } from "@/lib/db";
import type { Profile } from "@/lib/profile/profile-schema";

export const PROFILE_SELECT = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  signature: true,
  bookingLink: true,
  useOrgSenderDetails: true,
  phoneEnabled: true,
  calendarEnabled: true,
} as const;

type ProfileRow = { id: string; firstName: string; lastName: string; email: string; phone: string | null; signature: string; bookingLink: string | null; useOrgSenderDetails: boolean; phoneEnabled: boolean; calendarEnabled: boolean };

export function profileView(row: ProfileRow): Profile {
  return { ...row, phone: row.phone ?? "", bookingLink: row.bookingLink ?? "" };
}

/** GET /api/profile: the caller's own profile and what the form needs to know about the organization. */
export async function getProfile({ db, organizationId, userId }: { db: TenantDb; organizationId: string; userId: string }) {
  const [user, organization] = await Promise.all([
    db.user.findFirst({ where: { id: userId, organizationId }, select: PROFILE_SELECT }),
    db.organization.findFirst({ where: { id: organizationId }, select: { slug: true, forceOrgSenderDetails: true } }),
  ]);
  if (!user || !organization) throw AppError.notFound("Profile not found");
  return { success: true as const, profile: profileView(user), organization };
}
