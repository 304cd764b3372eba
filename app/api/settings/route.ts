import { withOrg } from "@/lib/api/handler";
import { getOrgSettings } from "@/lib/settings/org-settings";

export const dynamic = "force-dynamic";

/** GET /api/settings: { success, orgSettings } for the signed-in admin's organization. */
export const GET = withOrg(
  async ({ db, organizationId }) => ({ success: true, orgSettings: await getOrgSettings({ db, organizationId }) }),
  { roles: ["admin"] },
);
