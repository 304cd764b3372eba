import { withOrg } from "@/lib/api/handler";
import { LOGO_BODY_MAX_BYTES } from "@/lib/settings/logo";
import { getOrgSettingsWithName, updateOrgSettings } from "@/lib/settings/org-settings";
import { updateOrgSettingsBodySchema, type UpdateOrgSettingsResponse } from "@/lib/settings/update-org-settings-body";

export const dynamic = "force-dynamic";

/** GET /api/settings/org: { success, orgName, slug, logo (URL or null), orgSettings }. */
export const GET = withOrg(({ db, organizationId }) => getOrgSettingsWithName({ db, organizationId }), {
  roles: ["admin"],
});

/** PUT /api/settings/org { settings, logo? }: logo is a data URL (replace), null (remove) or absent (keep). */
export const PUT = withOrg(
  async ({ organizationId, user, body }): Promise<UpdateOrgSettingsResponse> => ({
    success: true,
    orgSettings: await updateOrgSettings({
      organizationId,
      actorUserId: user.id,
      settings: body.settings,
      logo: body.logo,
    }),
  }),
  { roles: ["admin"], body: updateOrgSettingsBodySchema, maxBodyBytes: LOGO_BODY_MAX_BYTES },
);
