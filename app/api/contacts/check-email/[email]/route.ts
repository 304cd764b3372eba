import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { checkContactEmail } from "@/lib/contacts/contact-activity";

export const dynamic = "force-dynamic";

// GET /api/contacts/check-email/{email}[?excludeId={contactId}] → { exists }. The address is data to check, not an id:
// a malformed one is 422, not 404. excludeId leaves out the contact being edited.
export const GET = withOrg(
  ({ db, organizationId, params, query }) =>
    checkContactEmail({ db, organizationId, email: params.email, excludeId: query.excludeId }),
  {
    params: z.object({ email: z.string() }),
    query: z.object({ excludeId: z.preprocess((value) => (value === "" ? undefined : value), z.uuid().optional()) }),
  },
);
