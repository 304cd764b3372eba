import "server-only";
import { AppError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { listCarrierOptions } from "@/lib/carriers/list-carriers";
import { tenantTransaction, type TenantDb, type TxClient } from "@/lib/db";
import { GO_LIVE_MESSAGES } from "@/lib/trial/go-live";
import type { Prisma } from "@/lib/generated/prisma/client";
import { decodeLogo, logoUrl, type DecodedLogo } from "@/lib/settings/logo";
import type { OrgSettingsResponse } from "@/lib/settings/update-org-settings-body";
import {
  FAILED_UNDERWRITING_FREQUENCIES,
  FAILED_UNDERWRITING_TIMINGS,
  RIDER_OPTIONS,
  type OrgSettings,
} from "@/lib/settings/org-settings-schema";
import { completeStateCarrierSettings, readStateCarrierSettings } from "@/lib/settings/state-carrier-settings";
import { requestOrganizationReschedule } from "@/lib/outreach/triggers";
import { brandNameOf } from "@/lib/organizations/brand";
import { nationalDigits } from "@/lib/phone/phone";

/**
 * Organization settings (agency-side.md §3) ↔ the Organization row's columns. The settings object has
 * the shape of orgSettingsSchema, plus where the logo is served from (the bytes never travel in JSON).
 */

export const ORG_SETTINGS_SELECT = {
  id: true,
  name: true,
  slug: true,
  brandName: true,
  logoMimeType: true,
  logoUpdatedAt: true,
  primaryColor: true,
  secondaryColor: true,
  phone: true,
  website: true,
  redirectUrl: true,
  signature: true,
  orgSignature: true,
  postalAddress: true,
  carrierContracts: true,
  stateLicenses: true,
  stateCarrierSettings: true,
  allowAgentSettings: true,
  smartSendEnabled: true,
  forceOrgSenderDetails: true,
  hideMedicareAdvantage: true,
  calendarEnabled: true,
  phoneEnabled: true,
  callbackEnabled: true,
  contactOutreachDelayYears: true,
  householdWindowDays: true,
  smsEnabled: true,
  outreachBirthday: true,
  outreachEnrollmentAnniversary: true,
  outreachScheduleIncrease: true,
  outreachAep: true,
  failedUnderwritingOutreachEnabled: true,
  failedUnderwritingOutreachFrequency: true,
  failedUnderwritingOutreachTiming: true,
  mnDefaultRiders: true,
  wiDefaultRiders: true,
  maDefaultRiders: true,
} satisfies Prisma.OrganizationSelect;

type SettingsRow = Prisma.OrganizationGetPayload<{ select: typeof ORG_SETTINGS_SELECT }>;

export type OrgSettingsView = OrgSettings & {
  /** URL of the stored logo (GET /api/org/{slug}/logo?v=…), null when there is none. Same as logoUrl. */
  logo: string | null;
  logoUrl: string | null;
  hasLogo: boolean;
};

type Rider = (typeof RIDER_OPTIONS)[number];
const riders = (values: readonly string[]): Rider[] =>
  values.filter((v): v is Rider => (RIDER_OPTIONS as readonly string[]).includes(v));
const oneOf = <T extends string>(options: readonly T[], value: string, fallback: T): T =>
  (options as readonly string[]).includes(value) ? (value as T) : fallback;

/** A stored phone as the 10 digits the form edits ("+1 (512) 555-0188" → "5125550188"). */
function phoneDigitsOf(phone: string | null): string {
  return nationalDigits(phone ?? "");
}

function toView(row: SettingsRow): OrgSettingsView {
  const years = row.contactOutreachDelayYears;
  const url = row.logoMimeType ? logoUrl(row.slug, row.logoUpdatedAt) : null;
  return {
    carrierContracts: row.carrierContracts,
    stateLicenses: row.stateLicenses,
    stateCarrierSettings: completeStateCarrierSettings(
      row.stateLicenses,
      row.carrierContracts,
      readStateCarrierSettings(row.stateCarrierSettings),
    ),
    allowAgentSettings: row.allowAgentSettings,
    // The same switches as outreachTypes' (one stored value each, the one the planner reads).
    emailSendBirthday: row.outreachBirthday,
    emailSendPolicyAnniversary: row.outreachEnrollmentAnniversary,
    emailSendAep: row.outreachAep,
    smartSendEnabled: row.smartSendEnabled,
    brandName: brandNameOf(row),
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    phone: phoneDigitsOf(row.phone),
    website: row.website ?? "",
    signature: row.signature,
    orgSignature: row.orgSignature,
    postalAddress: row.postalAddress ?? "",
    redirectUrl: row.redirectUrl ?? "",
    forceOrgSenderDetails: row.forceOrgSenderDetails,
    hideMedicareAdvantage: row.hideMedicareAdvantage,
    contactPreferences: {
      calendarEnabled: row.calendarEnabled,
      phoneEnabled: row.phoneEnabled,
      callbackEnabled: row.callbackEnabled,
    },
    contactOutreachDelayYears: years === 2 || years === 3 ? years : 1,
    householdWindowDays: row.householdWindowDays,
    smsEnabled: row.smsEnabled,
    outreachTypes: {
      birthday: row.outreachBirthday,
      enrollmentAnniversary: row.outreachEnrollmentAnniversary,
      scheduleIncrease: row.outreachScheduleIncrease,
      aep: row.outreachAep,
    },
    failedUnderwritingOutreach: {
      enabled: row.failedUnderwritingOutreachEnabled,
      frequency: oneOf(FAILED_UNDERWRITING_FREQUENCIES, row.failedUnderwritingOutreachFrequency, "annual"),
      timing: oneOf(FAILED_UNDERWRITING_TIMINGS, row.failedUnderwritingOutreachTiming, "birthday"),
    },
    mnDefaultRiders: riders(row.mnDefaultRiders),
    wiDefaultRiders: riders(row.wiDefaultRiders),
    maDefaultRiders: riders(row.maDefaultRiders),
    logo: url,
    logoUrl: url,
    hasLogo: row.logoMimeType !== null,
  };
}

/** The settings as columns of the Organization row. */
function toColumns(settings: OrgSettings) {
  return {
    carrierContracts: settings.carrierContracts,
    stateLicenses: settings.stateLicenses,
    stateCarrierSettings: completeStateCarrierSettings(
      settings.stateLicenses,
      settings.carrierContracts,
      settings.stateCarrierSettings,
    ),
    allowAgentSettings: settings.allowAgentSettings,
    smartSendEnabled: settings.smartSendEnabled,
    brandName: settings.brandName,
    primaryColor: settings.primaryColor,
    secondaryColor: settings.secondaryColor,
    phone: settings.phone || null,
    website: settings.website || null,
    signature: settings.signature,
    orgSignature: settings.orgSignature,
    ...(settings.postalAddress === undefined ? {} : { postalAddress: settings.postalAddress || null }),
    redirectUrl: settings.redirectUrl || null,
    forceOrgSenderDetails: settings.forceOrgSenderDetails,
    hideMedicareAdvantage: settings.hideMedicareAdvantage,
    calendarEnabled: settings.contactPreferences.calendarEnabled,
    phoneEnabled: settings.contactPreferences.phoneEnabled,
    callbackEnabled: settings.contactPreferences.callbackEnabled,
    contactOutreachDelayYears: settings.contactOutreachDelayYears,
    householdWindowDays: settings.householdWindowDays,
    smsEnabled: settings.smsEnabled,
    outreachBirthday: settings.outreachTypes.birthday,
    outreachEnrollmentAnniversary: settings.outreachTypes.enrollmentAnniversary,
    outreachScheduleIncrease: settings.outreachTypes.scheduleIncrease,
    outreachAep: settings.outreachTypes.aep,
    failedUnderwritingOutreachEnabled: settings.failedUnderwritingOutreach.enabled,
    failedUnderwritingOutreachFrequency: settings.failedUnderwritingOutreach.frequency,
    failedUnderwritingOutreachTiming: settings.failedUnderwritingOutreach.timing,
    mnDefaultRiders: settings.mnDefaultRiders,
    wiDefaultRiders: settings.wiDefaultRiders,
    maDefaultRiders: settings.maDefaultRiders,
  } satisfies Prisma.OrganizationUpdateInput;
}

const SETTINGS_KEYS = [
  "carrierContracts",
  "stateLicenses",
  "stateCarrierSettings",
  "allowAgentSettings",
  "emailSendBirthday",
  "emailSendPolicyAnniversary",
  "emailSendAep",
  "smartSendEnabled",
  "brandName",
  "primaryColor",
  "secondaryColor",
  "phone",
  "website",
  "signature",
  "orgSignature",
  "postalAddress",
  "redirectUrl",
  "forceOrgSenderDetails",
  "hideMedicareAdvantage",
  "contactPreferences",
  "contactOutreachDelayYears",
  "householdWindowDays",
  "smsEnabled",
  "outreachTypes",
  "failedUnderwritingOutreach",
  "mnDefaultRiders",
  "wiDefaultRiders",
  "maDefaultRiders",
] as const satisfies readonly (keyof OrgSettings)[];

/** The settings keys whose values differ (compared as the settings object, not as columns). */
export function changedSettingsKeys(before: OrgSettings, after: OrgSettings): string[] {
  // An optional key the caller left out (postalAddress) is unchanged, not cleared.
  return SETTINGS_KEYS.filter((k) => after[k] !== undefined && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

/** The Organization columns that store a decoded logo (also for onboarding, which saves PNG logos). */
export function logoColumns(logo: DecodedLogo | null, now: Date) {
  return logo
    ? { logo: new Uint8Array(logo.bytes), logoMimeType: logo.mimeType, logoUpdatedAt: now }
    : { logo: null, logoMimeType: null, logoUpdatedAt: null };
}

/** The organization's settings (§3 shape), with brandName falling back to the organization's name. */
export async function getOrgSettings({
  db,
  organizationId,
}: {
  db: TenantDb;
  organizationId: string;
}): Promise<OrgSettingsView> {
  const row = await db.organization.findFirst({ where: { id: organizationId }, select: ORG_SETTINGS_SELECT });
  if (!row) throw AppError.notFound("Organization not found");
  return toView(row);
}

/** GET /api/settings/org: the settings with the organization's name and logo URL. */
export async function getOrgSettingsWithName({
  db,
  organizationId,
}: {
  db: TenantDb;
  organizationId: string;
}): Promise<OrgSettingsResponse> {
  const row = await db.organization.findFirst({ where: { id: organizationId }, select: ORG_SETTINGS_SELECT });
  if (!row) throw AppError.notFound("Organization not found");
  const orgSettings = toView(row);
  return { success: true as const, orgName: row.name, slug: row.slug, logo: orgSettings.logo, orgSettings };
}

/** Carrier names must be ones the settings list offers (listCarrierOptions); 422 otherwise. */
async function assertKnownCarriers(carrierContracts: readonly string[]) {
  const known = new Set((await listCarrierOptions()).map((c) => c.name));
  const unknown = carrierContracts.filter((name) => !known.has(name));
  if (unknown.length) {
    const message = `Unknown carrier${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`;
    throw new AppError("validation_failed", message, { fields: { carrierContracts: [message] } });
  }
}

/** A live agency's emails show its postal address (go-live requires one), so it cannot be cleared once live. */
async function assertMayClearPostalAddress(tx: TxClient, organizationId: string) {
  const org = await tx.organization.findFirst({ where: { id: organizationId }, select: { demoMode: true } });
  if (org && !org.demoMode) {
    const message = GO_LIVE_MESSAGES.postalAddressKept;
    throw new AppError("validation_failed", message, { fields: { postalAddress: [message] } });
  }
}

/**
 * Saves the settings (already parsed by orgSettingsSchema) and, when given, the logo: a data URL
 * (PNG or JPEG by content, ≤ 1 MB) replaces it, null removes it, undefined keeps it. One transaction
 * with one audit row ("settings.updated", metadata.changedKeys). Nothing changed → nothing written.
 */
export async function updateOrgSettings({
  organizationId,
  actorUserId,
  settings,
  logo,
  now = new Date(),
}: {
  organizationId: string;
  actorUserId: string | null;
  settings: OrgSettings;
  logo?: string | null;
  now?: Date;
}): Promise<OrgSettingsView> {
  const decodedLogo = typeof logo === "string" ? decodeLogo(logo, { allowed: ["image/png", "image/jpeg"] }) : null;
  const carrierContracts = [...new Set(settings.carrierContracts)];
  const stateLicenses = [...new Set(settings.stateLicenses)];
  await assertKnownCarriers(carrierContracts);
  const next: OrgSettings = {
    ...settings,
    carrierContracts,
    stateLicenses,
    stateCarrierSettings: completeStateCarrierSettings(stateLicenses, carrierContracts, settings.stateCarrierSettings),
  };

  const view = await tenantTransaction(organizationId, async (tx) => {
    const row = await tx.organization.findFirst({ where: { id: organizationId }, select: ORG_SETTINGS_SELECT });
    if (!row) throw AppError.notFound("Organization not found");
    const changedKeys: string[] = changedSettingsKeys(toView(row), next);
    const logoChange = logo === undefined ? null : logo === null ? (row.logoMimeType ? "removed" : null) : "replaced";
    if (logoChange) changedKeys.push("logo");
    if (changedKeys.length === 0) return toView(row);
    if (next.postalAddress === "" && changedKeys.includes("postalAddress"))
      await assertMayClearPostalAddress(tx, organizationId);

    const updated = await tx.organization.update({
      where: { id: organizationId },
      data: { ...toColumns(next), ...(logoChange ? logoColumns(decodedLogo, now) : {}) },
      select: ORG_SETTINGS_SELECT,
    });
    await recordAudit(tx, {
      organizationId,
      actorUserId,
      action: "settings.updated",
      entityType: "organization",
      entityId: organizationId,
      metadata: { changedKeys, ...(logoChange ? { logo: logoChange } : {}) },
    });
    return toView(updated);
  });
  // Outreach toggles, delays, the household window, texting (smsEnabled), licensed states and carriers shape the
  // schedule: every save re-plans it (queued, deduplicated).
  await requestOrganizationReschedule({ organizationId, now });
  return view;
}
