import "server-only";
import { AppError } from "@/lib/api/errors";
import { tenantDb, type TenantDb } from "@/lib/db";
import type { Profile, ProfileResponse } from "@/lib/profile/profile-schema";

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

type ProfileRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  signature: string;
  bookingLink: string | null;
  useOrgSenderDetails: boolean;
  phoneEnabled: boolean;
  calendarEnabled: boolean;
};

export function profileView(row: ProfileRow): Profile {
  return { ...row, phone: row.phone ?? "", bookingLink: row.bookingLink ?? "" };
}

/**
 * Whether a user may choose their own sender and call-to-action settings (agency-side.md: "Agent settings
 * are editable by agents only when allowAgentSettings is on"): admins always, agents when the agency allows.
 */
export function callToActionEditable({
  isAdmin,
  allowAgentSettings,
}: {
  isAdmin: boolean;
  allowAgentSettings: boolean;
}): boolean {
  return isAdmin || allowAgentSettings;
}

/** GET /api/profile: the caller's own profile and what the form needs to know about the organization. */
export async function getProfile({
  db,
  organizationId,
  userId,
  isAdmin,
}: {
  db: TenantDb;
  organizationId: string;
  userId: string;
  isAdmin: boolean;
}): Promise<ProfileResponse> {
  const [user, organization] = await Promise.all([
    db.user.findFirst({ where: { id: userId, organizationId }, select: PROFILE_SELECT }),
    db.organization.findFirst({
      where: { id: organizationId },
      select: { slug: true, forceOrgSenderDetails: true, allowAgentSettings: true },
    }),
  ]);
  if (!user || !organization) throw AppError.notFound("Profile not found");
  const { allowAgentSettings, ...shown } = organization;
  return {
    success: true as const,
    profile: profileView(user),
    organization: { ...shown, callToActionEditable: callToActionEditable({ isAdmin, allowAgentSettings }) },
  };
}

/** The /profile page's first render: the signed-in user's profile, as GET /api/profile answers it. */
export function loadProfilePageData({
  organizationId,
  userId,
  isAdmin,
}: {
  organizationId: string;
  userId: string;
  isAdmin: boolean;
}): Promise<ProfileResponse> {
  return getProfile({ db: tenantDb(organizationId), organizationId, userId, isAdmin });
}
