import type { StandardPlanType } from "@/lib/contacts/contact-fields";
import { daysInMonth } from "@/lib/calendar/month-days";
import { seededRandom } from "@/lib/random/seeded-random";
/**
 * Made-up contacts for the demo agency. Pure and deterministic: the same seed and `now` always give the
 * same contacts, so the seed, its tests and screenshots agree. No real people: names are drawn from
 * common-name lists, phones are in the fictional 555-01xx range, and emails are on the reserved
 * example.com/.org/.net domains, which can never deliver to anyone.
 */

/** Stored as the standard plan names the form, the import and the list use (lib/contacts/contact-fields.ts). */
const PLAN_NAMES: Record<"F" | "G" | "N" | "HDG", StandardPlanType> = {
  F: "Plan F",
  G: "Plan G",
  N: "Plan N",
  HDG: "High Deductible Plan G",
};

export type SampleContactInput = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  state: string;
  zipCode: string;
  county: string;
  countyFips: string;
  gender: "M" | "F";
  tobaccoUser: boolean;
  /** Calendar date (midnight UTC), as stored in the @db.Date column. */
  birthDate: Date;
  /** First of a month, in the past (midnight UTC). */
  effectiveDate: Date;
  currentCarrier: string;
  currentCarrierNaic: string;
  planType: string;
  agentId: string | null;
  status: string;
  source: "seed";
};

export type GenerateSampleContactsOptions = {
  count: number;
  seed: number;
  /** "Today" for ages and effective dates; its UTC calendar date is used. */
  now: Date;
  /** Agents to spread the contacts over; about one in ten stays unassigned (goes to the default agent). */
  agentIds: readonly string[];
};

/** Reserved for documentation (RFC 2606): mail to them can never reach a person. */
export const SAMPLE_EMAIL_DOMAINS = ["example.com", "example.org", "example.net"] as const;

/** The states whose switch rules the demo must exercise, first; then a spread of large Medigap markets. */
export const SAMPLE_REQUIRED_STATES = ["CA", "ID", "KY", "MD", "NV", "OK", "OR", "MO", "NY", "TX"] as const;

type Place = { zip: string; city: string; county: string; countyFips: string; areaCode: string };

// Real ZIP → county pairs taken from data/reference/zip-county/zip_county_hud_2023q1.csv (first, i.e. main, county
// of each ZIP), hard-coded so the generator stays pure and needs no file access.
const PLACES: Record<string, readonly Place[]> = {
  CA: [
    { zip: "90210", city: "Beverly Hills", county: "Los Angeles County", countyFips: "06037", areaCode: "310" },
    { zip: "94110", city: "San Francisco", county: "San Francisco County", countyFips: "06075", areaCode: "415" },
    { zip: "92101", city: "San Diego", county: "San Diego County", countyFips: "06073", areaCode: "619" },
  ],
  ID: [
    { zip: "83702", city: "Boise", county: "Ada County", countyFips: "16001", areaCode: "208" },
    { zip: "83814", city: "Coeur D Alene", county: "Kootenai County", countyFips: "16055", areaCode: "208" },
    { zip: "83301", city: "Twin Falls", county: "Twin Falls County", countyFips: "16083", areaCode: "208" },
  ],
  KY: [
    { zip: "40202", city: "Louisville", county: "Jefferson County", countyFips: "21111", areaCode: "502" },
    { zip: "40502", city: "Lexington", county: "Fayette County", countyFips: "21067", areaCode: "859" },
    { zip: "42101", city: "Bowling Green", county: "Warren County", countyFips: "21227", areaCode: "270" },
  ],
  MD: [
    { zip: "21201", city: "Baltimore", county: "Baltimore city", countyFips: "24510", areaCode: "410" },
    { zip: "20850", city: "Rockville", county: "Montgomery County", countyFips: "24031", areaCode: "301" },
    { zip: "21401", city: "Annapolis", county: "Anne Arundel County", countyFips: "24003", areaCode: "410" },
  ],
  NV: [
    { zip: "89101", city: "Las Vegas", county: "Clark County", countyFips: "32003", areaCode: "702" },
    { zip: "89502", city: "Reno", county: "Washoe County", countyFips: "32031", areaCode: "775" },
    { zip: "89014", city: "Henderson", county: "Clark County", countyFips: "32003", areaCode: "702" },
  ],
  OK: [
    { zip: "73102", city: "Oklahoma City", county: "Oklahoma County", countyFips: "40109", areaCode: "405" },
    { zip: "74103", city: "Tulsa", county: "Tulsa County", countyFips: "40143", areaCode: "918" },
    { zip: "73069", city: "Norman", county: "Cleveland County", countyFips: "40027", areaCode: "405" },
  ],
  OR: [
    { zip: "97201", city: "Portland", county: "Multnomah County", countyFips: "41051", areaCode: "503" },
    { zip: "97401", city: "Eugene", county: "Lane County", countyFips: "41039", areaCode: "541" },
    { zip: "97301", city: "Salem", county: "Marion County", countyFips: "41047", areaCode: "503" },
  ],
  MO: [
    { zip: "63101", city: "Saint Louis", county: "St. Louis city", countyFips: "29510", areaCode: "314" },
    { zip: "64106", city: "Kansas City", county: "Jackson County", countyFips: "29095", areaCode: "816" },
    { zip: "65804", city: "Springfield", county: "Greene County", countyFips: "29077", areaCode: "417" },
  ],
  NY: [
    { zip: "10025", city: "New York", county: "New York County", countyFips: "36061", areaCode: "212" },
    { zip: "11215", city: "Brooklyn", county: "Kings County", countyFips: "36047", areaCode: "718" },
    { zip: "14604", city: "Rochester", county: "Monroe County", countyFips: "36055", areaCode: "585" },
  ],
  TX: [
    { zip: "75201", city: "Dallas", county: "Dallas County", countyFips: "48113", areaCode: "214" },
    { zip: "77002", city: "Houston", county: "Harris County", countyFips: "48201", areaCode: "713" },
    { zip: "78704", city: "Austin", county: "Travis County", countyFips: "48453", areaCode: "512" },
  ],
  FL: [
    { zip: "33101", city: "Miami", county: "Miami-Dade County", countyFips: "12086", areaCode: "305" },
    { zip: "32801", city: "Orlando", county: "Orange County", countyFips: "12095", areaCode: "407" },
    { zip: "33602", city: "Tampa", county: "Hillsborough County", countyFips: "12057", areaCode: "813" },
  ],
  GA: [
    { zip: "30303", city: "Atlanta", county: "Fulton County", countyFips: "13121", areaCode: "404" },
    { zip: "31401", city: "Savannah", county: "Chatham County", countyFips: "13051", areaCode: "912" },
    { zip: "30601", city: "Athens", county: "Clarke County", countyFips: "13059", areaCode: "706" },
  ],
  IL: [
    { zip: "60614", city: "Chicago", county: "Cook County", countyFips: "17031", areaCode: "312" },
    { zip: "62701", city: "Springfield", county: "Sangamon County", countyFips: "17167", areaCode: "217" },
    { zip: "61602", city: "Peoria", county: "Peoria County", countyFips: "17143", areaCode: "309" },
  ],
  PA: [
    { zip: "19103", city: "Philadelphia", county: "Philadelphia County", countyFips: "42101", areaCode: "215" },
    { zip: "15213", city: "Pittsburgh", county: "Allegheny County", countyFips: "42003", areaCode: "412" },
    { zip: "17101", city: "Harrisburg", county: "Dauphin County", countyFips: "42043", areaCode: "717" },
  ],
  OH: [
    { zip: "43215", city: "Columbus", county: "Franklin County", countyFips: "39049", areaCode: "614" },
    { zip: "44114", city: "Cleveland", county: "Cuyahoga County", countyFips: "39035", areaCode: "216" },
    { zip: "45202", city: "Cincinnati", county: "Hamilton County", countyFips: "39061", areaCode: "513" },
  ],
  AZ: [
    { zip: "85004", city: "Phoenix", county: "Maricopa County", countyFips: "04013", areaCode: "602" },
    { zip: "85701", city: "Tucson", county: "Pima County", countyFips: "04019", areaCode: "520" },
    { zip: "86001", city: "Flagstaff", county: "Coconino County", countyFips: "04005", areaCode: "928" },
  ],
  NC: [
    { zip: "27601", city: "Raleigh", county: "Wake County", countyFips: "37183", areaCode: "919" },
    { zip: "28202", city: "Charlotte", county: "Mecklenburg County", countyFips: "37119", areaCode: "704" },
    { zip: "27401", city: "Greensboro", county: "Guilford County", countyFips: "37081", areaCode: "336" },
  ],
};

/** Every state the generator uses, required ones first. */
export const SAMPLE_STATES: readonly string[] = Object.keys(PLACES);

// Rough book-of-business weights: big retiree states carry more contacts.
const STATE_WEIGHTS: Record<string, number> = {
  TX: 10,
  FL: 10,
  CA: 9,
  NY: 7,
  PA: 6,
  OH: 6,
  IL: 5,
  GA: 5,
  NC: 5,
  AZ: 5,
  MO: 5,
  KY: 4,
  MD: 4,
  OK: 4,
  OR: 4,
  NV: 4,
  ID: 3,
};

type CarrierChoice = { name: string; naic: string; nyNaic?: string; weight: number };

// Group names and NAICs from data/reference/carriers/carrier_naic_groups.json. New York policies are written by
// the groups' New York companies where they have one.
export const SAMPLE_CARRIERS: readonly CarrierChoice[] = [
  { name: "UnitedHealthcare", naic: "79413", nyNaic: "60093", weight: 24 },
  { name: "Aetna", naic: "78700", weight: 18 },
  { name: "Humana", naic: "73288", nyNaic: "12634", weight: 17 },
  { name: "Mutual of Omaha", naic: "71412", weight: 17 },
  { name: "Cigna", naic: "67369", weight: 14 },
  { name: "Aflac", naic: "60380", weight: 10 },
];

const PLAN_WEIGHTS: readonly ["F" | "G" | "N" | "HDG", number][] = [
  ["G", 60],
  ["N", 22],
  ["F", 12],
  ["HDG", 6],
];

const FEMALE_NAMES = [
  "Mary",
  "Patricia",
  "Linda",
  "Barbara",
  "Elizabeth",
  "Jennifer",
  "Susan",
  "Margaret",
  "Dorothy",
  "Karen",
  "Nancy",
  "Betty",
  "Sandra",
  "Donna",
  "Carol",
  "Sharon",
  "Judith",
  "Deborah",
  "Janet",
  "Joyce",
  "Diane",
  "Rosa",
  "Maria",
  "Carmen",
  "Gloria",
  "Yolanda",
  "Mei",
  "Lin",
  "Grace",
  "Ruth",
  "Evelyn",
  "Frances",
  "Shirley",
  "Cheryl",
  "Kathleen",
  "Brenda",
  "Pamela",
  "Marilyn",
  "Gwendolyn",
  "Loretta",
  "Ingrid",
  "Helga",
  "Priya",
  "Aiko",
  "Esther",
  "Bernadette",
  "Rita",
  "Connie",
] as const;

const MALE_NAMES = [
  "James",
  "Robert",
  "John",
  "Michael",
  "William",
  "David",
  "Richard",
  "Charles",
  "Joseph",
  "Thomas",
  "Donald",
  "Ronald",
  "Kenneth",
  "Gary",
  "Larry",
  "Dennis",
  "Jerry",
  "Frank",
  "Raymond",
  "Gerald",
  "Walter",
  "Harold",
  "Roger",
  "Wayne",
  "Carlos",
  "Jose",
  "Luis",
  "Manuel",
  "Hiroshi",
  "Wei",
  "Arthur",
  "Eugene",
  "Ralph",
  "Howard",
  "Lawrence",
  "Douglas",
  "Willie",
  "Leroy",
  "Clarence",
  "Earl",
  "Stanley",
  "Vernon",
  "Rajesh",
  "Dmitri",
  "Samuel",
  "Bernard",
  "Alvin",
  "Curtis",
] as const;

const LAST_NAMES = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Sanchez",
  "Clark",
  "Ramirez",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Nguyen",
  "Hill",
  "Flores",
  "Green",
  "Adams",
  "Nelson",
  "Baker",
  "Hall",
  "Rivera",
  "Campbell",
  "Mitchell",
  "Carter",
  "Roberts",
  "Kowalski",
  "O'Brien",
  "Schmidt",
  "Murphy",
  "Sullivan",
  "Kim",
  "Patel",
  "Chen",
  "Yamamoto",
  "Novak",
  "Olsen",
  "Lindqvist",
  "Fitzgerald",
  "Delgado",
  "Castillo",
  "Washington",
  "Brooks",
  "Okafor",
  "Hughes",
  "Price",
  "Bennett",
  "Wood",
  "Barnes",
  "Ross",
  "Henderson",
  "Coleman",
  "Jenkins",
  "Perry",
  "Powell",
  "Long",
] as const;

function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

function pickWeighted<T>(rng: () => number, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1]![0];
}

const DAY_MS = 86_400_000;

/** Whole years between two calendar dates (the age on `on` of someone born on `birth`). */
export function ageOn(birth: Date, on: Date): number {
  let age = on.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    on.getUTCMonth() < birth.getUTCMonth() ||
    (on.getUTCMonth() === birth.getUTCMonth() && on.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** A birth date that makes the person exactly `age` on `today`. */
function birthDateForAge(rng: () => number, today: Date, age: number): Date {
  const year = today.getUTCFullYear() - age;
  const month = today.getUTCMonth();
  // Clamp so that "today" on 29 February maps to 28 February in a non-leap birth year (else Date.UTC rolls to March).
  const latest = Date.UTC(year, month, Math.min(today.getUTCDate(), daysInMonth(year, month + 1)));
  // Up to 364 days earlier is still the same age (one year back is 365 or 366 days).
  return new Date(latest - Math.floor(rng() * 365) * DAY_MS);
}

/**
 * A policy start on the first of `month`, before today, at or after the 65th birthday when such a date
 * exists (people still 64, or who turned 65 only weeks ago, get the latest past one: an under-65 policy).
 */
function effectiveDateFor(rng: () => number, today: Date, birth: Date, month: number): Date {
  const sixtyFifth = Date.UTC(birth.getUTCFullYear() + 65, birth.getUTCMonth(), birth.getUTCDate());
  const latestYear =
    Date.UTC(today.getUTCFullYear(), month, 1) < today.getTime() ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  // Books rarely hold policies older than about twelve years: the customer has switched or lapsed.
  const oldestYear = Math.max(latestYear - 12, new Date(sixtyFifth).getUTCFullYear());
  const years: number[] = [];
  for (let y = oldestYear; y <= latestYear; y++) if (Date.UTC(y, month, 1) >= sixtyFifth) years.push(y);
  return new Date(Date.UTC(years.length ? pick(rng, years) : latestYear, month, 1));
}

// Plan F closed to anyone who became eligible for Medicare from 1 January 2020 (MACRA), so such
// contacts hold G instead; high-deductible G has only been sold since 2020.
const PLAN_F_CLOSED = Date.UTC(2020, 0, 1);

function slug(name: string) {
  return name.toLowerCase().replace(/[^a-z]/g, "");
}

export function generateSampleContacts({
  count,
  seed,
  now,
  agentIds,
}: GenerateSampleContactsOptions): SampleContactInput[] {
  const rng = seededRandom(seed).next;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const stateChoices = SAMPLE_STATES.map((s) => [s, STATE_WEIGHTS[s] ?? 1] as const);
  const carrierChoices = SAMPLE_CARRIERS.map((c) => [c, c.weight] as const);
  // Ages cluster in the late sixties and seventies, with a tail to 90 and a few turning 65 soon.
  const ageChoices = Array.from({ length: 27 }, (_, i) => 64 + i).map(
    (age) => [age, age === 64 ? 2 : age <= 72 ? 6 : age <= 80 ? 4 : 1.5] as const,
  );
  const assignees: (string | null)[] = [...agentIds];
  const contacts: SampleContactInput[] = [];

  for (let i = 0; i < count; i++) {
    // The first contacts walk every state and every month so that small counts still cover them all.
    const state = i < SAMPLE_STATES.length ? SAMPLE_STATES[i]! : pickWeighted(rng, stateChoices);
    const place = pick(rng, PLACES[state]!);
    const gender = rng() < 0.55 ? "F" : "M";
    const firstName = pick(rng, gender === "F" ? FEMALE_NAMES : MALE_NAMES);
    const lastName = pick(rng, LAST_NAMES);
    const birthDate = birthDateForAge(rng, today, pickWeighted(rng, ageChoices));
    const effectiveDate = effectiveDateFor(rng, today, birthDate, i < 12 ? i : Math.floor(rng() * 12));
    const carrier = pickWeighted(rng, carrierChoices);
    let planType = pickWeighted(rng, PLAN_WEIGHTS);
    const medicareStart = Date.UTC(birthDate.getUTCFullYear() + 65, birthDate.getUTCMonth(), 1);
    if (medicareStart >= PLAN_F_CLOSED && planType === "F") planType = "G";
    if (effectiveDate.getTime() < PLAN_F_CLOSED && planType === "HDG") planType = "G";
    const agentId = assignees.length === 0 || rng() < 0.1 ? null : pick(rng, assignees);

    contacts.push({
      firstName,
      lastName,
      // The index keeps every address unique even when names repeat.
      email: `${slug(firstName)}.${slug(lastName)}.${i + 1}@${SAMPLE_EMAIL_DOMAINS[i % SAMPLE_EMAIL_DOMAINS.length]}`,
      phoneNumber: `${place.areaCode}55501${String(Math.floor(rng() * 100)).padStart(2, "0")}`,
      state,
      zipCode: place.zip,
      county: place.county,
      countyFips: place.countyFips,
      gender,
      tobaccoUser: rng() < 0.12,
      birthDate,
      effectiveDate,
      currentCarrier: carrier.name,
      currentCarrierNaic: state === "NY" && carrier.nyNaic ? carrier.nyNaic : carrier.naic,
      planType: PLAN_NAMES[planType],
      agentId,
      status: "New",
      source: "seed",
    });
  }
  return contacts;
}
