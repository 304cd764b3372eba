import { withPublic } from "@/lib/api/handler";
import { orgSegmentParamsSchema } from "@/lib/eligibility/answers-schema";
import { createTempContact } from "@/lib/eligibility/temp-contact";

export const dynamic = "force-dynamic";

// POST /api/org/{orgId or slug}/temp-contact → { success, contactId, quoteId } (quoteId: a quote-link token for the new contact).
export const POST = withPublic(({ params }) => createTempContact({ orgSegment: params.slug, now: new Date() }), {
  params: orgSegmentParamsSchema,
  rateLimit: { name: "temp-contact", limit: 10, windowSeconds: 3600 },
});
