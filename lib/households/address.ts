/**
 * The address normalizer of household pairing (issue #20 point 1): two spellings of one home give one
 * key, two homes never do. Pure: no server imports, safe in the browser bundle.
 *
 * - Street: lower case, accents and punctuation dropped, spaces collapsed; USPS street suffixes
 *   (Street → st, Avenue → ave, …), directionals (North → n, Northeast → ne, …) and ordinal words
 *   (First → 1st, … Twentieth → 20th) in one form. A unit written on the street line ("12 Elm St Apt 4B",
 *   "12 Elm St #4B") is moved to the unit when the unit field is blank.
 * - Unit: the designators Apt / Apartment / Unit / # / Ste / Suite / No / Rm / Room dropped, so
 *   "Apt 4B" = "#4b" = "Unit 4-B" = "4B" → "4b"; other words ("Bldg", "Fl", "Lot") stay as they are.
 * - ZIP: 5 digits; ZIP+4 ("78701-1234", "787011234") reduced to its 5; anything else is no ZIP.
 *
 * A key needs a street with a house number and a ZIP: without them two contacts are not known to share a
 * home ("Main St" in one ZIP is a whole street). A street with a unit and the same street without one are
 * different keys: the unit may be the only thing telling two flats apart.
 */

export type AddressInput = {
  street?: string | null;
  unit?: string | null;
  zip?: string | null;
};

export type NormalizedAddress = { street: string | null; unit: string | null; zip: string | null };

/** USPS Publication 28, Appendix C1: the common street suffixes, every spelling → its abbreviation. */
const SUFFIXES: Record<string, string> = {
  alley: "aly",
  allee: "aly",
  ally: "aly",
  avenue: "ave",
  av: "ave",
  aven: "ave",
  avenu: "ave",
  avn: "ave",
  avnue: "ave",
  boulevard: "blvd",
  boul: "blvd",
  boulv: "blvd",
  circle: "cir",
  circ: "cir",
  circl: "cir",
  crcl: "cir",
  court: "ct",
  crt: "ct",
  cove: "cv",
  crossing: "xing",
  crssng: "xing",
  drive: "dr",
  driv: "dr",
  drv: "dr",
  expressway: "expy",
  expr: "expy",
  express: "expy",
  freeway: "fwy",
  freewy: "fwy",
  frway: "fwy",
  highway: "hwy",
  highwy: "hwy",
  hiway: "hwy",
  hiwy: "hwy",
  hway: "hwy",
  lane: "ln",
  loop: "loop",
  parkway: "pkwy",
  parkwy: "pkwy",
  pkway: "pkwy",
  pky: "pkwy",
  place: "pl",
  plaza: "plz",
  plza: "plz",
  point: "pt",
  road: "rd",
  route: "rte",
  square: "sq",
  sqr: "sq",
  squ: "sq",
  street: "st",
  str: "st",
  strt: "st",
  saint: "st",
  terrace: "ter",
  terr: "ter",
  trail: "trl",
  trails: "trl",
  turnpike: "tpke",
  trnpk: "tpke",
  turnpk: "tpke",
  way: "way",
  wy: "way",
};

const DIRECTIONALS: Record<string, string> = {
  north: "n",
  south: "s",
  east: "e",
  west: "w",
  northeast: "ne",
  northwest: "nw",
  southeast: "se",
  southwest: "sw",
};

const ORDINAL_WORDS = [
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
  "thirteenth",
  "fourteenth",
  "fifteenth",
  "sixteenth",
  "seventeenth",
  "eighteenth",
  "nineteenth",
  "twentieth",
];

function ordinalSuffix(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return "th";
  return ["th", "st", "nd", "rd"][n % 10] ?? "th";
}

const ORDINALS: Record<string, string> = Object.fromEntries(
  ORDINAL_WORDS.map((word, i) => [word, `${i + 1}${ordinalSuffix(i + 1)}`]),
);

/** The designators that only say "a unit follows"; dropped from a unit, and recognised at the end of a street line. */
const UNIT_DESIGNATORS = new Set(["apt", "apartment", "unit", "ste", "suite", "no", "num", "number", "rm", "room"]);

/** Lower case, accents dropped ("Peñasco" → "penasco"), "#" kept apart, other punctuation and spaces → one space. */
function words(value: string): string[] {
  // Most addresses are plain ASCII: decomposing them is the normalizer's largest cost, and changes nothing.
  const folded = /^[\x20-\x7e]*$/.test(value) ? value : value.normalize("NFKD").replace(/\p{M}+/gu, "");
  return folded
    .toLowerCase()
    .replace(/#/g, " # ")
    .replace(/['’.]/g, "")
    .replace(/[^a-z0-9#]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}

/** "2 nd" and "2nd" alike, and ordinal words to digits. */
function streetWord(word: string): string {
  return SUFFIXES[word] ?? DIRECTIONALS[word] ?? ORDINALS[word] ?? word;
}

const SUFFIX_FORMS = new Set([...Object.keys(SUFFIXES), ...Object.values(SUFFIXES)]);
const isUnitWord = (t: string) => t !== "#" && !UNIT_DESIGNATORS.has(t) && !SUFFIX_FORMS.has(t) && !(t in DIRECTIONALS);

/**
 * Splits a unit written at the end of a street line: "12 Elm St Apt 4B" → ["12 elm st", "4b"]. Only a
 * designator followed by one or two words at the end that hold a digit or are at most 3 letters long and are not a street
 * suffix (so "12 Suite Ave" stays a street, and "12 Elm St Apt B" has unit "b").
 */
function splitStreetLine(tokens: string[]): { street: string[]; unit: string[] | null } {
  for (let i = tokens.length - 2; i >= Math.max(1, tokens.length - 3); i--) {
    if (UNIT_DESIGNATORS.has(tokens[i]!) || tokens[i] === "#") {
      const rest = tokens.slice(i + 1);
      if (rest.every(isUnitWord) && (/\d/.test(rest.join("")) || rest.join("").length <= 3))
        return { street: tokens.slice(0, i), unit: rest };
    }
  }
  return { street: tokens, unit: null };
}

const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

function joinStreet(line: readonly string[]): string | null {
  const tokens = [...line];
  const normalized: string[] = [];
  for (const [i, token] of tokens.entries()) {
    if (token === "#") continue;
    // "Twenty-First" → "21st" (its "first" is then skipped).
    const unitOrdinal = token in TENS ? ORDINAL_WORDS.indexOf(tokens[i + 1] ?? "") + 1 : 0;
    if (unitOrdinal >= 1 && unitOrdinal <= 9) {
      const n = TENS[token]! + unitOrdinal;
      normalized.push(`${n}${ordinalSuffix(n)}`);
      tokens[i + 1] = "#";
      continue;
    }
    // "2 nd" → "2nd": an ordinal ending written apart from its number.
    const previous = normalized[normalized.length - 1];
    if (previous && /^\d+$/.test(previous) && ["st", "nd", "rd", "th"].includes(token) && normalized.length > 1) {
      normalized[normalized.length - 1] = `${previous}${token}`;
      continue;
    }
    normalized.push(streetWord(token));
  }
  const street = normalized.join(" ");
  return street === "" ? null : street;
}

function unitFrom(tokens: string[]): string | null {
  const kept = tokens.filter((t) => t !== "#" && !UNIT_DESIGNATORS.has(t));
  const unit = kept.join("").replace(/^0+(?=\d)/, "");
  return unit === "" ? null : unit;
}

/** "1 Main Street" → "1 main st"; blank → null. */
export function normalizeStreet(street: string | null | undefined): string | null {
  return normalizeAddress({ street }).street;
}

/** "Apt 4B", "#4b", "Unit 4-B" → "4b"; blank → null. */
export function normalizeUnit(unit: string | null | undefined): string | null {
  return unit ? unitFrom(words(unit)) : null;
}

/** "78701", "78701-1234", "787011234" → "78701"; anything else → null. */
export function normalizeZip(zip: string | null | undefined): string | null {
  const digits = (zip ?? "").trim();
  const match = /^(\d{5})(?:[-\s]?\d{4})?$/.exec(digits);
  return match ? match[1]! : null;
}

export function normalizeAddress({ street, unit, zip }: AddressInput): NormalizedAddress {
  const streetTokens = street ? words(street) : [];
  const ownUnit = normalizeUnit(unit);
  const split = ownUnit === null ? splitStreetLine(streetTokens) : { street: streetTokens, unit: null };
  return {
    street: joinStreet(split.street),
    unit: ownUnit ?? (split.unit ? unitFrom(split.unit) : null),
    zip: normalizeZip(zip),
  };
}

/**
 * The household key of an address: "zip|street|unit" (unit "" when none), or null when the address cannot
 * pair (no ZIP, no street, or a street without a house number).
 */
export function addressKey(input: AddressInput): string | null {
  const { street, unit, zip } = normalizeAddress(input);
  if (!zip || !street || !/\d/.test(street)) return null;
  return `${zip}|${street}|${unit ?? ""}`;
}
