import { withPublic } from "@/lib/api/handler";
import { generateSelfServiceQuote } from "@/lib/self-onboarding/generate-quote";
import { generateQuoteSchema } from "@/lib/self-onboarding/self-onboarding-schema";

export const dynamic = "force-dynamic";

// POST /api/self-service/generate-quote { orgId, contactEmail, proof } → { success, contactId, quoteId, redirectUrl }.
// The proof is the one signup answered: without it nobody can mint a quote link for an email.
export const POST = withPublic(({ body }) => generateSelfServiceQuote({ input: body, now: new Date() }), {
  body: generateQuoteSchema,
  rateLimit: { name: "self-service-generate-quote", limit: 30, windowSeconds: 3600 },
});
