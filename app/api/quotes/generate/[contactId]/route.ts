import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { generateQuoteLink } from "@/lib/quotes/quote-links";

export const dynamic = "force-dynamic";

// GET /api/quotes/generate/{contactId} → { quoteId, redirectUrl }: a new quote link for a contact the caller may see (else 404).
export const GET = withOrg(
  ({ user, organizationId, params }) => generateQuoteLink({ organizationId, viewer: user, contactId: params.contactId, now: new Date() }),
  { params: z.object({ contactId: z.uuid() }) },
);
