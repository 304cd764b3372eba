/**
 * Generates the SAMPLE rate book (synthetic rates, never real prices) into data/rate-books/sample/
 * in the CSV formats of lib/quotes/RATE-BOOK-FORMAT.md. Deterministic: a seeded PRNG per state and
 * carrier, so the same script writes the same bytes.
 *
 *   npx tsx --tsconfig tsconfig.scripts.json scripts/generate-sample-rate-book.ts [outDir]
 *
 * Calibration (shared/design/quote-engine.md §1c): attained-age curves from the 2018 national Plan G
 * curve (flat through 65–68 for some carriers, steeper or flatter by carrier); Plan G at 65, male,
 * non-tobacco in TX between $127 and $300 across carriers; women ×0.90–0.95; tobacco ×1.10–1.20;
 * household discounts 5–12.3% with categories; policy fees $0–25. AARP/UHC are community-rated;
 * NY, MN and MA are community-rated states; Humana TX rates by 3 county groups; one carrier (Aetna TX)
 * has two filings (2025-01-01 and a 7.7% increase from 2026-07-01) for the version switch.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";
import {
  attainedAgeCurve,
  COMMUNITY_AGE,
  MAX_RATING_AGE,
  MIN_RATING_AGE,
  premiumCents,
  type RateFactors,
} from "@/lib/quotes/pricing";
import type { PlanCode, RatingMethod, RiderId } from "@/lib/quotes/quote-provider";

const SEED = 20_260_101;
const BASE_DATE = "2025-01-01";
const SWITCH = { state: "TX", naic: "72052", date: "2026-07-01", increase: 1.077 };

// ---------- deterministic randomness ----------
function hashSeed(text: string): number {
  let h = SEED ^ 0x9e3779b9;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x85ebca6b) >>> 0;
  return h >>> 0;
}
function rng(key: string) {
  let a = hashSeed(key);
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
const round = (value: number, digits = 4) => Number(value.toFixed(digits));

// ---------- states and carriers ----------
type AreaStyle = "state" | "zip3" | "zip5" | "county";
type Metro = { zip3s: string[]; counties: string[] };
type StateConfig = {
  state: string;
  /** Price level relative to TX. */
  level: number;
  plans: PlanCode[];
  metroA: Metro;
  metroB: Metro;
  /** The ZIP3 whose ZIP5s (from the HUD crosswalk) make ZIP5-defined areas. */
  zip5Metro: string;
  riders: RiderId[];
  carriers: { naic: string; style: AreaStyle; method: RatingMethod }[];
};

const STANDARD: PlanCode[] = ["F", "G", "N", "HDF", "HDG"];
/** Plan price relative to Plan G (state designs: relative to a TX-level Plan G). */
const PLAN_RELATIVITY: Record<PlanCode, number> = {
  F: 1.2,
  G: 1,
  N: 0.78,
  HDF: 0.32,
  HDG: 0.29,
  MN_BASIC: 0.62,
  MN_EXTENDED: 1.12,
  WI_BASIC: 0.74,
  WI_HIGH_DEDUCTIBLE: 0.26,
  MA_CORE: 0.6,
  MA_SUPPLEMENT_1: 1.08,
  MA_SUPPLEMENT_1A: 0.96,
};
const RIDER_PRICES: Record<RiderId, [number, number]> = {
  part_a_deductible: [2500, 4500],
  part_b_deductible: [1400, 2400],
  part_b_excess: [200, 900],
  foreign_travel: [150, 600],
  home_health: [200, 500],
  preventive_care: [100, 400],
  skilled_nursing: [300, 800],
};

const c = (naic: string, style: AreaStyle, method: RatingMethod = "attained_age") => ({ naic, style, method });
const STATES: StateConfig[] = [
  {
    state: "TX",
    level: 1,
    plans: STANDARD,
    zip5Metro: "787",
    riders: [],
    metroA: {
      zip3s: ["770", "772", "773", "774", "775", "776", "777"],
      counties: ["48201", "48157", "48339", "48039", "48167"],
    },
    metroB: {
      zip3s: ["750", "751", "752", "753", "760", "761", "762", "780", "781", "782", "785"],
      counties: ["48113", "48439", "48085", "48121", "48029", "48215", "48061"],
    },
    carriers: [
      c("79413", "state", "community"),
      c("60219", "county"),
      c("72052", "zip3"),
      c("65269", "zip5"),
      c("65722", "zip3"),
      c("60380", "state"),
      c("71412", "zip3", "issue_age"),
      c("82538", "state"),
    ],
  },
  {
    state: "GA",
    level: 0.93,
    plans: STANDARD,
    zip5Metro: "303",
    riders: [],
    metroA: { zip3s: ["300", "301", "302", "303"], counties: ["13121", "13135", "13089", "13067"] },
    metroB: { zip3s: ["313", "314", "319"], counties: ["13051", "13215"] },
    carriers: [
      c("79413", "state", "community"),
      c("73288", "zip3"),
      c("78700", "zip3"),
      c("67369", "zip5"),
      c("60380", "state"),
      c("71412", "zip3", "issue_age"),
      c("13100", "state", "issue_age"),
    ],
  },
  {
    state: "FL",
    level: 1.12,
    plans: STANDARD,
    zip5Metro: "331",
    riders: [],
    metroA: { zip3s: ["330", "331", "332", "333", "334"], counties: ["12086", "12011", "12099"] },
    metroB: { zip3s: ["335", "336", "337", "338", "346"], counties: ["12057", "12103", "12101"] },
    carriers: [
      c("79413", "state", "community"),
      c("60984", "county"),
      c("72052", "zip3"),
      c("88366", "zip5"),
      c("60380", "state"),
      c("72850", "zip3", "issue_age"),
      c("20699", "state"),
    ],
  },
  {
    state: "MO",
    level: 0.95,
    plans: STANDARD,
    zip5Metro: "631",
    riders: [],
    metroA: { zip3s: ["630", "631", "633"], counties: ["29189", "29510", "29183"] },
    metroB: { zip3s: ["640", "641"], counties: ["29095", "29047", "29165"] },
    carriers: [
      c("79413", "state", "community"),
      c("60984", "zip3"),
      c("68500", "zip3"),
      c("65269", "zip5"),
      c("60380", "state"),
      c("71412", "state", "issue_age"),
    ],
  },
  {
    state: "CA",
    level: 0.98,
    plans: STANDARD,
    zip5Metro: "900",
    riders: [],
    metroA: {
      zip3s: [
        "900",
        "902",
        "903",
        "904",
        "905",
        "906",
        "907",
        "908",
        "910",
        "911",
        "912",
        "913",
        "914",
        "915",
        "916",
        "917",
        "918",
      ],
      counties: ["06037", "06059"],
    },
    metroB: {
      zip3s: ["940", "941", "943", "944", "945", "946", "947", "948", "949", "950", "951"],
      counties: ["06075", "06001", "06085", "06081"],
    },
    carriers: [
      c("79413", "state", "community"),
      c("60052", "zip3"),
      c("78700", "zip5"),
      c("61727", "zip3"),
      c("60380", "state"),
      c("71412", "zip3"),
      c("60534", "state"),
    ],
  },
  {
    // Community-rated state: every carrier rates without age or sex, by region.
    state: "NY",
    level: 1.55,
    plans: STANDARD,
    zip5Metro: "100",
    riders: [],
    metroA: {
      zip3s: ["100", "101", "102", "103", "104", "110", "111", "112", "113", "114", "115", "116", "117", "118", "119"],
      counties: ["36061", "36047", "36081", "36005", "36085", "36059", "36103"],
    },
    metroB: { zip3s: ["140", "141", "142", "143", "144", "145", "146"], counties: ["36029", "36055"] },
    carriers: [
      c("60093", "zip3", "community"),
      c("12634", "zip3", "community"),
      c("72052", "zip3", "community"),
      c("67369", "zip5", "community"),
      c("71412", "zip3", "community"),
      c("13100", "state", "community"),
    ],
  },
  {
    state: "MN",
    level: 1.05,
    plans: ["MN_BASIC", "MN_EXTENDED"],
    zip5Metro: "554",
    riders: ["part_a_deductible", "part_b_deductible", "part_b_excess", "preventive_care", "foreign_travel"],
    metroA: { zip3s: ["550", "551", "553", "554", "555"], counties: ["27053", "27123"] },
    metroB: { zip3s: ["557", "558"], counties: ["27137"] },
    carriers: [
      c("79413", "state", "community"),
      c("69671", "zip3", "community"),
      c("78700", "zip3", "community"),
      c("65269", "state", "community"),
      c("71412", "zip5", "community"),
      c("60380", "state", "community"),
    ],
  },
  {
    state: "WI",
    level: 0.95,
    plans: ["WI_BASIC", "WI_HIGH_DEDUCTIBLE"],
    zip5Metro: "532",
    riders: ["part_a_deductible", "part_b_deductible", "part_b_excess", "foreign_travel", "home_health"],
    metroA: { zip3s: ["530", "531", "532"], counties: ["55079", "55133"] },
    metroB: { zip3s: ["535", "537"], counties: ["55025"] },
    carriers: [
      c("79413", "state", "community"),
      c("88595", "zip3"),
      c("72052", "zip5"),
      c("65722", "zip3"),
      c("71412", "state"),
      c("60380", "state"),
    ],
  },
  {
    state: "MA",
    level: 1.2,
    plans: ["MA_CORE", "MA_SUPPLEMENT_1", "MA_SUPPLEMENT_1A"],
    zip5Metro: "021",
    riders: [],
    metroA: { zip3s: ["020", "021", "022", "023", "024"], counties: ["25025", "25017", "25021"] },
    metroB: { zip3s: ["010", "011"], counties: ["25013"] },
    carriers: [
      c("79413", "state", "community"),
      c("70580", "state", "community"),
      c("78700", "zip3", "community"),
      c("67369", "zip5", "community"),
      c("71412", "state", "community"),
      c("60380", "state", "community"),
    ],
  },
];

// ---------- reference data ----------
function seededNaics(): Set<string> {
  const groups = JSON.parse(readFileSync(REFERENCE_FILES.carrierGroups, "utf8")) as {
    carriers: Record<string, string[]>;
  };
  return new Set(Object.values(groups.carriers).flat());
}

/** ZIP5s by (state, ZIP3) from the HUD crosswalk. */
function zip5sByZip3(): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  const lines = readFileSync(REFERENCE_FILES.zipCounty, "utf8").split("\n").slice(1);
  for (const line of lines) {
    const [zip, state] = line.split(",");
    if (!zip || !state) continue;
    const key = `${state}|${zip.slice(0, 3)}`;
    if (!out.has(key)) out.set(key, new Set());
    out.get(key)!.add(zip);
  }
  return new Map([...out].map(([key, zips]) => [key, [...zips].sort()]));
}

// ---------- generation ----------
type Csv = { header: string[]; rows: (string | number)[][] };
const csv = (...header: string[]): Csv => ({ header, rows: [] });
const escape = (v: string | number) =>
  typeof v === "string" && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v);
const render = (table: Csv) => [table.header, ...table.rows].map((r) => r.map(escape).join(",")).join("\n") + "\n";

function generateSampleRateBook() {
  const known = seededNaics();
  const zip5s = zip5sByZip3();
  const book = csv("name", "source", "is_sample", "notes");
  const filings = csv(
    "filing_key",
    "carrier_naic",
    "state",
    "effective_date",
    "rating_method",
    "policy_fee_cents",
    "plan_design_note",
  );
  const areas = csv("carrier_naic", "state", "kind", "code", "area_code");
  const cells = csv(
    "filing_key",
    "plan",
    "area_code",
    "age",
    "gender",
    "tobacco",
    "rate_cents",
    "household_rate_cents",
  );
  const discounts = csv("filing_key", "pct_bps", "category", "description");
  const riders = csv("filing_key", "rider_id", "plan", "area_code", "age", "rate_cents");

  book.rows.push([
    "SAMPLE rate book",
    `scripts/generate-sample-rate-book.ts (seed ${SEED})`,
    1,
    "Synthetic sample rates for demos and tests, calibrated to public averages; not real carrier prices.",
  ]);

  for (const st of STATES) {
    for (const carrier of st.carriers) {
      if (!known.has(carrier.naic)) throw new Error(`${carrier.naic} is not a seeded carrier NAIC`);
      const r = rng(`${st.state}:${carrier.naic}`);

      // Areas and their price factors ("R" = rest of state).
      const areaFactors: [string, number][] = [["R", 1]];
      const addArea = (kind: string, codes: string[], areaCode: string) =>
        codes.forEach((code) => areas.rows.push([carrier.naic, st.state, kind, code, areaCode]));
      addArea("state", [st.state], "R");
      if (carrier.style === "zip3") {
        addArea("zip3", st.metroA.zip3s, "A");
        addArea("zip3", st.metroB.zip3s, "B");
        areaFactors.push(["A", round(r.between(1.05, 1.15))], ["B", round(r.between(0.95, 1.06))]);
      } else if (carrier.style === "county") {
        addArea("county", st.metroA.counties, "A");
        addArea("county", st.metroB.counties, "B");
        areaFactors.push(["A", round(r.between(1.05, 1.15))], ["B", round(r.between(0.95, 1.06))]);
      } else if (carrier.style === "zip5") {
        // Every other ZIP5 of the metro ZIP3 is its own area; the ZIP3 as a whole is another (zip5 > zip3).
        const metroZips = zip5s.get(`${st.state}|${st.zip5Metro}`) ?? [];
        if (metroZips.length === 0) throw new Error(`No ZIP5s for ${st.state} ${st.zip5Metro}`);
        addArea(
          "zip5",
          metroZips.filter((_, i) => i % 2 === 0),
          "Z",
        );
        addArea("zip3", [st.zip5Metro], "A");
        areaFactors.push(["Z", round(r.between(1.02, 1.12))], ["A", round(r.between(0.96, 1.04))]);
      }

      // Carrier factors.
      const community = carrier.method === "community";
      const gBase = r.between(140, 255) * st.level * 100;
      const femaleFactor = round(r.between(0.9, 0.95));
      const tobaccoFactor =
        st.state === "NY" || st.state === "MA" || st.state === "MN" ? 1 : round(r.between(1.1, 1.2));
      const ageFactors = attainedAgeCurve({
        steepness: round(r.between(0.8, 1.25)),
        flatThrough: r.pick([65, 65, 66, 67, 68]),
      });
      const planJitter = new Map(st.plans.map((p) => [p, round(r.between(0.95, 1.05))]));
      const policyFeeCents = r.pick([0, 0, 0, 0, 1500, 2000, 2500]);
      const hhd = r.chance(0.8)
        ? {
            pct: r.pick([500, 600, 700, 700, 700, 700, 1000, 1000, 1200, 1230]),
            category: r.pick(["Roommate", "Multi-Insured", "Multi-Insured / Roommate"]),
          }
        : null;
      const riderPrices = st.riders.map((id) => [id, Math.round(r.between(...RIDER_PRICES[id]) / 10) * 10] as const);

      const versions: [string, number][] = [[BASE_DATE, 1]];
      if (st.state === SWITCH.state && carrier.naic === SWITCH.naic) versions.push([SWITCH.date, SWITCH.increase]);

      for (const [effectiveDate, trend] of versions) {
        const key = `${st.state}-${carrier.naic}-${effectiveDate.slice(0, 7)}`;
        const note = st.plans === STANDARD ? null : `${st.state} state plan designs: ${st.plans.join(", ")}`;
        filings.rows.push([key, carrier.naic, st.state, effectiveDate, carrier.method, policyFeeCents, note ?? ""]);
        if (hhd)
          discounts.rows.push([key, hhd.pct, hhd.category, `${hhd.pct / 100}% household discount (${hhd.category})`]);
        for (const [riderId, cents] of riderPrices)
          riders.rows.push([key, riderId, "", "", "", Math.round(cents * trend)]);

        for (const plan of st.plans) {
          for (const [areaCode, areaFactor] of areaFactors) {
            const factors: RateFactors = {
              baseCents: gBase * PLAN_RELATIVITY[plan] * planJitter.get(plan)! * trend,
              areaFactor,
              ageFactors,
              femaleFactor,
              tobaccoFactor,
            };
            for (const tobacco of [false, true]) {
              if (community) {
                cells.rows.push([
                  key,
                  plan,
                  areaCode,
                  COMMUNITY_AGE,
                  "",
                  tobacco ? 1 : 0,
                  premiumCents(factors, "community", { age: COMMUNITY_AGE, gender: null, tobacco }),
                  "",
                ]);
                continue;
              }
              for (const gender of ["M", "F"] as const) {
                for (let age = MIN_RATING_AGE; age <= MAX_RATING_AGE; age++) {
                  cells.rows.push([
                    key,
                    plan,
                    areaCode,
                    age,
                    gender,
                    tobacco ? 1 : 0,
                    premiumCents(factors, carrier.method, { age, gender, tobacco }),
                    "",
                  ]);
                }
              }
            }
          }
        }
      }
    }
  }
  return {
    "rate_book.csv": book,
    "filings.csv": filings,
    "areas.csv": areas,
    "cells.csv": cells,
    "household_discounts.csv": discounts,
    "riders.csv": riders,
  };
}

function main() {
  const outDir = process.argv[2] ?? join(process.cwd(), "data", "rate-books", "sample");
  mkdirSync(outDir, { recursive: true });
  let bytes = 0;
  for (const [file, table] of Object.entries(generateSampleRateBook())) {
    const body = render(table);
    writeFileSync(join(outDir, file), body);
    bytes += Buffer.byteLength(body);
    console.log(`${file}: ${table.rows.length} rows`);
  }
  console.log(`wrote ${outDir} (${(bytes / 1024 / 1024).toFixed(2)} MB)`);
}

main();
