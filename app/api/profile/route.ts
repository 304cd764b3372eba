import { withOrg } from "@/lib/api/handler";
import { getProfile } from "@/lib/profile/get-profile";
import { updateProfileBodySchema } from "@/lib/profile/profile-schema";
import { updateProfile } from "@/lib/profile/update-profile";

/** The caller's own profile (the user comes from the session, never from the request). */
export const GET = withOrg(async ({ db, user, organizationId }) =>
  getProfile({ db, organizationId, userId: user.id, isAdmin: user.isAdmin }),
);

export const PUT = withOrg(
  async ({ user, organizationId, body }) =>
    updateProfile({ organizationId, userId: user.id, isAdmin: user.isAdmin, input: body }),
  { body: updateProfileBodySchema },
);
