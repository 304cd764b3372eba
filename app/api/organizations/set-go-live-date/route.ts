import { withOrg } from "@/lib/api/handler";
import { setGoLiveDateBodySchema } from "@/lib/trial/go-live";
import { setGoLiveDate } from "@/lib/trial/set-go-live-date";

/** The date is validated by setGoLiveDate (the spec's messages, in the organization's time zone). */

/** Admins only ('Only administrators can set go live date'). */
export const POST = withOrg(
  async ({ user, organizationId, body }) =>
    setGoLiveDate({
      organizationId,
      actor: { id: user.id, isAdmin: user.isAdmin },
      goLiveDate: body.goLiveDate,
      now: new Date(),
    }),
  { body: setGoLiveDateBodySchema },
);
