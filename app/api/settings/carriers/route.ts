import { withOrg } from "@/lib/api/handler";
import { listSettingsCarriers } from "@/lib/settings/reference-data";

export const dynamic = "force-dynamic";

/** GET /api/settings/carriers: { success, carriers: [{ name, naics }] }. */
export const GET = withOrg(() => listSettingsCarriers());
