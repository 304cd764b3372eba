import { withOrg } from "@/lib/api/handler";
import { listSettingsCarriers } from "@/lib/settings/reference-data";

export const dynamic = "force-dynamic";

/** GET /api/settings/carriers: { success, carriers: [{ name, naics }], contracted: [name] }. */
export const GET = withOrg(({ db, organizationId }) => listSettingsCarriers({ db, organizationId }));
