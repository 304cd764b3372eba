/**
 * How consumer pages name and colour an agency (pure; safe in the browser too).
 */

export const DEFAULT_BRAND_COLOR = "#6B46C1";

/** What the settings and onboarding forms accept as a brand colour: #RRGGBB. */
export const BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const BRAND_COLOR_MESSAGE = `Use a colour like ${DEFAULT_BRAND_COLOR}`;

/** The name an agency shows clients and signs with: its brand name when it has one, else its name. */
export function brandNameOf(org: { name: string; brandName?: string | null }): string {
  return org.brandName?.trim() || org.name;
}

/** The organization's colour when it is a plain hex colour (it goes into inline styles), else the default. */
export function brandColor(value: string | null | undefined): string {
  return value && /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value) ? value : DEFAULT_BRAND_COLOR;
}

/** Whether a URL segment or query value names this organization (its id or its slug). */
export function namesOrganization(segment: string, org: { id: string; slug: string }): boolean {
  return segment === org.slug || segment.toLowerCase() === org.id.toLowerCase();
}

/** The columns every consumer page reads to show an agency: who it is, its logo, colour and phone. */
export const ORGANIZATION_BRANDING_SELECT = {
  id: true,
  slug: true,
  name: true,
  brandName: true,
  logoMimeType: true,
  logoUpdatedAt: true,
  primaryColor: true,
  phone: true,
} as const;
