import type { CarrierOption } from "@/lib/carriers/list-carriers";
import { US_STATES } from "@/lib/reference/us-states";
import type { OrgSettingsView } from "@/lib/settings/org-settings";
import { RIDER_OPTIONS, type OrgSettingsInput } from "@/lib/settings/org-settings-schema";
import { completeStateCarrierSettings } from "@/lib/settings/state-carrier-settings";

/** The settings form's pure helpers: normalizing what the server sent (the rules are orgSettingsSchema's, through the form's resolver). */

export type SettingsForm = OrgSettingsInput;
export type Rider = (typeof RIDER_OPTIONS)[number];
export type RiderStateKey = "mnDefaultRiders" | "wiDefaultRiders" | "maDefaultRiders";

const STATE_ORDER = new Map(US_STATES.map((s, i) => [s.code, i]));

/** Carrier names in the list's order (names the list no longer offers stay, at the end). */
export function orderCarriers(names: readonly string[], carriers: readonly CarrierOption[]): string[] {
  const wanted = new Set(names);
  const known = carriers.filter((c) => wanted.has(c.name)).map((c) => c.name);
  const unknown = [...wanted].filter((n) => !carriers.some((c) => c.name === n));
  return [...known, ...unknown];
}

export function orderStates(codes: readonly string[]): string[] {
  return [...new Set(codes)].sort((a, b) => (STATE_ORDER.get(a) ?? 99) - (STATE_ORDER.get(b) ?? 99));
}

export function orderRiders(riders: readonly string[]): Rider[] {
  return RIDER_OPTIONS.filter((r) => riders.includes(r));
}

/** Carrier and state changes re-derive the state × carrier settings (keeping what was set). */
export function withLists(form: SettingsForm, carrierContracts: string[], stateLicenses: string[]): SettingsForm {
  return {
    ...form,
    carrierContracts,
    stateLicenses,
    stateCarrierSettings: completeStateCarrierSettings(stateLicenses, carrierContracts, form.stateCarrierSettings),
  };
}

/** The editable settings from the server's answer, in a stable order so that "changed" means changed. */
export function toFormState(view: OrgSettingsView | SettingsForm, carriers: readonly CarrierOption[]): SettingsForm {
  const carrierContracts = orderCarriers(view.carrierContracts, carriers);
  const stateLicenses = orderStates(view.stateLicenses);
  return {
    carrierContracts,
    stateLicenses,
    stateCarrierSettings: completeStateCarrierSettings(stateLicenses, carrierContracts, view.stateCarrierSettings),
    allowAgentSettings: view.allowAgentSettings,
    emailSendBirthday: view.emailSendBirthday,
    emailSendPolicyAnniversary: view.emailSendPolicyAnniversary,
    emailSendAep: view.emailSendAep,
    smartSendEnabled: view.smartSendEnabled,
    brandName: view.brandName,
    primaryColor: view.primaryColor,
    secondaryColor: view.secondaryColor,
    phone: view.phone,
    website: view.website,
    signature: view.signature,
    orgSignature: view.orgSignature,
    postalAddress: view.postalAddress ?? "",
    redirectUrl: view.redirectUrl,
    forceOrgSenderDetails: view.forceOrgSenderDetails,
    hideMedicareAdvantage: view.hideMedicareAdvantage,
    contactPreferences: { ...view.contactPreferences },
    contactOutreachDelayYears: view.contactOutreachDelayYears,
    householdWindowDays: view.householdWindowDays,
    smsEnabled: view.smsEnabled,
    outreachTypes: { ...view.outreachTypes },
    failedUnderwritingOutreach: { ...view.failedUnderwritingOutreach },
    mnDefaultRiders: orderRiders(view.mnDefaultRiders),
    wiDefaultRiders: orderRiders(view.wiDefaultRiders),
    maDefaultRiders: orderRiders(view.maDefaultRiders),
  };
}
