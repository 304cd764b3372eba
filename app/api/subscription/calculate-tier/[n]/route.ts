import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { calculateTier } from "@/lib/billing/subscription";

export const GET = withPublic(async ({ params }) => calculateTier(params.n), { params: z.object({ n: z.coerce.number().int().min(0).max(10_000_000) }) });
