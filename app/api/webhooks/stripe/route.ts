import { withPublic } from "@/lib/api/handler";
import { handleStripeWebhook } from "@/lib/billing/webhooks";

export const dynamic = "force-dynamic";

/** POST /api/webhooks/stripe: Stripe events, signed with STRIPE_WEBHOOK_SECRET (400 on a bad signature). */
export const POST = withPublic(
  async ({ req }) =>
    handleStripeWebhook({
      // The raw text: the signature covers the exact bytes.
      payload: await req.text(),
      signature: req.headers.get("stripe-signature"),
      now: new Date(),
    }),
  { rateLimit: { name: "stripe-webhook", limit: 1200, windowSeconds: 60 }, signedWebhook: true },
);
