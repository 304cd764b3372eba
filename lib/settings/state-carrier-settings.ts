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
export function completeStateCarrierSettings(
  stateLicenses: readonly string[],
  carrierContracts: readonly string[],
  saved: readonly StateCarrierSetting[],
): StateCarrierSetting[] {
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
export function applyGiSelection(
  settings: readonly StateCarrierSetting[],
  mode: GiSelectionMode,
  recommendations: readonly GiRecommendation[] = [],
): StateCarrierSetting[] {
  const recommended = new Set(recommendations.map((r) => key(r.state.toUpperCase(), r.carrier)));
  return settings.map((s) => ({
    ...s,
    targetGI:
      mode === "all"
        ? true
        : mode === "none"
          ? false
          : Boolean(s.state && recommended.has(key(s.state.toUpperCase(), s.carrier))),
  }));
}

/** Anniversary outreach starts 11, 23 or 35 months after the effective date (1, 2 or 3 years). */
export function outreachDelayMonths(years: number): number {
  return 12 * years - 1;
}

// ───────────── Target GI and SmartSend (domain-rules B.7 leaves them open; docs/outreach-rules.md) ─────────────

/** The captions say exactly what the rules below do (Settings and the onboarding licensing step). */
export const GI_CAPTIONS = {
  targetGI:
    "Mark the carriers that accept a client without health questions (guaranteed issue) in each state. A client whose health answers fail underwriting is then quoted only the marked carriers in their state.",
  smartSend:
    "With SmartSend on, a client whose health answers failed underwriting gets the yearly failed-underwriting email only if a carrier is marked Target GI in their state, so you write to them only when there is a policy they can get without health questions.",
} as const;

type GiSetting = Pick<StateCarrierSetting, "state" | "carrier" | "active" | "targetGI">;

const appliesIn = (setting: Pick<StateCarrierSetting, "state">, state: string | null) =>
  !setting.state || setting.state === state;

/**
 * The carriers marked Target GI for `state` (lower-cased names): the agency offers them on
 * guaranteed-issue terms there, i.e. they take a contact without medical underwriting. A carrier
 * switched off for the state (active false) is never one, and a setting without a state applies to
 * every state, as in carriersQuotedIn.
 */
export function guaranteedIssueCarriersIn(settings: readonly GiSetting[], state: string | null): Set<string> {
  if (!state) return new Set();
  const off = new Set(
    settings.filter((s) => !s.active && appliesIn(s, state)).map((s) => s.carrier.trim().toLowerCase()),
  );
  return new Set(
    settings
      .filter((s) => s.targetGI && s.active && appliesIn(s, state))
      .map((s) => s.carrier.trim().toLowerCase())
      .filter((carrier) => !off.has(carrier)),
  );
}

/**
 * Target GI: a contact whose latest health answers failed underwriting is quoted only the carriers
 * marked Target GI in their state (when at least one of the carriers they would be quoted is
 * marked), and the page says they are guaranteed-issue options. With none marked, or for a contact who
 * passed or has not answered, the quoted carriers are unchanged. Pure.
 */
export function carriersForUnderwriting({
  quoted,
  settings,
  state,
  failedUnderwriting,
}: {
  quoted: readonly string[];
  settings: readonly GiSetting[];
  state: string | null;
  failedUnderwriting: boolean;
}): { carriers: string[]; guaranteedIssueOnly: boolean } {
  if (!failedUnderwriting) return { carriers: [...quoted], guaranteedIssueOnly: false };
  const gi = guaranteedIssueCarriersIn(settings, state);
  const narrowed = quoted.filter((carrier) => gi.has(carrier.trim().toLowerCase()));
  return narrowed.length > 0
    ? { carriers: narrowed, guaranteedIssueOnly: true }
    : { carriers: [...quoted], guaranteedIssueOnly: false };
}

/**
 * SmartSend: with it on, the yearly failed-underwriting email goes only to a contact whose state has
 * at least one carrier marked Target GI (something they can buy without health questions; the email's
 * link then shows those carriers). These are the states where it may go; null = SmartSend off (the
 * email follows its own settings). Pure.
 */
export function smartSendStates({
  smartSendEnabled,
  settings,
  stateLicenses,
}: {
  smartSendEnabled: boolean;
  settings: readonly GiSetting[];
  stateLicenses: readonly string[];
}): string[] | null {
  if (!smartSendEnabled) return null;
  // The licensed states and any state a setting names (a setting without a state counts in each of them).
  const states = new Set([...stateLicenses, ...settings.filter((s) => s.state).map((s) => s.state!)]);
  return [...states].filter((state) => guaranteedIssueCarriersIn(settings, state).size > 0).sort();
}
