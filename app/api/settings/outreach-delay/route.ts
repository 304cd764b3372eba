import { withOrg } from "@/lib/api/handler";
import { getOutreachDelay } from "@/lib/settings/org-links";

export const dynamic = "force-dynamic";

/** GET /api/settings/outreach-delay: { success, contactOutreachDelayYears, contactOutreachDelayMonths (11/23/35) }. */
export const GET = withOrg(({ db, organizationId }) => getOutreachDelay({ db, organizationId }));
