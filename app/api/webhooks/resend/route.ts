import { withPublic } from "@/lib/api/handler";
import { handleResendWebhook } from "@/lib/tracking/resend-webhook";

export const dynamic = "force-dynamic";

/** POST /api/webhooks/resend: delivery, bounce, complaint, open and click events, Svix-signed with RESEND_WEBHOOK_SECRET. */
export const POST = withPublic(
  async ({ req }) =>
    handleResendWebhook({
      // The raw text: the signature covers the exact bytes, a re-serialized JSON would not match.
      payload: await req.text(),
      headers: {
        id: req.headers.get("svix-id"),
        timestamp: req.headers.get("svix-timestamp"),
        signature: req.headers.get("svix-signature"),
      },
      now: new Date(),
    }),
  { rateLimit: { name: "resend-webhook", limit: 1200, windowSeconds: 60 }, signedWebhook: true },
);
