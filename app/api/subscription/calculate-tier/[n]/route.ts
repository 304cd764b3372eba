import { withPublic } from "@/lib/api/handler";
import { calculateTier } from "@/lib/billing/subscription";
import { calculateTierParamsSchema } from "@/lib/billing/subscription-rules";

export const GET = withPublic(async ({ params }) => calculateTier(params.n), { params: calculateTierParamsSchema });
