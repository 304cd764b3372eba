import { withPublic } from "@/lib/api/handler";
import { getPublicOrgDetails } from "@/lib/settings/public-org";
import { orgSlugParamsSchema } from "@/lib/settings/update-org-settings-body";

export const dynamic = "force-dynamic";

/** GET /api/org/{slug}/details: the agency's public branding and contact details (consumer pages). */
export const GET = withPublic(({ params }) => getPublicOrgDetails({ slug: params.slug }), {
  params: orgSlugParamsSchema,
  rateLimit: { name: "org-details", limit: 300, windowSeconds: 300 },
});
