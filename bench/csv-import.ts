import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { chmodSync, createReadStream, existsSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import v8 from "node:v8";
import vm from "node:vm";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { bulkImportContacts } from "@/lib/contacts/import/bulk-import";
import { commitImportJob, createImportJob, stageImportChunk } from "@/lib/contacts/import/import-jobs";
import {
  bulkImportRequestSchema,
  importChunkSchema,
  MAX_IMPORT_CHUNK_BYTES,
  type BulkImportResponse,
} from "@/lib/contacts/import/import-types";
import { validateImportRow, type ValidatedContact } from "@/lib/contacts/import/validate-row";
import { lookupZip } from "@/lib/contacts/import/zip-county";
import { setPrismaForTests } from "@/lib/db";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";
import {
  createScratchDatabase,
  csvCell,
  rssSampler,
  setThrowawaySecrets,
  writePerformanceSection,
  type BenchMeasure,
  type BenchResult,
} from "./lib/bench-support";
import type { BrowserHalf } from "./lib/csv-import-browser";

/**
 * CSV import at agency scale: a 50,000-row file (≈6 MB) through the chunked path the upload modal
 * uses, on a real PostgreSQL server, timed and with peak memory:
 * - the browser's half (bench/lib/csv-import-browser.ts, a process of its own): generate the export,
 *   parse, map columns/carriers/plans, build the request rows, preview validation, each row's JSON cut
 *   into chunk bodies of at most 1.5 MB;
 * - the server's half (this process): createImportJob, then per chunk what POST …/chunks does
 *   (JSON.parse, zod, stageImportChunk: validation, carriers, ZIP lookup, staging through the tenant
 *   wall), then commitImportJob (one transaction).
 * For scale, the same rows are loaded with a plain server-side `COPY contacts … FROM '<file>'` into
 * another organization. Targets: end to end under 15 s, the server's half within 3× of COPY, peak RSS
 * under 500 MB in each process. Not gated, for the record: a re-import with overwrite, the
 * single-request path (bulkImportContacts) and a 200,000-row file (the largest an import takes).
 */

const ROWS = 50_000;
const TARGET_TOTAL_MS = 15_000;
const TARGET_COPY_RATIO = 3;
const TARGET_RSS_MB = 500;
const LARGEST_ROWS = 200_000;
const TARGET_LARGEST_COMMIT_MS = 60_000;
const NOW = new Date("2026-11-22T12:00:00Z");
const SECTION = "## CSV import (bench/csv-import.ts)";

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
    const aliasKeys = Object.entries(groups.aliases)
      .filter(([, target]) => target === group)
      .map(([alias]) => alias);
    for (const naic of naics) {
      const shortName = groups.naic_names[naic];
      const aliases = [
        ...new Set([group.toLowerCase(), ...aliasKeys, ...(shortName ? [shortName.toLowerCase()] : [])]),
      ];
      await owner.query(
        "INSERT INTO carriers (id, naic, name, name_full, group_name, aliases, updated_at) VALUES (gen_random_uuid(), $1, $2, $3, $2, $4, now())",
        [naic, group, shortName ?? null, aliases],
      );
    }
  }
}
const s = (ms: number) => (ms / 1000).toFixed(2);

// ─────────────────────────── the benchmark ───────────────────────────

type Admin = { id: string; isAdmin: boolean; isAgent: boolean };
type ChunkedRun = {
  chunks: number;
  openMs: number;
  chunksMs: number;
  slowestChunkMs: number;
  commitMs: number;
  result: BulkImportResponse;
};

/** Runs the browser's half in its own process; its chunk bodies land in `out`, one per line. */
function browserHalf(rows: number, carrierNames: string[], out: string): BrowserHalf {
  const tsx = join(process.cwd(), "node_modules", ".bin", "tsx");
  const child = spawnSync(
    tsx,
    [
      "--tsconfig",
      "tsconfig.scripts.json",
      join("bench", "lib", "csv-import-browser.ts"),
      JSON.stringify({ rows, carrierNames, out, now: NOW.toISOString() }),
    ],
    {
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  if (child.status !== 0) throw new Error(`the browser's half failed (exit ${child.status})`);
  return JSON.parse(child.stdout.trim().split("\n").pop()!) as BrowserHalf;
}

/** The chunk bodies in the order the browser sends them. */
async function* chunkBodies(file: string): AsyncGenerator<string> {
  for await (const line of createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity }))
    if (line) yield line;
}

/** The server's half of a chunked upload: open, each chunk as the route takes it (JSON.parse + zod + stage), commit. */
async function chunkedImport({
  organizationId,
  user,
  file,
  totalRows,
  overwriteExisting,
  agentId,
}: {
  organizationId: string;
  user: Admin;
  file: string;
  totalRows: number;
  overwriteExisting: boolean;
  agentId: string | null;
}): Promise<ChunkedRun> {
  let t = performance.now();
  const { jobId } = await createImportJob({
    organizationId,
    user,
    request: { overwriteExisting, agentId, totalRows },
    now: NOW,
  });
  const openMs = performance.now() - t;
  let chunks = 0;
  let chunksMs = 0;
  let slowestChunkMs = 0;
  for await (const body of chunkBodies(file)) {
    t = performance.now();
    await stageImportChunk({ organizationId, user, jobId, chunk: importChunkSchema.parse(JSON.parse(body)), now: NOW });
    const ms = performance.now() - t;
    chunks++;
    chunksMs += ms;
    slowestChunkMs = Math.max(slowestChunkMs, ms);
  }
  t = performance.now();
  const result = await commitImportJob({ organizationId, user, jobId, now: NOW });
  return { chunks, openMs, chunksMs, slowestChunkMs, commitMs: performance.now() - t, result };
}

export async function csvImport(): Promise<BenchResult> {
  // A committed import queues the book's reschedule, which reads the configuration (lib/jobs/announce-reschedule.ts).
  setThrowawaySecrets();
  const db = await createScratchDatabase("gapwise_bench_csv_import");
  const { owner, serverVersion, name: dbName } = db;
  const url = db.url;
  const tag = randomBytes(4).toString("hex");
  const copyFile = join(os.tmpdir(), `gapwise-bench-copy-${tag}.csv`);
  const chunkFile = join(os.tmpdir(), `gapwise-bench-chunks-${tag}.jsonl`);
  const largestFile = join(os.tmpdir(), `gapwise-bench-chunks-largest-${tag}.jsonl`);
  let prisma: PrismaClient | undefined;

  try {
    prisma = new PrismaClient({
      adapter: new PrismaPg({ connectionString: url, max: 10 }),
      transactionOptions: { maxWait: 5_000, timeout: 15_000 },
    });
    setPrismaForTests(prisma);
    await seedCarriers(owner);
    const newOrg = (label: string) =>
      prisma!.organization.create({
        data: { name: `${label} Agency`, slug: `${label.toLowerCase()}-${dbName}`, contactLimit: -1 },
      });
    const org = await newOrg("Bench");
    const copyOrg = await newOrg("COPY");
    const singleOrg = await newOrg("Single");
    const largestOrg = await newOrg("Largest");
    const admin = async (organizationId: string) =>
      prisma!.user.create({
        data: {
          organizationId,
          email: `admin-${organizationId}@${dbName}.test`,
          firstName: "Bench",
          lastName: "Admin",
          isAdmin: true,
          isAgent: true,
        },
      });
    const user = await admin(org.id);
    const agent = await prisma.user.create({
      data: {
        organizationId: org.id,
        email: `agent@${dbName}.test`,
        firstName: "Bench",
        lastName: "Agent",
        isAdmin: false,
        isAgent: true,
      },
    });
    const carrierNames = [
      ...new Set(
        (await prisma.carrier.findMany({ select: { groupName: true, name: true } })).map((c) => c.groupName ?? c.name),
      ),
    ];
    lookupZip("00000"); // load the ZIP table now: the server loads it once per process, not per import

    // The browser's half, in its own process.
    const startLoad = os.loadavg()[0]!;
    const browser = browserHalf(ROWS, carrierNames, chunkFile);
    const browserMs = browser.phases.reduce((sum, [, ms]) => sum + ms, 0);
    console.log(
      `\n[csv-import] ${ROWS.toLocaleString("en-US")} rows, ${mb(browser.csvBytes).toFixed(1)} MB of CSV, ${browser.chunks} chunks; browser's half ${s(browserMs)} s`,
    );

    // The server's half, here.
    collectGarbage();
    const serverBaseline = process.memoryUsage().rss;
    const rss = rssSampler();
    const t1 = performance.now();
    const run = await chunkedImport({
      organizationId: org.id,
      user,
      file: chunkFile,
      totalRows: ROWS,
      overwriteExisting: false,
      agentId: agent.id,
    });
    const serverMs = performance.now() - t1;
    const serverPeak = rss.stop();
    const serverMaxRss = process.resourceUsage().maxRSS * 1024;
    const totalMs = browserMs + serverMs;
    const phases: [string, number][] = [
      ...browser.phases,
      ["server: open the job", run.openMs],
      [
        `server: ${run.chunks} chunks (JSON.parse + zod, validate, carriers, ZIP, stage); slowest call ${s(run.slowestChunkMs)} s`,
        run.chunksMs,
      ],
      ["server: commit (one transaction: INSERT … SELECT from the staged rows)", run.commitMs],
    ];
    const result = run.result;

    const stored = Number(
      (await owner.query<{ n: string }>("SELECT count(*) AS n FROM contacts WHERE organization_id = $1", [org.id]))
        .rows[0]!.n,
    );
    if (stored !== result.newContacts)
      throw new Error(`stored ${stored} contacts, the import reported ${result.newContacts}`);
    const leftover = Number((await owner.query<{ n: string }>("SELECT count(*) AS n FROM import_job_rows")).rows[0]!.n);
    if (leftover !== 0) throw new Error(`${leftover} staged rows left after the commit`);
    console.log(
      `[csv-import] imported ${result.newContacts.toLocaleString("en-US")} new, ${result.errorRows.length} error rows, ${result.invalidEmails.length} invalid emails, ${result.carrierConversions.length.toLocaleString("en-US")} carrier conversions in ${s(totalMs)} s`,
    );

    // Re-import of the same file with overwrite on: every row becomes an UPDATE (not gated).
    const again = await chunkedImport({
      organizationId: org.id,
      user,
      file: chunkFile,
      totalRows: ROWS,
      overwriteExisting: true,
      agentId: agent.id,
    });

    // The single-request path (POST /api/contacts/bulk-import: the same job as one call), into another organization (not gated).
    const contacts: unknown[] = [];
    for await (const body of chunkBodies(chunkFile))
      contacts.push(...(JSON.parse(body) as { contacts: unknown[] }).contacts);
    const singleBody = JSON.stringify({ contacts, overwriteExisting: false, agentId: null });
    contacts.length = 0;
    const singleUser = await admin(singleOrg.id);
    let t = performance.now();
    const request = bulkImportRequestSchema.parse(JSON.parse(singleBody));
    const singleParseMs = performance.now() - t;
    t = performance.now();
    const single = await bulkImportContacts({ organizationId: singleOrg.id, user: singleUser, request, now: NOW });
    const singleMs = performance.now() - t;
    if (single.newContacts !== result.newContacts)
      throw new Error(`single-request path imported ${single.newContacts}, the chunked path ${result.newContacts}`);

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
        return [
          randomUUID(),
          copyOrg.id,
          c.firstName,
          c.lastName,
          c.email,
          c.phoneNumber,
          place?.state ?? null,
          c.zipCode,
          place?.county ?? null,
          place?.countyFips ?? null,
          c.gender,
          c.tobaccoUser ?? false,
          c.birthDate,
          c.effectiveDate,
          c.currentCarrier,
          c.planType,
          agent.id,
          "csv",
          NOW.toISOString(),
          NOW.toISOString(),
        ]
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
    const largestBrowser = browserHalf(LARGEST_ROWS, carrierNames, largestFile);
    const largest = await chunkedImport({
      organizationId: largestOrg.id,
      user: await admin(largestOrg.id),
      file: largestFile,
      totalRows: LARGEST_ROWS,
      overwriteExisting: false,
      agentId: null,
    });

    const ratio = serverMs / copyMs;
    const browserRss = Math.max(browser.peakRss, browser.maxRss);
    const serverRss = Math.max(serverPeak, serverMaxRss);
    const checks = [
      { name: `end to end < ${TARGET_TOTAL_MS / 1000} s`, ok: totalMs < TARGET_TOTAL_MS, value: `${s(totalMs)} s` },
      {
        name: `server's half (open + chunks + commit) ≤ ${TARGET_COPY_RATIO}× COPY`,
        ok: ratio <= TARGET_COPY_RATIO,
        value: `${ratio.toFixed(2)}× (${s(serverMs)} s vs ${s(copyMs)} s)`,
      },
      {
        name: `peak RSS < ${TARGET_RSS_MB} MB`,
        ok: mb(Math.max(browserRss, serverRss)) < TARGET_RSS_MB,
        value: `server ${mb(serverRss).toFixed(0)} MB, browser ${mb(browserRss).toFixed(0)} MB`,
      },
    ];
    const passed = checks.every((c) => c.ok);
    const measures: BenchMeasure[] = checks.map((c) => ({
      measure: `CSV import of ${ROWS.toLocaleString("en-US")} rows: ${c.name.replace(/ [<≤].*$/, "")}`,
      target: c.name.slice(c.name.search(/ [<≤]/) + 1),
      result: c.value,
      ...(c.name.includes("COPY") ? { anchor: `${ratio.toFixed(2)}× COPY` } : {}),
      passed: c.ok,
    }));
    const verdict = `${passed ? "PASS" : "FAIL"}: ${checks.map((c) => `${c.name}: ${c.value} ${c.ok ? "✓" : "✗"}`).join("; ")}.`;

    const table = [
      "| phase | seconds |",
      "|---|---|",
      ...phases.map(([name, ms]) => `| ${name} | ${s(ms)} |`),
      `| **end to end** | **${s(totalMs)}** |`,
    ].join("\n");
    const chunkLine = `Chunks: ${browser.chunks} requests of at most ${mb(browser.maxChunkBytes).toFixed(2)} MB (limit ${mb(MAX_IMPORT_CHUNK_BYTES).toFixed(1)} MB; the route refuses over 2 MB), ${mb(browser.jsonBytes).toFixed(1)} MB of row JSON in all. Longest single call: a chunk ${s(run.slowestChunkMs)} s, the commit ${s(run.commitMs)} s.`;
    const copyLine = `COPY: the same ${Number(copied.rowCount).toLocaleString("en-US")} rows (already validated, ids generated) with \`COPY contacts (…) FROM '<file>' WITH (FORMAT csv)\` as the owner into another organization, server-side from a file on the same machine (pg-copy-streams is not installed; the file is written before the clock starts): ${s(copyMs)} s. The server's half of the chunked path (open + chunks + commit) took ${ratio.toFixed(2)}× that.`;
    const memLine = `Memory: the server's process (Node, Prisma's engine after its first queries, the ZIP table) ${mb(serverBaseline).toFixed(0)} MB RSS before its half, peak sampled every 10 ms ${mb(serverPeak).toFixed(0)} MB (+${mb(serverPeak - serverBaseline).toFixed(0)} MB), \`process.resourceUsage().maxRSS\` ${mb(serverMaxRss).toFixed(0)} MB at the end of the gated run. The browser's process ${mb(browser.baselineRss).toFixed(0)} MB after generating the file, peak ${mb(browser.peakRss).toFixed(0)} MB during the modal's work, maxRSS ${mb(browser.maxRss).toFixed(0)} MB (includes generating the data).`;
    const overwriteLine = `Re-import of the same file with overwrite on (every row an UPDATE … FROM the staged rows), chunked: ${again.result.updatedContacts.toLocaleString("en-US")} updated; chunks ${s(again.chunksMs)} s, commit ${s(again.commitMs)} s (not gated).`;
    const singleLine = `Single-request path (POST /api/contacts/bulk-import, the same job as one call; ${mb(Buffer.byteLength(singleBody)).toFixed(1)} MB body): JSON.parse + zod ${s(singleParseMs)} s, bulkImportContacts ${s(singleMs)} s (not gated).`;
    const largestLine = `Largest file (${LARGEST_ROWS.toLocaleString("en-US")} rows, ${mb(largestBrowser.csvBytes).toFixed(1)} MB of CSV), chunked, into an empty organization: ${largest.chunks} chunks staged in ${s(largest.chunksMs)} s (slowest call ${s(largest.slowestChunkMs)} s), **commit ${s(largest.commitMs)} s** in one transaction (${largest.result.newContacts.toLocaleString("en-US")} new contacts); ${largest.commitMs < TARGET_LARGEST_COMMIT_MS ? "within" : "OVER"} the ${TARGET_LARGEST_COMMIT_MS / 1000} s a serverless call may take (not gated).`;
    console.log(
      `\n${table}\n\n${chunkLine}\n${copyLine}\n${memLine}\n${overwriteLine}\n${singleLine}\n${largestLine}\n\n${verdict}\n`,
    );

    const machine = `${os.cpus().length} CPUs (nproc ${os.availableParallelism()}, ${os.cpus()[0]?.model.trim() ?? "unknown"}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, ${serverVersion.split(",")[0]}`;
    writePerformanceSection(
      SECTION,
      [
        SECTION,
        "",
        `Measured ${new Date().toISOString()} on ${machine}; database on 127.0.0.1, default server settings; load average ${startLoad.toFixed(1)} when the run started (the machine is shared with other builds and test runs).`,
        "",
        `File: ${ROWS.toLocaleString("en-US")} rows, ${mb(browser.csvBytes).toFixed(1)} MB, the template's 11 columns with what real exports hold: mixed date formats (ISO, M/D/YYYY, M/D/YY, DD-Mon-YYYY), formatted phones, carrier spellings (AARP/UHC, legal names, unsupported carriers, blanks), plan spellings (G, Plan G, HDG, High Deductible G), real ZIPs, ≈0.5% invalid emails and ≈0.5% repeated emails.`,
        "",
        `Pipeline (the chunked path the upload modal uses): the browser's half (parseCsvText, autoMapColumns, carrier and plan mapping of the unique values, buildImportContacts, previewImport, each row's JSON, planImportChunks, the chunk bodies), then \`createImportJob\`, then for each chunk what POST …/chunks does (JSON.parse, importChunkSchema, \`stageImportChunk\`: every row validated, carriers matched, ZIP → state/county, staged in \`import_job_rows\` with \`INSERT … SELECT FROM jsonb_array_elements(…)\` through the tenant wall), then \`commitImportJob\`: one \`tenantTransaction\` (row-level security on) that locks the job and the organization, copies the valid rows with the next row of their email into a temporary table, flags existing emails, checks the plan limit and writes with one \`INSERT … SELECT … ON CONFLICT DO NOTHING\` from it, plus the import job and the audit row; the staged rows are deleted after. Result: ${result.newContacts.toLocaleString("en-US")} new contacts, ${result.errorRows.length} error rows (the repeated emails), ${result.invalidEmails.length} invalid emails, ${result.carrierConversions.length.toLocaleString("en-US")} carrier conversions (preview saw ${browser.previewValid.toLocaleString("en-US")} valid rows).`,
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
        "- The two halves run in two processes, as they do in production (a browser tab and the server), with no network between them: the chunks' upload time over a real connection comes on top (≈14 MB for 50,000 rows). The server's process reads the chunk bodies one at a time, as requests would bring them. Until 2026-11-24 this bench ran both halves in one process and gated that process's peak (then 469 MB for the single-request path); with the server's memory measured on its own, each process is gated. Peak RSS varies by a few tens of MB from run to run with garbage-collection timing; most of the server's is there before any import (Node, Prisma's engine ≈105 MB after its first query, the ZIP table ≈35 MB).",
        "- Staging writes every row once more than COPY does (to `import_job_rows`, with the submitted cells for error rows), and the commit reads them back; what the commit costs is mostly PostgreSQL writing contacts: the `search_text` trigger and the trigram GIN index cost the same under COPY.",
        "- No call carries or does the whole import: each chunk request is at most 1.5 MB and a fraction of a second, the commit a single transaction of set-based statements (no rows travel between Node and PostgreSQL during it), so a serverless host's body limit (≈4 MB) and call time are not in the way. The commit route allows 120 s and its transaction 180 s.",
        "- Embedded PGlite (the test suite, `lib/contacts/import/import-200k.test.ts`) is single-threaded WebAssembly: there 200,000 rows are staged in 36 chunks in about 10 s and committed in about 20 s on this machine.",
        "- What got it here: staged rows go in as one compact JSON parameter per 1,000-row INSERT (binding one array per column made Prisma and the driver allocate about 4 KB per row, and the server's old generation grew by 30 MB per chunk); the staging table is UNLOGGED (scratch data); the commit sorts the valid rows once (the next row of each email gives both the rows to import and the duplicates) and reads the cells of error rows by primary key (a join planned from the freshly filled staging table's missing statistics once took minutes). What remains is the chunks' parsed rows: V8 allocates the result of parsing a large JSON text (100 KB or more) directly in the old generation, so each chunk's rows (≈7 MB of objects, whatever the INSERT batch size, as measured) stay until the next full collection: most of the server's growth during the run.",
      ].join("\n"),
    );
    console.log(`[csv-import] figures written to docs/performance.md`);
    return { passed, measures };
  } finally {
    setPrismaForTests(undefined);
    await prisma?.$disconnect();
    await db.drop();
    for (const file of [copyFile, chunkFile, largestFile]) if (existsSync(file)) unlinkSync(file);
  }
}
