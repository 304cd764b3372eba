import "server-only";
import { listCarrierOptions } from "@/lib/carriers/list-carriers";
import { tenantDb } from "@/lib/db";
import { selfOnboardingUrl } from "@/lib/settings/org-links";
import { getOrgSettingsWithName } from "@/lib/settings/org-settings";

/** Everything the /settings page renders first, for the signed-in admin's organization. */
export async function loadSettingsPageData({ organizationId }: { organizationId: string }) {
  const db = tenantDb(organizationId);
  const [{ orgName, slug, orgSettings }, carriers] = await Promise.all([
    getOrgSettingsWithName({ db, organizationId }),
    listCarrierOptions(),
  ]);
  return { orgName, settings: orgSettings, carriers, selfOnboardingUrl: selfOnboardingUrl(slug) };
}

export type SettingsPageData = Awaited<ReturnType<typeof loadSettingsPageData>>;
