import { withPublic } from "@/lib/api/handler";
import { getOrgLogoResponse } from "@/lib/settings/public-org";
import { orgSlugParamsSchema } from "@/lib/settings/update-org-settings-body";

export const dynamic = "force-dynamic";

/** GET /api/org/{slug}/logo: the logo bytes, cacheable, with an ETag (304 on If-None-Match). */
export const GET = withPublic(
  ({ req, params }) => getOrgLogoResponse({ slug: params.slug, ifNoneMatch: req.headers.get("if-none-match") }),
  {
    params: orgSlugParamsSchema,
  },
);
