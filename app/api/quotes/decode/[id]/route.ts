import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { withPublic } from "@/lib/api/handler";
import { decodeQuote, isQuoteToken, QUOTE_NOT_FOUND_MESSAGE } from "@/lib/quotes/quote-links";

export const dynamic = "force-dynamic";

// GET /api/quotes/decode/{id} → the "Decoded quote" (contact, agent, organization branding), or 404 when unknown or expired.
export const GET = withPublic(
  ({ params, query }) => {
    if (!isQuoteToken(params.id)) throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
    return decodeQuote({ token: params.id, now: new Date(), orgId: query.orgId });
  },
  {
    params: z.object({ id: z.string() }),
    // orgId and tid are cross-checks / attribution only; skip_health_questions changes nothing here.
    query: z.object({
      orgId: z.string().max(100).optional(),
      tid: z.string().max(200).optional(),
      skip_health_questions: z.string().optional(),
    }),
    rateLimit: { name: "quote-decode", limit: 60, windowSeconds: 60 },
  },
);
