import { withOrg } from "@/lib/api/handler";
import { listRenewals } from "@/lib/dashboard/metrics";

export const dynamic = "force-dynamic";

// GET /api/dashboard/renewals → { success, renewals: [{ id, name, email, phone, date, policyType }] } (anniversaries in the next 30 days).
export const GET = withOrg(({ db, user, organizationId }) =>
  listRenewals({ db, organizationId, viewer: user, now: new Date() }),
);
