import { z } from "zod";
import { orgSettingsSchema } from "@/lib/settings/org-settings-schema";

/**
 * PUT /api/settings/org body: { settings, logo? }. logo: a data URL ("data:image/png;base64,…") to
 * replace the logo, null to remove it, absent to keep it. Pure: shared by the route and the form.
 */
export const updateOrgSettingsBodySchema = z.object({
  settings: orgSettingsSchema,
  // ~1.4 MB of base64 for a 1 MB image; decodeLogo gives the precise answer (413 / 422).
  logo: z.string().max(2 * 1024 * 1024).nullable().optional(),
});

export type UpdateOrgSettingsBody = z.input<typeof updateOrgSettingsBodySchema>;

/** An organization slug in a public URL; anything else is "not found". */
export const orgSlugParamsSchema = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/) });
