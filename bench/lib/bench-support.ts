import { randomBytes } from "node:crypto";
import os from "node:os";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** What every benchmark shares: where it may run, and how it writes its section of docs/performance.md. */

export const DEFAULT_BENCH_URL = "postgres://postgres:postgres@127.0.0.1:5432/postgres";
const DOC = join(process.cwd(), "docs", "performance.md");

/** Benchmarks create and drop databases: keep them on this machine. */
export function loopbackOnly(url: string) {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`BENCH_DATABASE_URL must point at 127.0.0.1 (got host ${host}).`);
  }
}

/**
 * The environment of a `next build` / `next start` a benchmark runs against a real PostgreSQL: production
 * build, random secrets (no secret has a default), and the cron route as its job runner (the in-process
 * ticker is npm start's), so nothing runs in the background while it measures.
 */
export function benchServerEnv({ databaseUrl, port }: { databaseUrl: string; port: number }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    DATABASE_EMBEDDED: "",
    APP_URL: `http://127.0.0.1:${port}`,
    ...Object.fromEntries(PRODUCTION_SECRETS.map((key) => [key, throwawaySecret()])),
  };
}

/** The secrets a production configuration refuses to start without (lib/env.ts). */
const PRODUCTION_SECRETS = ["AUTH_SECRET", "ELIGIBILITY_ENCRYPTION_KEY", "CRON_SECRET"] as const;

function throwawaySecret(): string {
  return randomBytes(32).toString("base64");
}

/**
 * For a benchmark that calls lib/ in its own process under NODE_ENV=production (npm run bench): lib/ reads
 * its configuration on first use and, in production, refuses to start without the secrets and a job runner.
 * Throwaway secrets, and the cron route as the job runner (as benchServerEnv), where none is set.
 */
export function setThrowawaySecrets() {
  for (const key of PRODUCTION_SECRETS) process.env[key] ??= throwawaySecret();
}

/** Replaces (or appends) the section headed `section` in docs/performance.md, keeping the others. */
export function writePerformanceSection(section: string, markdown: string) {
  const intro = [
    "# Performance",
    "",
    "Benchmarks live in `bench/` and run with `npm run bench` (all of them; `npm run bench -- <name>` for one).",
    "They measure the production parts on a real PostgreSQL server (not the embedded PGlite used by tests):",
    "each creates a scratch database on `BENCH_DATABASE_URL` (default `postgres://postgres:postgres@127.0.0.1:5432/postgres`),",
    "applies `prisma/migrations`, writes and reads through the data layer (`tenantDb`, so row-level security is in the path), and drops the database at the end.",
    "",
  ].join("\n");
  let doc = existsSync(DOC) ? readFileSync(DOC, "utf8") : `${intro}\n`;
  const start = doc.indexOf(section);
  if (start === -1) {
    doc = `${doc.replace(/\s*$/, "")}\n\n${markdown}\n`;
  } else {
    const after = doc.slice(start + section.length);
    const next = after.search(/^## /m);
    doc = `${doc.slice(0, start)}${markdown}\n${next === -1 ? "" : `\n${after.slice(next)}`}`;
  }
  mkdirSync(join(process.cwd(), "docs"), { recursive: true });
  writeFileSync(DOC, doc.replace(/\n{3,}/g, "\n\n"));
}

/**
 * A fresh database on the benchmark server with every migration applied. `drop()` removes it; call
 * it in a finally block.
 */
export async function createScratchDatabase(prefix = "gapwise_bench") {
  const { randomBytes } = await import("node:crypto");
  const pg = (await import("pg")).default;
  const { migrationSql } = await import("@/lib/testing/db");
  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_URL;
  loopbackOnly(adminUrl);
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const owner = new pg.Client({ connectionString: url.toString() });
  await owner.connect();
  for (const m of migrationSql()) await owner.query(m.sql); // whole scripts: they hold DO blocks and functions
  const serverVersion = (await owner.query<{ version: string }>("SELECT version()")).rows[0]!.version;
  return {
    name,
    url: url.toString(),
    owner,
    serverVersion,
    async drop() {
      await owner.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}

/** One cell of a CSV file for `COPY … WITH (FORMAT csv)`: null is an unquoted empty cell (NULL), "" a quoted one. */
export function csvCell(v: string | boolean | null): string {
  if (v === null) return "";
  const text = String(v);
  return /[",\n\r]/.test(text) || text === "" ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** Peak resident memory while a phase runs (sampled every 10 ms). */
export function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  return {
    sample: () => (peak = Math.max(peak, process.memoryUsage().rss)),
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

/**
 * One row of the table `npm run bench` ends with (issue #19 point 8): what was measured, its target, the
 * result, and, where the bench has one, the result beside its anchor (COPY, GET /api/health, the raw query).
 */
export type BenchMeasure = {
  measure: string;
  target: string;
  result: string;
  /** e.g. "2.03× COPY" or "52% of GET /api/health". */
  anchor?: string;
  passed: boolean;
};

export type BenchResult = { passed: boolean; measures?: BenchMeasure[] };

/** Where a benchmark's child process leaves its measures for bench/run.ts (one JSON line per benchmark). */
export const BENCH_RESULTS_FILE_ENV = "BENCH_RESULTS_FILE";

export type SummaryRow = BenchMeasure & { bench: string };

/**
 * The summary's rows from the children's JSON lines, in the order the benchmarks ran: each benchmark's
 * measures, one pass/fail row for a benchmark without measures, and a failing row for one that never
 * reported (it crashed), so no benchmark can drop out of the table unnoticed.
 */
export function summaryRows(jsonLines: readonly string[], names: readonly string[]): SummaryRow[] {
  const results = new Map(
    jsonLines.map((line) => JSON.parse(line) as BenchResult & { bench: string }).map((r) => [r.bench, r]),
  );
  return names.flatMap((bench): SummaryRow[] => {
    const result = results.get(bench);
    if (!result) return [{ bench, measure: "(the benchmark did not finish)", target: "—", result: "—", passed: false }];
    if (!result.measures?.length)
      return [{ bench, measure: "its target", target: "see its section", result: "—", passed: result.passed }];
    return result.measures.map((m) => ({ bench, ...m }));
  });
}

/** The benchmarks among a directory's files (`only`: just these): every .ts but run.ts, tests and declarations. */
export function benchmarkNames(files: readonly string[], only: readonly string[] = []): string[] {
  return files
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !f.endsWith(".test.ts") && f !== "run.ts")
    .map((f) => f.slice(0, -".ts".length))
    .filter((name) => only.length === 0 || only.includes(name))
    .sort();
}

/** The summary table in Markdown: measure, target, result, anchor, pass/fail. */
export function measuresTable(rows: readonly SummaryRow[]): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  return [
    "| bench | measure | target | result | vs anchor | |",
    "|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.bench} | ${cell(r.measure)} | ${cell(r.target)} | ${cell(r.result)} | ${cell(r.anchor ?? "—")} | ${r.passed ? "PASS" : "**FAIL**"} |`,
    ),
  ].join("\n");
}

/** The machine a run measured on, for the performance doc: cores, CPU, memory, Node, load average. */
export function machineLine(now: Date): string {
  const cpus = os.cpus();
  const load = os.loadavg()[0]!.toFixed(1);
  return `${now.toISOString()} on ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, load average ${load} at the start`;
}
