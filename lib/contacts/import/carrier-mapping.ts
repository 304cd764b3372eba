import { OTHER_CARRIER } from "@/lib/contacts/contact-fields";

/**
 * Carrier mapping for the CSV import (domain-rules D.1.3), in this order:
 *   (a) special cases ("aarp/uhc" → United Healthcare, "bcbs" → Blue Cross Blue Shield, …), used
 *       when the target is one of the supported carriers;
 *   (b) exact match of a supported name or alias (case, spacing and punctuation ignored);
 *   (c) a supported name or distinctive alias contained in the text ("AARP Medicare Supplement",
 *       "Humana Insurance Company"), then a near miss (one or two typos: "Humanna", "Mutual Omaha");
 *   (d) otherwise Other, and the original text is what gets stored.
 * Pure: the supported list is passed in (the carriers table's names + aliases on the server, the
 * settings carrier names + BUILT_IN_CARRIER_ALIASES in the browser).
 */

export type SupportedCarrier = { name: string; aliases: readonly string[] };

export type CarrierMatch = "special" | "exact" | "contains" | "fuzzy" | "none" | "empty";

export type CarrierMapping = {
  /** The supported carrier's name, or OTHER_CARRIER ("Other"); "" for a blank value. */
  carrier: string;
  recognized: boolean;
  /** The trimmed original text (what is stored when the mapping is Other). */
  original: string;
  match: CarrierMatch;
};

/** D.1.3 (a): spellings that always mean one carrier family. Keys are normalised (see normalizeCarrier). */
const SPECIAL_CASES: Record<string, string> = {
  aarp: "United Healthcare",
  "aarp uhc": "United Healthcare",
  "aarp uhica": "United Healthcare",
  uhc: "United Healthcare",
  uhica: "United Healthcare",
  "united healthcare": "United Healthcare",
  unitedhealthcare: "United Healthcare",
  "ace chubb": "Ace Chubb",
  "cigna healthspring": "Cigna",
  bcbs: "Blue Cross Blue Shield",
  "blue cross": "Blue Cross Blue Shield",
  "blue shield": "Blue Cross Blue Shield",
  humana: "Humana",
  "humana gold": "Humana",
  "humana gold plus": "Humana",
  "wellcare by allwell": "Wellcare",
  allwell: "Wellcare",
};

/** D.1.3: the built-in alias lists of the standard carriers (keyed by compact name). */
const BUILT_IN: Record<string, readonly string[]> = {
  aetna: ["aetna medicare", "aetna advantage", "aetna health", "aetna cvs", "cvs aetna", "continental life"],
  unitedhealthcare: [
    "uhc",
    "united health",
    "united",
    "aarp",
    "aarp uhc",
    "aarp medicare supplement",
    "unitedhealth",
    "uhica",
  ],
  humana: [
    "humana gold",
    "humana gold plus",
    "gold",
    "gold plus",
    "choice",
    "value",
    "preferred",
    "humana choice",
    "humana value",
  ],
  cigna: [
    "healthspring",
    "cigna health",
    "cigna healthspring",
    "connecticut general",
    "american retirement life",
    "loyal american",
  ],
  bluecrossblueshield: ["bcbs", "blue cross", "blue shield", "anthem", "anthem bcbs", "blue cross blue shield"],
  wellcare: ["wellcare by allwell", "allwell"],
  kaiser: ["kp", "kaiser permanente"],
  kaiserpermanente: ["kp", "kaiser"],
  anthem: ["anthem bcbs", "anthem blue cross"],
  molina: ["molina healthcare"],
  acechubb: ["ace", "chubb", "ace chubb", "ace/chubb"],
  mutualofomaha: ["mutual of omaha", "united of omaha", "omaha insurance", "moo"],
  aflac: ["american family life", "tier one insurance", "continental american"],
  allstate: ["allstate benefits", "american heritage life"],
};

/** Words that never identify a carrier on their own and are ignored in near-miss matching. */
const GENERIC = new Set([
  "insurance",
  "ins",
  "company",
  "co",
  "corp",
  "corporation",
  "inc",
  "of",
  "the",
  "and",
  "life",
  "health",
  "healthcare",
  "medicare",
  "supplement",
  "supp",
  "medigap",
  "plan",
  "plans",
  "group",
  "united",
  "american",
  "national",
  "gold",
  "plus",
  "choice",
  "value",
  "preferred",
  "ace",
  "kp",
  "moo",
  "benefits",
  "mutual",
  "family",
]);

/** "Ace/Chubb " → "ace chubb"; "&" reads "and". */
export function normalizeCarrier(value: string): string {
  return value
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const compact = (value: string) => value.replace(/ /g, "");

/** The built-in aliases for a supported carrier name (for callers that only have names). */
export function builtInCarrierAliases(name: string): string[] {
  return [...(BUILT_IN[compact(normalizeCarrier(name))] ?? [])];
}

/** Supported carriers from plain names, each with its built-in aliases. */
export function withBuiltInAliases(names: readonly string[]): SupportedCarrier[] {
  return names.map((name) => ({ name, aliases: builtInCarrierAliases(name) }));
}

/** Optimal string alignment distance (Levenshtein + adjacent transpositions); cap + 1 when over cap. */
export function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1);
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prevPrev[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > cap + 1) return cap + 1;
    prevPrev = prev;
    prev = cur;
  }
  return Math.min(prev[b.length]!, cap + 1);
}

type Indexed = { name: string; keys: string[] };

export type CarrierMapperOptions = {
  /**
   * Steps (c): containment and near misses. On (default) for the modal's suggestions; the server uses
   * special cases and exact names/aliases only (D.2 step 7), so a carrier the user left as Other in the
   * modal (sent as its original text) is not re-mapped behind their back.
   */
  fuzzy?: boolean;
};

/** Precomputes the supported list once; call .map(raw) per value (the import maps every row). */
export function createCarrierMapper(supported: readonly SupportedCarrier[], options: CarrierMapperOptions = {}) {
  const fuzzy = options.fuzzy ?? true;
  const carriers: Indexed[] = supported.map((c) => {
    const keys = new Set<string>();
    for (const spelling of [c.name, ...c.aliases, ...builtInCarrierAliases(c.name)]) {
      const n = normalizeCarrier(spelling);
      if (n) keys.add(n);
    }
    return { name: c.name, keys: [...keys] };
  });
  // A carrier's own name wins over another carrier's alias ("Anthem" when both Anthem and BCBS are listed).
  const byCompact = new Map<string, string>();
  for (const c of carriers) byCompact.set(compact(normalizeCarrier(c.name)), c.name);
  for (const c of carriers)
    for (const key of c.keys) if (!byCompact.has(compact(key))) byCompact.set(compact(key), c.name);
  const byCompactName = new Map(carriers.map((c) => [compact(normalizeCarrier(c.name)), c.name]));
  // Spellings distinctive enough to find inside longer text or to compare for typos.
  const distinctive = carriers.flatMap((c) =>
    c.keys
      .filter((k) => compact(k).length >= 4 && !GENERIC.has(k) && !k.split(" ").every((w) => GENERIC.has(w)))
      .map((k) => ({ name: c.name, key: k, compactKey: compact(k) })),
  );
  const cache = new Map<string, CarrierMapping>();

  function resolve(original: string): CarrierMapping {
    const n = normalizeCarrier(original);
    if (!n) return { carrier: OTHER_CARRIER, recognized: false, original, match: "none" };
    const c = compact(n);

    // (a) special cases, when their target is supported.
    const special = SPECIAL_CASES[n] ?? SPECIAL_CASES[c];
    if (special) {
      const target = byCompactName.get(compact(normalizeCarrier(special)));
      if (target) return { carrier: target, recognized: true, original, match: "special" };
    }

    // (b) exact name or alias.
    const exact = byCompact.get(c);
    if (exact) return { carrier: exact, recognized: true, original, match: "exact" };

    if (!fuzzy) return { carrier: OTHER_CARRIER, recognized: false, original, match: "none" };

    // (c1) a distinctive spelling inside the text, as whole words (or, for one-word spellings, glued: "UnitedHealthcare Ins").
    let best: { name: string; length: number } | null = null;
    const padded = ` ${n} `;
    for (const d of distinctive) {
      const inside = padded.includes(` ${d.key} `) || (d.compactKey.length >= 6 && c.includes(d.compactKey));
      if (inside && (!best || d.compactKey.length > best.length)) best = { name: d.name, length: d.compactKey.length };
    }
    if (best) return { carrier: best.name, recognized: true, original, match: "contains" };

    // (c2) near miss: the text without generic words, compared with each distinctive spelling.
    const core = n
      .split(" ")
      .filter((w) => !GENERIC.has(w))
      .join("");
    const candidates = new Set([c, core].filter((s) => s.length >= 4));
    let near: { name: string; distance: number } | null = null;
    for (const text of candidates) {
      for (const d of distinctive) {
        const cap = d.compactKey.length >= 8 ? 2 : 1;
        const distance = editDistance(text, d.compactKey, cap);
        if (distance <= cap && (!near || distance < near.distance)) near = { name: d.name, distance };
      }
    }
    if (near) return { carrier: near.name, recognized: true, original, match: "fuzzy" };

    return { carrier: OTHER_CARRIER, recognized: false, original, match: "none" };
  }

  return {
    map(raw: string | null | undefined): CarrierMapping {
      const original = (raw ?? "").trim();
      if (!original) return { carrier: "", recognized: false, original: "", match: "empty" };
      let hit = cache.get(original);
      if (!hit) {
        hit = resolve(original);
        if (cache.size < 50_000) cache.set(original, hit);
      }
      return hit;
    },
  };
}

/** Maps one CSV carrier value. For many values, use createCarrierMapper(supported).map. */
export function mapCarrierName(
  raw: string | null | undefined,
  supported: readonly SupportedCarrier[],
  options: CarrierMapperOptions = {},
): CarrierMapping {
  return createCarrierMapper(supported, options).map(raw);
}
