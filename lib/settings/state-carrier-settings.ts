/**
 * State × carrier settings (domain-rules B.7) and the outreach-delay rule. Pure: used by the server
 * when it reads and saves settings and by the settings form as the admin edits them.
 */

export type StateCarrierSetting = { state?: string | null; carrier: string; active: boolean; targetGI: boolean };
export type GiRecommendation = { state: string; carrier: string };
export type GiSelectionMode = "all" | "none" | "recommended";

/**
 * The settings as stored (Organization.stateCarrierSettings, JSON): the well-formed entries; anything else
 * (not a list, an entry missing a field) counts as no setting. The one reader for settings, onboarding and
 * quotes.
 */
export function readStateCarrierSettings(value: unknown): StateCarrierSetting[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is StateCarrierSetting =>
      typeof v === "object" &&
      v !== null &&
      typeof (v as StateCarrierSetting).carrier === "string" &&
      typeof (v as StateCarrierSetting).active === "boolean" &&
      typeof (v as StateCarrierSetting).targetGI === "boolean" &&
      ((v as StateCarrierSetting).state == null || typeof (v as StateCarrierSetting).state === "string"),
  );
}

const key = (state: string, carrier: string) => `${state}|${carrier.toLowerCase()}`;

/**
 * One setting for every licensed state × contracted carrier, in that order: a saved setting keeps its
 * values, a missing one gets the defaults (active true, targetGI false). A saved setting without a
 * state applies to every state of its carrier. Settings for states or carriers no longer selected drop out.
 */
export function completeStateCarrierSettings(stateLicenses: readonly string[], carrierContracts: readonly string[], saved: readonly StateCarrierSetting[]): StateCarrierSetting[] {
  const byKey = new Map<string, StateCarrierSetting>();
  const anyState = new Map<string, StateCarrierSetting>();
  for (const s of saved) {
    if (s.state) byKey.set(key(s.state, s.carrier), s);
    else anyState.set(s.carrier.toLowerCase(), s);
  }
  return stateLicenses.flatMap((state) =>
    carrierContracts.map((carrier) => {
      const found = byKey.get(key(state, carrier)) ?? anyState.get(carrier.toLowerCase());
      return { state, carrier, active: found?.active ?? true, targetGI: found?.targetGI ?? false };
    }),
  );
}

/**
 * GI selection modes (domain-rules B.7): all → every combination targets GI; none → none does;
 * recommended → only the (state, carrier) pairs in the recommendations table (case-insensitive).
 */
export function applyGiSelection(settings: readonly StateCarrierSetting[], mode: GiSelectionMode, recommendations: readonly GiRecommendation[] = []): StateCarrierSetting[] {
  const recommended = new Set(recommendations.map((r) => key(r.state.toUpperCase(), r.carrier)));
  return settings.map((s) => ({
    ...s,
    targetGI: mode === "all" ? true : mode === "none" ? false : Boolean(s.state && recommended.has(key(s.state.toUpperCase(), s.carrier))),
  }));
}

/** Anniversary outreach starts 11, 23 or 35 months after the effective date (1, 2 or 3 years). */
export function outreachDelayMonths(years: number): number {
  return 12 * years - 1;
}
