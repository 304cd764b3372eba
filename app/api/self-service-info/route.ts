import { withOrg } from "@/lib/api/handler";
import { getSelfServiceInfo } from "@/lib/settings/org-links";

export const dynamic = "force-dynamic";

/** GET /api/self-service-info/: { success, selfOnboardingUrl }. */
export const GET = withOrg(({ db, organizationId }) => getSelfServiceInfo({ db, organizationId }));
