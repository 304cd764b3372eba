import { withPublic } from "@/lib/api/handler";
import { pricingConfig } from "@/lib/billing/subscription";

export const GET = withPublic(async () => pricingConfig());
