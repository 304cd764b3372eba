import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { generateQuoteLink } from "@/lib/quotes/quote-links";

export const dynamic = "force-dynamic";

// POST /api/quotes/generate/{contactId} → { quoteId, redirectUrl }: a new quote link for a contact the caller may see (else 404).
// The spec lists it as a GET; it writes a link row, and no GET changes state (docs/security.md, "CSRF").
export const POST = withOrg(
  ({ user, organizationId, params }) =>
    generateQuoteLink({ organizationId, viewer: user, contactId: params.contactId, now: new Date() }),
  { params: z.object({ contactId: z.uuid() }) },
);
