import { withOrg } from "@/lib/api/handler";
import { onboardingLicensingSchema } from "@/lib/onboarding/onboarding-schema";
import { saveOnboardingLicensing } from "@/lib/onboarding/save-onboarding-licensing";

export const POST = withOrg(
  ({ body, user, organizationId }) => saveOnboardingLicensing({ organizationId, actorUserId: user.id, input: body }),
  {
    body: onboardingLicensingSchema,
    roles: ["admin"],
  },
);
