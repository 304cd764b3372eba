import { withPublic } from "@/lib/api/handler";
import { updateQuoteDetails } from "@/lib/self-onboarding/quote-details";
import { updateQuoteDetailsSchema } from "@/lib/self-onboarding/self-onboarding-schema";

export const dynamic = "force-dynamic";

// POST /api/self-service/update-quote-details { quoteId, zipCode, county, dateOfBirth, gender, tobacco } → { success, redirectUrl }.
// Addressed by the quote link token; the contact and organization come from the link.
export const POST = withPublic(({ body }) => updateQuoteDetails({ input: body, now: new Date() }), {
  body: updateQuoteDetailsSchema,
  rateLimit: { name: "self-service-quote-details", limit: 60, windowSeconds: 3600 },
});
