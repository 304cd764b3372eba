import { withOrg } from "@/lib/api/handler";
import { dismissContactsTutorial } from "@/lib/profile/contacts-tutorial";

// POST /api/profile/dismiss-contacts-tutorial → { success }: the contacts page's Welcome tutorial stays closed for the caller.
export const POST = withOrg(async ({ user, organizationId }) =>
  dismissContactsTutorial({ organizationId, userId: user.id }),
);
