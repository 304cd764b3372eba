import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { setGoLiveDate } from "@/lib/trial/set-go-live-date";

/** The date is validated by setGoLiveDate (the spec's messages, in the organization's time zone). */
const setGoLiveDateBodySchema = z.object({ goLiveDate: z.unknown().optional() });

/** Admins only ('Only administrators can set go live date'). */
export const POST = withOrg(
  async ({ user, organizationId, body }) => setGoLiveDate({ organizationId, actor: { id: user.id, isAdmin: user.isAdmin }, goLiveDate: body.goLiveDate, now: new Date() }),
  { body: setGoLiveDateBodySchema },
);
