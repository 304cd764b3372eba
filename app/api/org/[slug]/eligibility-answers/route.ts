import { withPublic } from "@/lib/api/handler";
import { orgSegmentParamsSchema, submitEligibilityBodySchema } from "@/lib/eligibility/answers-schema";
import { submitEligibilityAnswers } from "@/lib/eligibility/submit-answers";

export const dynamic = "force-dynamic";

// POST /api/org/{orgId or slug}/eligibility-answers { quote_id, contact_id?, answers } → { success, outcome }.
export const POST = withPublic(
  ({ params, body }) =>
    submitEligibilityAnswers({
      orgSegment: params.slug,
      quoteToken: body.quote_id,
      contactId: body.contact_id,
      answers: body.answers,
      now: new Date(),
    }),
  {
    params: orgSegmentParamsSchema,
    body: submitEligibilityBodySchema,
    maxBodyBytes: 64 * 1024,
    rateLimit: { name: "eligibility-answers", limit: 20, windowSeconds: 600 },
  },
);
