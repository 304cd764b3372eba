import { withOrg } from "@/lib/api/handler";
import { onboardingCompanySchema } from "@/lib/onboarding/onboarding-schema";
import { saveOnboardingCompany } from "@/lib/onboarding/save-onboarding-company";
import { LOGO_BODY_MAX_BYTES } from "@/lib/settings/logo";

export const POST = withOrg(
  ({ body, user, organizationId }) => saveOnboardingCompany({ organizationId, actorUserId: user.id, input: body }),
  {
    body: onboardingCompanySchema,
    roles: ["admin"],
    maxBodyBytes: LOGO_BODY_MAX_BYTES,
  },
);
