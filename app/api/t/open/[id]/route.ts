import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { recordEmailOpen, TRACKING_GIF } from "@/lib/tracking/email-tracking";

export const dynamic = "force-dynamic";

/** GET /api/t/open/{scheduledEmailId}.{signature}.gif: the open pixel (records only when signed by us). Always the image, never cached. */
export const GET = withPublic(
  async ({ params }) => {
    await recordEmailOpen({ id: params.id, now: new Date() });
    return new Response(new Uint8Array(TRACKING_GIF), {
      headers: {
        "content-type": "image/gif",
        "content-length": String(TRACKING_GIF.length),
        "cache-control": "no-store, max-age=0",
        pragma: "no-cache",
      },
    });
  },
  { params: z.object({ id: z.string().max(100) }), rateLimit: { name: "email-open", limit: 300, windowSeconds: 600 } },
);
