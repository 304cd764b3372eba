import { withOrg } from "@/lib/api/handler";
import { listSubscriptionTiers } from "@/lib/billing/subscription";

export const GET = withOrg(() => listSubscriptionTiers());
