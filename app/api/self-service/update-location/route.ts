import { withPublic } from "@/lib/api/handler";
import { updateLocationBodySchema, updateQuoteLocation } from "@/lib/quotes/update-location";

export const dynamic = "force-dynamic";

/** POST /api/self-service/update-location: { quoteId, zipCode, county } (orgSlug, contactId: cross-checks). */
export const POST = withPublic(({ body }) => updateQuoteLocation({ body, now: new Date() }), {
  body: updateLocationBodySchema,
  rateLimit: { name: "update-location", limit: 30, windowSeconds: 600 },
});
