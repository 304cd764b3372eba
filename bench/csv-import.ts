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
import { importChunkBody, planImportChunks } from "@/lib/contacts/import/import-chunks";
import { commitImportJob, createImportJob, stageImportChunk } from "@/lib/contacts/import/import-jobs";
import { bulkImportRequestSchema, importChunkSchema, MAX_IMPORT_CHUNK_BYTES, type BulkImportResponse, type ImportContactInput } from "@/lib/contacts/import/import-types";
import { parseCsvText, uniqueColumnValues } from "@/lib/contacts/import/parse-csv";
import { mapPlanType } from "@/lib/contacts/import/plan-mapping";
import { validateImportRow, type ValidatedContact } from "@/lib/contacts/import/validate-row";
import { lookupZip } from "@/lib/contacts/import/zip-county";
import { setPrismaForTests } from "@/lib/db";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createScratchDatabase, rssSampler, writePerformanceSection } from "./lib/bench-support";
import { seededRandom } from "@/lib/random/seeded-random";

/**
 * CSV import at agency scale: a 50,000-row file (≈6 MB) through the chunked path the upload modal
 * uses — the browser's part (parse, column/carrier/plan mapping, request rows, preview validation,
 * each row's JSON cut into chunks of at most 1.5 MB), then per chunk what the route does (JSON.parse,
 * zod) and stageImportChunk (validation, carriers, ZIP lookup, staging through the tenant wall), then
 * commitImportJob (one transaction) — on a real PostgreSQL server, timed and with peak memory. For
 * scale, the same rows are loaded with a plain server-side `COPY contacts … FROM '<file>'` into another
 * organization. Targets: end to end under 15 s, the server's part within 3× of COPY, peak RSS under
 * 500 MB. Not gated, for the record: a re-import with overwrite, the single-request path
 * (bulkImportContacts) and a 200,000-row file (the largest an import takes) staged and committed.
 *
 * One process plays both sides. In production the browser's objects never reach the server, so the
 * bench drops all but the rows' JSON (the browser keeps it while sending) and runs a full GC before the
 * server's part; the RSS figures are the whole process's all the same (Prisma's engine, the ZIP table
 * and the CSV text included).
 */

const ROWS = 50_000;
const TARGET_TOTAL_MS = 15_000;
const TARGET_COPY_RATIO = 3;
const TARGET_RSS_MB = 500;
const LARGEST_ROWS = 200_000;
const TARGET_LARGEST_COMMIT_MS = 60_000;
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

type Admin = { id: string; isAdmin: boolean; isAgent: boolean };
type ChunkedRun = { chunks: number; maxChunkBytes: number; bodiesMs: number; openMs: number; chunksMs: number; slowestChunkMs: number; commitMs: number; result: BulkImportResponse };

/** The server's half of a chunked upload: open, each chunk as the route takes it (JSON.parse + zod + stage), commit. */
async function chunkedImport({ organizationId, user, rowJson, overwriteExisting, agentId }: { organizationId: string; user: Admin; rowJson: string[]; overwriteExisting: boolean; agentId: string | null }): Promise<ChunkedRun> {
  const plan = planImportChunks(rowJson);
  let t = performance.now();
  const { jobId } = await createImportJob({ organizationId, user, request: { overwriteExisting, agentId, totalRows: rowJson.length }, now: NOW });
  const openMs = performance.now() - t;
  let chunksMs = 0;
  let slowestChunkMs = 0;
  let bodiesMs = 0;
  for (const chunk of plan) {
    t = performance.now();
    const body = importChunkBody(chunk, rowJson); // the browser's work
    bodiesMs += performance.now() - t;
    t = performance.now();
    await stageImportChunk({ organizationId, user, jobId, chunk: importChunkSchema.parse(JSON.parse(body)), now: NOW });
    const ms = performance.now() - t;
    chunksMs += ms;
    slowestChunkMs = Math.max(slowestChunkMs, ms);
  }
  t = performance.now();
  const result = await commitImportJob({ organizationId, user, jobId, now: NOW });
  return { chunks: plan.length, maxChunkBytes: Math.max(...plan.map((c) => c.bytes)), bodiesMs, openMs, chunksMs, slowestChunkMs, commitMs: performance.now() - t, result };
}

/** The browser's rows for a parsed file: columns, carriers and plans mapped as the modal suggests (what it sends). */
function mapRows(parsed: ReturnType<typeof parseCsvText>, carrierNames: string[]): ImportContactInput[] {
  const mapping = autoMapColumns(parsed.headers);
  const mapper = createCarrierMapper(withBuiltInAliases(carrierNames));
  const carrierMapping = Object.fromEntries(uniqueColumnValues(parsed, mapping.currentCarrier).map((v) => [v, mapper.map(v).carrier]));
  const planMapping = Object.fromEntries(uniqueColumnValues(parsed, mapping.planType).map((v) => [v, mapPlanType(v) ?? "Other"]));
  return buildImportContacts({ parsed, mapping, carrierMapping, planMapping });
}

export async function csvImport(): Promise<{ passed: boolean }> {
  const db = await createScratchDatabase("gapwise_bench_csv_import");
  const { owner, serverVersion, name: dbName } = db;
  const url = db.url;
  const copyFile = join(os.tmpdir(), `gapwise-bench-copy-${randomBytes(4).toString("hex")}.csv`);
  let prisma: PrismaClient | undefined;

  try {
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 10 }), transactionOptions: { maxWait: 5_000, timeout: 15_000 } });
    setPrismaForTests(prisma);
    await seedCarriers(owner);
    const newOrg = (label: string) => prisma!.organization.create({ data: { name: `${label} Agency`, slug: `${label.toLowerCase()}-${dbName}`, contactLimit: -1 } });
    const org = await newOrg("Bench");
    const copyOrg = await newOrg("COPY");
    const singleOrg = await newOrg("Single");
    const largestOrg = await newOrg("Largest");
    const admin = async (organizationId: string) =>
      prisma!.user.create({ data: { organizationId, email: `admin-${organizationId}@${dbName}.test`, firstName: "Bench", lastName: "Admin", isAdmin: true, isAgent: true } });
    const user = await admin(org.id);
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
    // Browser: parse, map, build the request rows, preview, each row's JSON and the chunk plan.
    const browser = async () => {
      const parsed = await timed("browser: parse (parseCsvText, papaparse)", () => parseCsvText(csv));
      const contacts = await timed("browser: map columns, carriers, plans; build rows", () => mapRows(parsed, carrierNames));
      const preview = await timed("browser: preview validation", () => previewImport(contacts, { now: NOW }));
      const rowJson = await timed("browser: JSON of each row, chunk plan (≤ 1.5 MB each)", () => {
        const json = contacts.map((c) => JSON.stringify(c));
        planImportChunks(json);
        return json;
      });
      return { rowJson, previewValid: preview.valid };
    };
    const t0 = performance.now();
    const { rowJson, previewValid } = await browser();
    totalMs += performance.now() - t0;
    const browserPeak = rss.stop();

    // What the browser held stays in the browser (only the rows' JSON is needed to send): collect the rest.
    collectGarbage();
    const serverBaseline = process.memoryUsage().rss;
    rss = rssSampler();
    const t1 = performance.now();
    const run = await chunkedImport({ organizationId: org.id, user, rowJson, overwriteExisting: false, agentId: agent.id });
    const serverMs = performance.now() - t1;
    totalMs += serverMs;
    phases.push(["browser: chunk bodies", run.bodiesMs]);
    phases.push(["server: open the job", run.openMs]);
    phases.push([`server: ${run.chunks} chunks (JSON.parse + zod, validate, carriers, ZIP, stage); slowest call ${s(run.slowestChunkMs)} s`, run.chunksMs]);
    phases.push(["server: commit (one transaction: INSERT … SELECT from the staged rows)", run.commitMs]);
    const serverPeak = rss.stop();
    const result = run.result;
    const peakSampled = Math.max(browserPeak, serverPeak);
    const maxRss = process.resourceUsage().maxRSS * 1024;
    const bodyBytes = rowJson.reduce((n, j) => n + Buffer.byteLength(j) + 1, 0);

    const stored = Number((await owner.query<{ n: string }>("SELECT count(*) AS n FROM contacts WHERE organization_id = $1", [org.id])).rows[0]!.n);
    if (stored !== result.newContacts) throw new Error(`stored ${stored} contacts, the import reported ${result.newContacts}`);
    const leftover = Number((await owner.query<{ n: string }>("SELECT count(*) AS n FROM import_job_rows")).rows[0]!.n);
    if (leftover !== 0) throw new Error(`${leftover} staged rows left after the commit`);
    console.log(`[csv-import] imported ${result.newContacts.toLocaleString("en-US")} new, ${result.errorRows.length} error rows, ${result.invalidEmails.length} invalid emails, ${result.carrierConversions.length.toLocaleString("en-US")} carrier conversions in ${s(totalMs)} s`);

    // Re-import of the same file with overwrite on: every row becomes an UPDATE (not gated).
    const again = await chunkedImport({ organizationId: org.id, user, rowJson, overwriteExisting: true, agentId: agent.id });

    // The single-request path (POST /api/contacts/bulk-import: the same job in one call), into another organization (not gated).
    const singleUser = await admin(singleOrg.id);
    let t = performance.now();
    const request = bulkImportRequestSchema.parse(JSON.parse(`{"contacts":[${rowJson.join(",")}],"overwriteExisting":false,"agentId":null}`));
    const singleParseMs = performance.now() - t;
    t = performance.now();
    const single = await bulkImportContacts({ organizationId: singleOrg.id, user: singleUser, request, now: NOW });
    const singleMs = performance.now() - t;
    if (single.newContacts !== result.newContacts) throw new Error(`single-request path imported ${single.newContacts}, the chunked path ${result.newContacts}`);

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

    // The largest file an import takes, through the chunked path (not gated; a serverless call's time is the question).
    const largestCsv = generateCsv(LARGEST_ROWS);
    const largestJson = mapRows(parseCsvText(largestCsv), carrierNames).map((c) => JSON.stringify(c));
    collectGarbage();
    const largest = await chunkedImport({ organizationId: largestOrg.id, user: await admin(largestOrg.id), rowJson: largestJson, overwriteExisting: false, agentId: null });

    const ratio = serverMs / copyMs;
    const peakRss = Math.max(peakSampled, maxRss);
    const checks = [
      { name: `end to end < ${TARGET_TOTAL_MS / 1000} s`, ok: totalMs < TARGET_TOTAL_MS, value: `${s(totalMs)} s` },
      { name: `server's part (open + chunks + commit) ≤ ${TARGET_COPY_RATIO}× COPY`, ok: ratio <= TARGET_COPY_RATIO, value: `${ratio.toFixed(2)}× (${s(serverMs)} s vs ${s(copyMs)} s)` },
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
    const chunkLine = `Chunks: ${run.chunks} requests of at most ${mb(run.maxChunkBytes).toFixed(2)} MB (limit ${mb(MAX_IMPORT_CHUNK_BYTES).toFixed(1)} MB; the route refuses over 2 MB), ${mb(bodyBytes).toFixed(1)} MB of row JSON in all. Longest single call: a chunk ${s(run.slowestChunkMs)} s, the commit ${s(run.commitMs)} s.`;
    const copyLine = `COPY: the same ${Number(copied.rowCount).toLocaleString("en-US")} rows (already validated, ids generated) with \`COPY contacts (…) FROM '<file>' WITH (FORMAT csv)\` as the owner into another organization, server-side from a file on the same machine (pg-copy-streams is not installed; the file is written before the clock starts): ${s(copyMs)} s. The server's part of the chunked path (open + chunks + commit) took ${ratio.toFixed(2)}× that.`;
    const memLine = `Memory (whole process): RSS ${mb(baselineRss).toFixed(0)} MB before the run (Node, Prisma's engine after its first queries, the ZIP table, the 50,000-row CSV text); peak sampled every 10 ms ${mb(browserPeak).toFixed(0)} MB during the browser's half and ${mb(serverPeak).toFixed(0)} MB during the server's half (+${mb(serverPeak - serverBaseline).toFixed(0)} MB over the ${mb(serverBaseline).toFixed(0)} MB it started from); \`process.resourceUsage().maxRSS\` ${mb(maxRss).toFixed(0)} MB at the end of the gated run (includes generating the data).`;
    const overwriteLine = `Re-import of the same file with overwrite on (every row an UPDATE … FROM the staged rows), chunked: ${again.result.updatedContacts.toLocaleString("en-US")} updated; chunks ${s(again.chunksMs)} s, commit ${s(again.commitMs)} s (not gated).`;
    const singleLine = `Single-request path (POST /api/contacts/bulk-import, the same job as one call; ${mb(Buffer.byteLength(JSON.stringify(request))).toFixed(1)} MB body): JSON.parse + zod ${s(singleParseMs)} s, bulkImportContacts ${s(singleMs)} s (not gated).`;
    const largestLine = `Largest file (${LARGEST_ROWS.toLocaleString("en-US")} rows, ${mb(Buffer.byteLength(largestCsv)).toFixed(1)} MB of CSV), chunked, into an empty organization: ${largest.chunks} chunks staged in ${s(largest.chunksMs)} s (slowest call ${s(largest.slowestChunkMs)} s), **commit ${s(largest.commitMs)} s** in one transaction (${largest.result.newContacts.toLocaleString("en-US")} new contacts); ${largest.commitMs < TARGET_LARGEST_COMMIT_MS ? "within" : "OVER"} the ${TARGET_LARGEST_COMMIT_MS / 1000} s a serverless call may take (not gated).`;
    console.log(`\n${table}\n\n${chunkLine}\n${copyLine}\n${memLine}\n${overwriteLine}\n${singleLine}\n${largestLine}\n\n${verdict}\n`);

    const machine = `${os.cpus().length} CPUs (nproc ${os.availableParallelism()}, ${os.cpus()[0]?.model.trim() ?? "unknown"}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, ${serverVersion.split(",")[0]}`;
    writePerformanceSection(SECTION, 
      [
        SECTION,
        "",
        `Measured ${new Date().toISOString()} on ${machine}; database on 127.0.0.1, default server settings.`,
        "",
        `File: ${ROWS.toLocaleString("en-US")} rows, ${mb(csvBytes).toFixed(1)} MB, the template's 11 columns with what real exports hold: mixed date formats (ISO, M/D/YYYY, M/D/YY, DD-Mon-YYYY), formatted phones, carrier spellings (AARP/UHC, legal names, unsupported carriers, blanks), plan spellings (G, Plan G, HDG, High Deductible G), real ZIPs, ≈0.5% invalid emails and ≈0.5% repeated emails.`,
        "",
        `Pipeline (the chunked path the upload modal uses): the browser's part (parseCsvText, autoMapColumns, carrier and plan mapping of the unique values, buildImportContacts, previewImport, each row's JSON, planImportChunks), then \`createImportJob\`, then for each chunk what POST …/chunks does (JSON.parse, importChunkSchema, \`stageImportChunk\`: every row validated, carriers matched, ZIP → state/county, staged in \`import_job_rows\` with \`INSERT … SELECT FROM unnest(…)\` through the tenant wall), then \`commitImportJob\`: one \`tenantTransaction\` (row-level security on) that locks the job and the organization, picks the last row of each email into a temporary table, flags existing emails, checks the plan limit and writes with one \`INSERT … SELECT … ON CONFLICT DO NOTHING\` from it, plus the import job and the audit row; the staged rows are deleted after. Result: ${result.newContacts.toLocaleString("en-US")} new contacts, ${result.errorRows.length} error rows (the repeated emails), ${result.invalidEmails.length} invalid emails, ${result.carrierConversions.length.toLocaleString("en-US")} carrier conversions (preview saw ${previewValid.toLocaleString("en-US")} valid rows).`,
        "",
        table,
        "",
        chunkLine,
        "",
        copyLine,
        "",
        memLine,
        "",
        overwriteLine,
        "",
        singleLine,
        "",
        largestLine,
        "",
        `**${verdict}**`,
        "",
        "### Reading these figures",
        "",
        "- One process plays both sides, with no network between them: the chunks' upload time over a real connection comes on top (≈14 MB for 50,000 rows). The browser's objects (parsed rows, request rows) never reach the server in production, so the bench drops them (keeping the rows' JSON the browser sends from) and runs a full GC before the server's half; the RSS figures are still the whole process's, with Prisma's engine (≈80 MB after its first query), the ZIP table and the CSV text in them. Peak RSS varies by a few tens of MB from run to run with garbage-collection timing.",
        "- Staging writes every row once more than COPY does (to `import_job_rows`, with the submitted cells as JSON for error rows), and the commit reads them back; what the commit costs is mostly PostgreSQL writing contacts: the `search_text` trigger and the trigram GIN index cost the same under COPY.",
        "- No call carries or does the whole import: each chunk request is at most 1.5 MB and a fraction of a second, the commit a single transaction of set-based statements (no rows travel between Node and PostgreSQL during it), so a serverless host's body limit (≈4 MB) and call time are not in the way. The commit route allows 120 s and its transaction 180 s.",
        "- Rows go in through `unnest` of one array per column (a fixed number of bind parameters per statement whatever the chunk size), not one placeholder per value.",
        "- Embedded PGlite (the test suite, `lib/contacts/import/import-200k.test.ts`) is single-threaded WebAssembly: there 200,000 rows are staged in 36 chunks in about 10 s and committed in about 20 s on this machine.",
        "- What got it here: staged rows go in as one compact JSON parameter per 1,000-row INSERT (binding one array per column made Prisma and the driver allocate about 4 KB per row, and the old generation grew by 30 MB per chunk); the staging table is UNLOGGED (scratch data); the commit sorts the valid rows once (the next row of each email gives both the rows to import and the duplicates) and reads the cells of error rows by primary key (a join planned from the freshly filled staging table's missing statistics once took minutes).",
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
