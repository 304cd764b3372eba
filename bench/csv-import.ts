import { randomBytes, randomUUID } from "node:crypto";
import { chmodSync, existsSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { buildImportContacts, previewImport } from "@/lib/contacts/import/build-import-request";
import { bulkImportContacts } from "@/lib/contacts/import/bulk-import";
import { createCarrierMapper, withBuiltInAliases } from "@/lib/contacts/import/carrier-mapping";
import { autoMapColumns } from "@/lib/contacts/import/column-mapping";
import { bulkImportRequestSchema } from "@/lib/contacts/import/import-types";
import { parseCsvText, uniqueColumnValues } from "@/lib/contacts/import/parse-csv";
import { mapPlanType } from "@/lib/contacts/import/plan-mapping";
import { validateImportRow, type ValidatedContact } from "@/lib/contacts/import/validate-row";
import { lookupZip } from "@/lib/contacts/import/zip-county";
import { setPrismaForTests } from "@/lib/db";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createScratchDatabase, rssSampler, writePerformanceSection } from "./lib/bench-support";
import { seededRandom } from "@/lib/random/seeded-random";

/**
 * CSV import at agency scale: a 50,000-row file (≈6 MB) through the whole pipeline — the browser's
 * part (parse, column/carrier/plan mapping, request rows, preview validation), the request (JSON
 * text, JSON.parse, zod) and the server's bulkImportContacts (validation, ZIP lookup, one transaction
 * through the tenant wall) — on a real PostgreSQL server, timed and with peak memory. For scale, the
 * same rows are loaded with a plain server-side `COPY contacts … FROM '<file>'` into another organization.
 * Targets: end to end under 15 s, bulkImportContacts within 3× of COPY, peak RSS under 500 MB.
 *
 * One process plays both sides. In production the browser's objects never reach the server, so the
 * bench drops them and runs a full GC before the server's half (JSON.parse onwards); the RSS figures
 * are the whole process's all the same (Prisma's engine, the ZIP table and the CSV text included).
 */

const ROWS = 50_000;
const TARGET_TOTAL_MS = 15_000;
const TARGET_COPY_RATIO = 3;
const TARGET_RSS_MB = 500;
const NOW = new Date("2026-11-22T12:00:00Z");
const SECTION = "## CSV import (bench/csv-import.ts)";

// ─────────────────────────── data ───────────────────────────

const FIRST = ["James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William", "Elizabeth", "David", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen", "María", "José", "Zoë", "Nguyễn", "Wei", "Priya"];
const LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "O'Brien", "Van der Berg", "Smith-Jones", "Nuñez"];
const DOMAINS = ["gmail.com", "yahoo.com", "aol.com", "hotmail.com", "outlook.com", "comcast.net", "att.net", "icloud.com"];
// What agencies' exports actually hold: standard names, abbreviations, legal names, unsupported carriers, blanks.
const CARRIERS = [
  "Humana", "UnitedHealthcare", "AARP/UHC", "Mutual of Omaha", "Aetna", "Cigna", "Aflac", "Ace Chubb", "Globe Life", "Bankers Fidelity",
  "Humana Insurance Company", "Blue Cross", "", "Mutual of Omaha Insurance Company", "AARP Medicare Supplement Insurance Plans",
  "Cigna Health and Life Insurance Company", "Aetna Health and Life Insurance Company", "United American Insurance Company",
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

/** A 50,000-row export with the template's 11 columns, in the mixed formats real files have. */
function generateCsv(rows: number): string {
  const r = seededRandom(20261122);
  const zips = realZips(3_000);
  const emails: string[] = [];
  const lines = ["First Name,Last Name,Email,Current Carrier,Plan Type,Effective Date,Birth Date,Tobacco User,Gender,ZIP Code,Phone Number"];
  for (let i = 0; i < rows; i++) {
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    const local = `${first}.${last}`.toLowerCase().normalize("NFD").replace(/[^a-z.]/g, "");
    // ≈0.5% invalid emails and ≈0.5% repeats of a recent address (other case), as real exports have.
    const roll = r.next();
    const email =
      roll < 0.005 ? `${local}.at.${r.pick(DOMAINS)}` : roll < 0.01 && emails.length > 10 ? emails[emails.length - r.int(1, 10)]!.toUpperCase() : `${local}${i}@${r.pick(DOMAINS)}`;
    emails.push(email);
    const by = r.int(1940, 1961);
    const bm = r.int(1, 12);
    const bd = r.int(1, 28);
    const birth = r.pick([`${by}-${String(bm).padStart(2, "0")}-${String(bd).padStart(2, "0")}`, `${bm}/${bd}/${by}`, `${bm}/${bd}/${String(by).slice(2)}`]);
    const ey = r.int(2006, 2027);
    const em = r.int(1, 12);
    const effective = r.pick([`${ey}-${String(em).padStart(2, "0")}-01`, `${em}/1/${ey}`, `01-${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][em - 1]}-${ey}`]);
    const area = r.int(201, 989);
    const phone = r.pick([`(${area}) 555-01${String(r.int(0, 99)).padStart(2, "0")}`, `${area}-555-01${String(r.int(0, 99)).padStart(2, "0")}`, `${area}55501${String(r.int(0, 99)).padStart(2, "0")}`]);
    lines.push(
      [first, last, email, r.pick(CARRIERS), r.pick(PLANS), effective, birth, r.next() < 0.08 ? "Yes" : "No", r.next() < 0.55 ? "F" : "M", r.pick(zips), phone].map(q).join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

// ─────────────────────────── helpers ───────────────────────────



const mb = (bytes: number) => bytes / 1024 / 1024;

/** A full garbage collection (node --expose-gc without the flag on the command line). */
function collectGarbage() {
  v8.setFlagsFromString("--expose-gc");
  (vm.runInNewContext("gc") as () => void)();
}

/** The supported carriers (data/reference/carriers/carrier_naic_groups.json), as the seed writes them, with plain SQL. */
async function seedCarriers(owner: pg.Client) {
  const groups = JSON.parse(readFileSync(REFERENCE_FILES.carrierGroups, "utf8")) as {
    carriers: Record<string, string[]>;
    aliases: Record<string, string>;
    naic_names: Record<string, string>;
  };
  for (const [group, naics] of Object.entries(groups.carriers)) {
    const aliasKeys = Object.entries(groups.aliases).filter(([, target]) => target === group).map(([alias]) => alias);
    for (const naic of naics) {
      const shortName = groups.naic_names[naic];
      const aliases = [...new Set([group.toLowerCase(), ...aliasKeys, ...(shortName ? [shortName.toLowerCase()] : [])])];
      await owner.query("INSERT INTO carriers (id, naic, name, name_full, group_name, aliases, updated_at) VALUES (gen_random_uuid(), $1, $2, $3, $2, $4, now())", [naic, group, shortName ?? null, aliases]);
    }
  }
}
const s = (ms: number) => (ms / 1000).toFixed(2);

/** Samples RSS every 10 ms while the event loop is free; resourceUsage().maxRSS covers synchronous stretches. */

function csvCell(v: string | boolean | null): string {
  if (v === null) return "";
  const text = String(v);
  return /[",\n\r]/.test(text) || text === "" ? `"${text.replace(/"/g, '""')}"` : text;
}

// ─────────────────────────── the benchmark ───────────────────────────

export async function csvImport(): Promise<{ passed: boolean }> {
  const db = await createScratchDatabase();
  const { owner, serverVersion, name: dbName } = db;
  const url = db.url;
  const copyFile = join(os.tmpdir(), `gapwise-bench-copy-${randomBytes(4).toString("hex")}.csv`);
  let prisma: PrismaClient | undefined;

  try {
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 10 }), transactionOptions: { maxWait: 5_000, timeout: 15_000 } });
    setPrismaForTests(prisma);
    await seedCarriers(owner);
    const org = await prisma.organization.create({ data: { name: "Bench Agency", slug: `bench-${dbName}`, contactLimit: -1 } });
    const copyOrg = await prisma.organization.create({ data: { name: "COPY Agency", slug: `copy-${dbName}`, contactLimit: -1 } });
    const user = await prisma.user.create({ data: { organizationId: org.id, email: `admin@${dbName}.test`, firstName: "Bench", lastName: "Admin", isAdmin: true, isAgent: true } });
    const agent = await prisma.user.create({ data: { organizationId: org.id, email: `agent@${dbName}.test`, firstName: "Bench", lastName: "Agent", isAdmin: false, isAgent: true } });
    const carrierNames = [...new Set((await prisma.carrier.findMany({ select: { groupName: true, name: true } })).map((c) => c.groupName ?? c.name))];
    lookupZip("00000"); // load the ZIP table now: the server loads it once per process, not per import

    const csv = generateCsv(ROWS);
    const csvBytes = Buffer.byteLength(csv);
    console.log(`\n[csv-import] ${ROWS.toLocaleString("en-US")} rows, ${mb(csvBytes).toFixed(1)} MB of CSV`);
    collectGarbage();
    const baselineRss = process.memoryUsage().rss;
    const phases: [string, number][] = [];
    let rss = rssSampler();
    const timed = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
      const t0 = performance.now();
      const value = await fn();
      phases.push([name, performance.now() - t0]);
      rss.sample();
      return value;
    };

    let totalMs = 0;
    // Browser: parse, map, build the request rows, preview, the JSON body.
    const browser = async () => {
      const parsed = await timed("browser: parse (parseCsvText, papaparse)", () => parseCsvText(csv));
      const contacts = await timed("browser: map columns, carriers, plans; build rows", () => {
        const mapping = autoMapColumns(parsed.headers);
        const mapper = createCarrierMapper(withBuiltInAliases(carrierNames));
        const carrierMapping = Object.fromEntries(uniqueColumnValues(parsed, mapping.currentCarrier).map((v) => [v, mapper.map(v).carrier]));
        const planMapping = Object.fromEntries(uniqueColumnValues(parsed, mapping.planType).map((v) => [v, mapPlanType(v) ?? "Other"]));
        return buildImportContacts({ parsed, mapping, carrierMapping, planMapping });
      });
      const preview = await timed("browser: preview validation", () => previewImport(contacts, { now: NOW }));
      const body = await timed("browser: JSON.stringify", () => JSON.stringify({ contacts, overwriteExisting: false, agentId: agent.id }));
      return { body, previewValid: preview.valid };
    };
    const t0 = performance.now();
    const { body, previewValid } = await browser();
    totalMs += performance.now() - t0;
    const browserPeak = rss.stop();

    // What the browser held stays in the browser: collect it before the server's half.
    collectGarbage();
    const serverBaseline = process.memoryUsage().rss;
    rss = rssSampler();
    const t1 = performance.now();
    const request = await timed("server: JSON.parse + zod (route)", () => bulkImportRequestSchema.parse(JSON.parse(body)));
    const importStart = performance.now();
    const result = await timed("server: bulkImportContacts (validate, ZIP, one transaction)", () =>
      bulkImportContacts({ organizationId: org.id, user: { id: user.id, isAdmin: true, isAgent: true }, request, now: NOW }),
    );
    const importMs = performance.now() - importStart;
    totalMs += performance.now() - t1;
    const serverPeak = rss.stop();
    const peakSampled = Math.max(browserPeak, serverPeak);
    const maxRss = process.resourceUsage().maxRSS * 1024;
    const bodyBytes = Buffer.byteLength(body);

    const stored = Number((await owner.query<{ n: string }>("SELECT count(*) AS n FROM contacts WHERE organization_id = $1", [org.id])).rows[0]!.n);
    if (stored !== result.newContacts) throw new Error(`stored ${stored} contacts, the import reported ${result.newContacts}`);
    console.log(`[csv-import] imported ${result.newContacts.toLocaleString("en-US")} new, ${result.errorRows.length} error rows, ${result.invalidEmails.length} invalid emails, ${result.carrierConversions.length.toLocaleString("en-US")} carrier conversions in ${s(totalMs)} s`);

    // Re-import of the same file with overwrite on: every row becomes an UPDATE (not gated).
    const overwriteStart = performance.now();
    const again = await bulkImportContacts({ organizationId: org.id, user: { id: user.id, isAdmin: true, isAgent: true }, request: { ...request, overwriteExisting: true }, now: NOW });
    const overwriteMs = performance.now() - overwriteStart;

    // COPY of the same rows (as stored by the import) into another organization, server-side, as the owner.
    const rowsForCopy: ValidatedContact[] = [];
    for (const c of request.contacts) {
      const v = validateImportRow(c, { now: NOW });
      if (v.contact) rowsForCopy.push(v.contact);
    }
    const unique = [...new Map(rowsForCopy.map((c) => [c.email, c])).values()];
    const copyCsv = unique
      .map((c) => {
        const place = c.zipCode ? lookupZip(c.zipCode) : null;
        return [randomUUID(), copyOrg.id, c.firstName, c.lastName, c.email, c.phoneNumber, place?.state ?? null, c.zipCode, place?.county ?? null, place?.countyFips ?? null, c.gender, c.tobaccoUser ?? false, c.birthDate, c.effectiveDate, c.currentCarrier, c.planType, agent.id, "csv", NOW.toISOString(), NOW.toISOString()]
          .map((v) => csvCell(v as string | boolean | null))
          .join(",");
      })
      .join("\n");
    writeFileSync(copyFile, copyCsv);
    chmodSync(copyFile, 0o644);
    const copyStart = performance.now();
    const copied = await owner.query(
      `COPY contacts (id, organization_id, first_name, last_name, email, phone_number, state, zip_code, county, county_fips, gender, tobacco_user, birth_date, effective_date, current_carrier, plan_type, agent_id, source, created_at, updated_at) FROM '${copyFile}' WITH (FORMAT csv)`,
    );
    const copyMs = performance.now() - copyStart;

    const ratio = importMs / copyMs;
    const peakRss = Math.max(peakSampled, maxRss);
    const checks = [
      { name: `end to end < ${TARGET_TOTAL_MS / 1000} s`, ok: totalMs < TARGET_TOTAL_MS, value: `${s(totalMs)} s` },
      { name: `bulkImportContacts ≤ ${TARGET_COPY_RATIO}× COPY`, ok: ratio <= TARGET_COPY_RATIO, value: `${ratio.toFixed(2)}× (${s(importMs)} s vs ${s(copyMs)} s)` },
      { name: `peak RSS < ${TARGET_RSS_MB} MB`, ok: mb(peakRss) < TARGET_RSS_MB, value: `${mb(peakRss).toFixed(0)} MB` },
    ];
    const passed = checks.every((c) => c.ok);
    const verdict = `${passed ? "PASS" : "FAIL"}: ${checks.map((c) => `${c.name}: ${c.value} ${c.ok ? "✓" : "✗"}`).join("; ")}.`;

    const table = [
      "| phase | seconds |",
      "|---|---|",
      ...phases.map(([name, ms]) => `| ${name} | ${s(ms)} |`),
      `| **end to end** | **${s(totalMs)}** |`,
    ].join("\n");
    const copyLine = `COPY: the same ${Number(copied.rowCount).toLocaleString("en-US")} rows (already validated, ids generated) with \`COPY contacts (…) FROM '<file>' WITH (FORMAT csv)\` as the owner into another organization, server-side from a file on the same machine (pg-copy-streams is not installed; the file is written before the clock starts): ${s(copyMs)} s. bulkImportContacts took ${ratio.toFixed(2)}× that.`;
    const memLine = `Memory (whole process): RSS ${mb(baselineRss).toFixed(0)} MB before the run (Node, Prisma's engine after its first queries, the ZIP table, the 50,000-row CSV text); peak sampled every 10 ms ${mb(browserPeak).toFixed(0)} MB during the browser's half and ${mb(serverPeak).toFixed(0)} MB during the server's half (+${mb(serverPeak - serverBaseline).toFixed(0)} MB over the ${mb(serverBaseline).toFixed(0)} MB it started from); \`process.resourceUsage().maxRSS\` ${mb(maxRss).toFixed(0)} MB (includes generating the data).`;
    const overwriteLine = `Re-import of the same file with overwrite on (every row an UPDATE … FROM unnest): ${again.updatedContacts.toLocaleString("en-US")} updated in ${s(overwriteMs)} s (not gated).`;
    console.log(`\n${table}\n\n${copyLine}\n${memLine}\n${overwriteLine}\n\n${verdict}\n`);

    const machine = `${os.cpus().length} CPUs (nproc ${os.availableParallelism()}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, ${serverVersion.split(",")[0]}`;
    writePerformanceSection(SECTION, 
      [
        SECTION,
        "",
        `Measured ${new Date().toISOString()} on ${machine}; database on 127.0.0.1, default server settings.`,
        "",
        `File: ${ROWS.toLocaleString("en-US")} rows, ${mb(csvBytes).toFixed(1)} MB, the template's 11 columns with what real exports hold: mixed date formats (ISO, M/D/YYYY, M/D/YY, DD-Mon-YYYY), formatted phones, carrier spellings (AARP/UHC, legal names, unsupported carriers, blanks), plan spellings (G, Plan G, HDG, High Deductible G), real ZIPs, ≈0.5% invalid emails and ≈0.5% repeated emails. Request body ${mb(bodyBytes).toFixed(1)} MB of JSON.`,
        "",
        `Pipeline: the browser's part (parseCsvText, autoMapColumns, carrier and plan mapping of the unique values, buildImportContacts, previewImport), the request (JSON.stringify, JSON.parse, bulkImportRequestSchema), and \`bulkImportContacts\`: every row validated again, ZIP → state/county, then one \`tenantTransaction\` (row-level security on) that locks the organization, looks up existing emails, checks the plan limit and writes with \`INSERT … SELECT FROM unnest(…) ON CONFLICT DO NOTHING\` in chunks of 5,000, plus the import job and the audit row. Result: ${result.newContacts.toLocaleString("en-US")} new contacts, ${result.errorRows.length} error rows (the repeated emails), ${result.invalidEmails.length} invalid emails, ${result.carrierConversions.length.toLocaleString("en-US")} carrier conversions (preview saw ${previewValid.toLocaleString("en-US")} valid rows).`,
        "",
        table,
        "",
        copyLine,
        "",
        memLine,
        "",
        overwriteLine,
        "",
        `**${verdict}**`,
        "",
        "### Reading these figures",
        "",
        "- One process plays both sides. The browser's objects (parsed rows, request rows) never reach the server in production, so the bench drops them and runs a full GC before the server's half; the RSS figures are still the whole process's, with Prisma's engine (≈80 MB after its first query), the ZIP table and the CSV text in them. Peak RSS varies by a few tens of MB from run to run with garbage-collection timing.",
        "- Most of bulkImportContacts is PostgreSQL writing the rows: the `search_text` trigger and the trigram GIN index cost the same under COPY. The rest is validating every row again (≈0.4 s), carrier and ZIP lookups (≈0.2 s) and the existing-email lookup (`email = ANY(…)`, 10,000 per query).",
        "- Rows go in through `unnest` of one array per column (14 bind parameters per statement whatever the chunk size), not one placeholder per value: a 5,000-row chunk is one short statement to plan and no large parameter list to bind.",
        "- The whole import is one transaction (a failure writes nothing, tested by `bulk-import.test.ts`), so a file of 200,000 rows (the route's cap) holds its locks for about 20 s; the route allows 300 s and the transaction 180 s.",
      ].join("\n"),
    );
    console.log(`[csv-import] figures written to docs/performance.md`);
    return { passed };
  } finally {
    setPrismaForTests(undefined);
    await prisma?.$disconnect();
    await db.drop();
    if (existsSync(copyFile)) unlinkSync(copyFile);
  }
}
