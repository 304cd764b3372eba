import { withOrg } from "@/lib/api/handler";
import { completeOnboarding } from "@/lib/onboarding/complete-onboarding";

export const POST = withOrg(
  ({ user, organizationId }) => completeOnboarding({ organizationId, actorUserId: user.id }),
  { roles: ["admin"] },
);
