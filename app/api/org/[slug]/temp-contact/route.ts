import { withPublic } from "@/lib/api/handler";
import { orgSegmentParamsSchema } from "@/lib/eligibility/answers-schema";
import { createTempContact, TEMP_CONTACT_CLIENT_LIMIT } from "@/lib/eligibility/temp-contact";

export const dynamic = "force-dynamic";

// POST /api/org/{orgId or slug}/temp-contact → { success, contactId, quoteId } (quoteId: a quote-link token for the new contact).
export const POST = withPublic(({ params }) => createTempContact({ orgSegment: params.slug, now: new Date() }), {
  params: orgSegmentParamsSchema,
  // Per client, then the proof-of-work; the organization's cap in the service (docs/security.md "Public forms").
  rateLimit: TEMP_CONTACT_CLIENT_LIMIT,
  challenge: "temp-contact",
});
