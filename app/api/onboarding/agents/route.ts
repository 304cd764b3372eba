import { withOrg } from "@/lib/api/handler";
import { onboardingAgentsSchema } from "@/lib/onboarding/onboarding-schema";
import { saveOnboardingAgents } from "@/lib/onboarding/save-onboarding-agents";

export const POST = withOrg(
  ({ body, user, organizationId }) => saveOnboardingAgents({ organizationId, actorUserId: user.id, input: body }),
  {
    body: onboardingAgentsSchema,
    roles: ["admin"],
  },
);
