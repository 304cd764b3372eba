import { withOrg } from "@/lib/api/handler";
import { resumeOnboarding } from "@/lib/onboarding/get-onboarding-state";
import { resumeQuerySchema } from "@/lib/onboarding/onboarding-schema";

export const GET = withOrg(
  ({ query, user, organizationId }) => resumeOnboarding({ organizationId, user, email: query.email }),
  {
    query: resumeQuerySchema,
    roles: ["admin"],
  },
);
