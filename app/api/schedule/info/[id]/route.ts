import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { getScheduleInfo } from "@/lib/call-booking/schedule-info";

export const dynamic = "force-dynamic";

// GET /api/schedule/info/{id}[?orgId=] → "Schedule info": by quote token, or by organization id/slug for generic links; 404 otherwise.
export const GET = withPublic(
  ({ params, query }) => getScheduleInfo({ id: params.id, orgId: query.orgId, now: new Date() }),
  {
    params: z.object({ id: z.string().min(1).max(100) }),
    query: z.object({ orgId: z.string().max(100).optional() }),
    rateLimit: { name: "schedule-info", limit: 60, windowSeconds: 60 },
  },
);
