import type { Metadata } from "next";
import { ProfileView } from "@/components/profile/profile-view";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { getEnv } from "@/lib/env";
import { loadProfilePageData } from "@/lib/profile/get-profile";

export const metadata: Metadata = { title: "Profile" };
export const dynamic = "force-dynamic";

/** Profile: the signed-in user's own details, self-onboarding link and call-to-action settings. */
export default async function ProfilePage() {
  const account = await requirePageAccount("/profile");
  const env = getEnv();
  const { organization, user } = account;
  const initial = await loadProfilePageData({
    organizationId: organization.id,
    userId: user.id,
    isAdmin: user.isAdmin,
  });
  return (
    <ProfileView
      productName={env.productName}
      appUrl={env.appUrl}
      organizationSlug={account.organization.slug}
      userId={account.user.id}
      canManageBilling={account.user.canManageBilling}
      initial={initial}
    />
  );
}
