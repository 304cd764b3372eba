import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { logTrackingClick } from "@/lib/tracking/quote-views";

export const dynamic = "force-dynamic";

const bodySchema = z.object({
  quoteId: z.string().min(1).max(100),
  tid: z.string().max(200).optional().nullable(),
  orgId: z.string().max(100).optional().nullable(),
  contactId: z.string().max(100).optional().nullable(),
});

/** POST /api/tracking/log-tracking-click: the compare page reports a view once it has rendered. */
export const POST = withPublic(
  ({ body, req }) => logTrackingClick({ ...body, userAgent: req.headers.get("user-agent"), now: new Date() }),
  {
    body: bodySchema,
    rateLimit: { name: "tracking-click", limit: 60, windowSeconds: 600 },
  },
);
