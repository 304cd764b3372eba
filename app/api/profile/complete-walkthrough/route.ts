import { withOrg } from "@/lib/api/handler";
import { completeWalkthrough } from "@/lib/profile/complete-walkthrough";

export const POST = withOrg(async ({ user, organizationId }) =>
  completeWalkthrough({ organizationId, userId: user.id }),
);
