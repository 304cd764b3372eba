import { withOrg } from "@/lib/api/handler";
import { goLiveNow } from "@/lib/trial/go-live-now";

/** "Go Live Now": admins only ('Only administrators can exit demo mode'); irreversible. */
export const POST = withOrg(async ({ user, organizationId }) =>
  goLiveNow({ organizationId, actor: { id: user.id, isAdmin: user.isAdmin }, now: new Date() }),
);
