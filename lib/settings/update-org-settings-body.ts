import { z } from "zod";
import type { CarrierOption } from "@/lib/carriers/list-carriers";
import type { OrgSettingsView } from "@/lib/settings/org-settings";
import { orgSettingsSchema } from "@/lib/settings/org-settings-schema";
import type { GiRecommendation } from "@/lib/settings/state-carrier-settings";

/**
 * PUT /api/settings/org body: { settings, logo? }. logo: a data URL ("data:image/png;base64,…") to
 * replace the logo, null to remove it, absent to keep it. Pure: shared by the route and the form.
 */
export const updateOrgSettingsBodySchema = z.object({
  settings: orgSettingsSchema,
  // ~1.4 MB of base64 for a 1 MB image; decodeLogo gives the precise answer (413 / 422).
  logo: z
    .string()
    .max(2 * 1024 * 1024)
    .nullable()
    .optional(),
});

export type UpdateOrgSettingsBody = z.input<typeof updateOrgSettingsBodySchema>;

/** An organization slug in a public URL; anything else is "not found". */
export const orgSlugParamsSchema = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/) });

/*
 * The response bodies of the settings routes, as the browser reads them (lib/api/browser-client.ts apiCall<T>).
 * The lib functions that answer them are typed with these, so a change to one shows in the other.
 */

/** GET /api/settings/org. */
export type OrgSettingsResponse = {
  success: true;
  orgName: string;
  slug: string;
  logo: string | null;
  orgSettings: OrgSettingsView;
};
/** PUT /api/settings/org. */
export type UpdateOrgSettingsResponse = { success: true; orgSettings: OrgSettingsView };
/** GET /api/settings/carriers. */
export type SettingsCarriersResponse = {
  success: true;
  carriers: CarrierOption[];
  /** The caller's agency's contracted carriers (carrierContracts). */
  contracted: string[];
};
/** GET /api/settings/gi-recommendations. */
export type GiRecommendationsResponse = { success: true; recommendations: GiRecommendation[] };
/** GET /api/settings/rider-price-ranges/{state}: prices in cents. */
export type RiderPriceRange = { id: string; name: string; priceRange: { min: number; max: number } };
export type RiderPriceRangesResponse = { success: true; riders: RiderPriceRange[] };
/** GET /api/self-service-info. */
export type SelfServiceInfoResponse = { success: true; selfOnboardingUrl: string };
