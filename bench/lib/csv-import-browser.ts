import { readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { buildImportContacts, previewImport } from "@/lib/contacts/import/build-import-contacts";
import { createCarrierMapper, withBuiltInAliases } from "@/lib/contacts/import/carrier-mapping";
import { autoMapColumns } from "@/lib/contacts/import/column-mapping";
import { importChunkBody, planImportChunks } from "@/lib/contacts/import/import-chunks";
import { parseCsvText, uniqueColumnValues } from "@/lib/contacts/import/parse-csv";
import { mapPlanType } from "@/lib/contacts/import/plan-mapping";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";
import { seededRandom } from "@/lib/random/seeded-random";
import { rssSampler } from "./bench-support";

/**
 * The browser's half of bench/csv-import.ts, in a process of its own (the browser's memory is not the
 * server's): generate a realistic export, then what the upload modal does with it — parse, map columns,
 * carriers and plans, build the request rows, preview validation, each row's JSON, the chunk plan and
 * the chunk bodies. The bodies are written to a file, one per line (the server's half reads them as it
 * would receive them); timings and memory go to stdout as JSON.
 *
 *   tsx --tsconfig tsconfig.scripts.json bench/lib/csv-import-browser.ts '{"rows":50000,"carrierNames":[…],"out":"/tmp/…","now":"…"}'
 */

export type BrowserHalf = {
  csvBytes: number;
  phases: [string, number][];
  previewValid: number;
  chunks: number;
  maxChunkBytes: number;
  jsonBytes: number;
  /** RSS after generating the file (and a full GC), before the modal's work. */
  baselineRss: number;
  /** Peak RSS sampled during the modal's work. */
  peakRss: number;
  /** process.resourceUsage().maxRSS: includes generating the file. */
  maxRss: number;
};

// ─────────────────────────── data ───────────────────────────

const FIRST = [
  "James",
  "Mary",
  "John",
  "Patricia",
  "Robert",
  "Jennifer",
  "Michael",
  "Linda",
  "William",
  "Elizabeth",
  "David",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Charles",
  "Karen",
  "María",
  "José",
  "Zoë",
  "Nguyễn",
  "Wei",
  "Priya",
];
const LAST = [
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
  "O'Brien",
  "Van der Berg",
  "Smith-Jones",
  "Nuñez",
];
const DOMAINS = [
  "gmail.com",
  "yahoo.com",
  "aol.com",
  "hotmail.com",
  "outlook.com",
  "comcast.net",
  "att.net",
  "icloud.com",
];
// What agencies' exports actually hold: standard names, abbreviations, legal names, unsupported carriers, blanks.
const CARRIERS = [
  "Humana",
  "UnitedHealthcare",
  "AARP/UHC",
  "Mutual of Omaha",
  "Aetna",
  "Cigna",
  "Aflac",
  "Ace Chubb",
  "Globe Life",
  "Bankers Fidelity",
  "Humana Insurance Company",
  "Blue Cross",
  "",
  "Mutual of Omaha Insurance Company",
  "AARP Medicare Supplement Insurance Plans",
  "Cigna Health and Life Insurance Company",
  "Aetna Health and Life Insurance Company",
  "United American Insurance Company",
];
const PLANS = ["G", "Plan G", "N", "Plan N", "F", "HDG", "High Deductible G", "Plan F", "g"];

/** Real ZIPs from the HUD crosswalk, so the state/county lookup does real work. */
function realZips(count: number): string[] {
  const lines = readFileSync(REFERENCE_FILES.zipCounty, "utf8").split("\n");
  const zips: string[] = [];
  for (let i = 1; i < lines.length && zips.length < count; i += 13) {
    const zip = lines[i]?.slice(0, 5);
    if (zip && /^\d{5}$/.test(zip) && zips[zips.length - 1] !== zip) zips.push(zip);
  }
  return zips;
}

const q = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** An export of `rows` rows with the template's 11 columns, in the mixed formats real files have. */
export function generateCsv(rows: number): string {
  const r = seededRandom(20261122);
  const zips = realZips(3_000);
  const emails: string[] = [];
  const lines = [
    "First Name,Last Name,Email,Current Carrier,Plan Type,Effective Date,Birth Date,Tobacco User,Gender,ZIP Code,Phone Number",
  ];
  for (let i = 0; i < rows; i++) {
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    const local = `${first}.${last}`
      .toLowerCase()
      .normalize("NFD")
      .replace(/[^a-z.]/g, "");
    // ≈0.5% invalid emails and ≈0.5% repeats of a recent address (other case), as real exports have.
    const roll = r.next();
    const email =
      roll < 0.005
        ? `${local}.at.${r.pick(DOMAINS)}`
        : roll < 0.01 && emails.length > 10
          ? emails[emails.length - r.int(1, 10)]!.toUpperCase()
          : `${local}${i}@${r.pick(DOMAINS)}`;
    emails.push(email);
    const by = r.int(1940, 1961);
    const bm = r.int(1, 12);
    const bd = r.int(1, 28);
    const birth = r.pick([
      `${by}-${String(bm).padStart(2, "0")}-${String(bd).padStart(2, "0")}`,
      `${bm}/${bd}/${by}`,
      `${bm}/${bd}/${String(by).slice(2)}`,
    ]);
    const ey = r.int(2006, 2027);
    const em = r.int(1, 12);
    const effective = r.pick([
      `${ey}-${String(em).padStart(2, "0")}-01`,
      `${em}/1/${ey}`,
      `01-${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][em - 1]}-${ey}`,
    ]);
    const area = r.int(201, 989);
    const phone = r.pick([
      `(${area}) 555-01${String(r.int(0, 99)).padStart(2, "0")}`,
      `${area}-555-01${String(r.int(0, 99)).padStart(2, "0")}`,
      `${area}55501${String(r.int(0, 99)).padStart(2, "0")}`,
    ]);
    lines.push(
      [
        first,
        last,
        email,
        r.pick(CARRIERS),
        r.pick(PLANS),
        effective,
        birth,
        r.next() < 0.08 ? "Yes" : "No",
        r.next() < 0.55 ? "F" : "M",
        r.pick(zips),
        phone,
      ]
        .map(q)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

function collectGarbage() {
  v8.setFlagsFromString("--expose-gc");
  (vm.runInNewContext("gc") as () => void)();
}

async function main() {
  const { rows, carrierNames, out, now } = JSON.parse(process.argv[2] ?? "{}") as {
    rows: number;
    carrierNames: string[];
    out: string;
    now: string;
  };
  const csv = generateCsv(rows);
  collectGarbage();
  const baselineRss = process.memoryUsage().rss;
  const rss = rssSampler();
  const phases: [string, number][] = [];
  const timed = <T>(name: string, fn: () => T): T => {
    const t0 = performance.now();
    const value = fn();
    phases.push([name, performance.now() - t0]);
    rss.sample();
    return value;
  };
  const parsed = timed("browser: parse (parseCsvText, papaparse)", () => parseCsvText(csv));
  const contacts = timed("browser: map columns, carriers, plans; build rows", () => {
    const mapping = autoMapColumns(parsed.headers);
    const mapper = createCarrierMapper(withBuiltInAliases(carrierNames));
    const carrierMapping = Object.fromEntries(
      uniqueColumnValues(parsed, mapping.currentCarrier).map((v) => [v, mapper.map(v).carrier]),
    );
    const planMapping = Object.fromEntries(
      uniqueColumnValues(parsed, mapping.planType).map((v) => [v, mapPlanType(v) ?? "Other"]),
    );
    return buildImportContacts({ parsed, mapping, carrierMapping, planMapping });
  });
  const preview = timed("browser: preview validation", () => previewImport(contacts, { now: new Date(now) }));
  const { rowJson, plan } = timed("browser: JSON of each row, chunk plan (≤ 1.5 MB each)", () => {
    const json = contacts.map((c) => JSON.stringify(c));
    return { rowJson: json, plan: planImportChunks(json) };
  });
  const bodies = timed("browser: chunk bodies", () => plan.map((chunk) => importChunkBody(chunk, rowJson)));
  const peakRss = rss.stop();
  writeFileSync(out, `${bodies.join("\n")}\n`);
  const result: BrowserHalf = {
    csvBytes: Buffer.byteLength(csv),
    phases,
    previewValid: preview.valid,
    chunks: plan.length,
    maxChunkBytes: Math.max(...plan.map((c) => c.bytes)),
    jsonBytes: rowJson.reduce((n, j) => n + Buffer.byteLength(j) + 1, 0),
    baselineRss,
    peakRss,
    maxRss: process.resourceUsage().maxRSS * 1024,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

void main();
