import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  BENCH_RESULTS_FILE_ENV,
  benchmarkNames,
  machineLine,
  measuresTable,
  summaryRows,
  writePerformanceSection,
  type BenchResult,
} from "./lib/bench-support";

/**
 * `npm run bench`: runs every benchmark in bench/ one after another (they share the machine, so never
 * in parallel), each in a process of its own so that one's memory never counts in the next one's peak
 * RSS, and exits non-zero if any misses its target. `npm run bench -- contacts-query` runs one.
 * Convention: bench/<name>.ts exports an async function named after the file (contacts-query →
 * contactsQuery) that resolves to { passed, measures? }.
 *
 * It ends with one table (issue #19 point 8): every benchmark's measures with target, result, the ratio
 * to its anchor and pass/fail, printed and written to docs/performance.md ("Summary") with the machine
 * and date. Each child leaves its measures as one JSON line in a file the parent names.
 */

const SUMMARY_SECTION = "## Summary (npm run bench)";

const camelCase = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function isBenchmark(value: unknown): value is () => Promise<BenchResult> {
  return typeof value === "function";
}

/** One benchmark in this process; its measures (or a single pass/fail row) go to the results file if named. */
async function runOne(dir: string, name: string): Promise<BenchResult> {
  const mod = (await import(join(dir, `${name}.ts`))) as Record<string, unknown>;
  const run = mod[camelCase(name)];
  if (!isBenchmark(run)) throw new Error(`bench/${name}.ts must export ${camelCase(name)}()`);
  console.log(`\n=== ${name} ===`);
  const result = await run();
  const resultsFile = process.env[BENCH_RESULTS_FILE_ENV];
  if (resultsFile) appendFileSync(resultsFile, `${JSON.stringify({ bench: name, ...result })}\n`);
  return result;
}

async function main() {
  // BENCH_DIR: another directory of benchmarks (bench/run.test.ts runs one that fails half-way).
  const dir = process.env.BENCH_DIR ?? join(process.cwd(), "bench");
  const only = process.argv.slice(2);
  const names = benchmarkNames(readdirSync(dir), only);
  if (names.length === 0) throw new Error(`No benchmark matches ${only.join(", ")}`);

  if (names.length === 1) {
    const result = await runOne(dir, names[0]!);
    if (!process.env[BENCH_RESULTS_FILE_ENV] && result.measures?.length) {
      console.log(`\n${measuresTable(result.measures.map((m) => ({ bench: names[0]!, ...m })))}`);
    }
    process.exitCode = result.passed ? 0 : 1;
    return;
  }

  const started = new Date();
  const scratch = mkdtempSync(join(tmpdir(), "gapwise-bench-"));
  const resultsFile = join(scratch, "results.jsonl");
  const failed: string[] = [];
  try {
    for (const name of names) {
      const child = spawnSync(
        join(process.cwd(), "node_modules", ".bin", "tsx"),
        ["--tsconfig", "tsconfig.scripts.json", join(dir, "run.ts"), name],
        { stdio: "inherit", env: { ...process.env, [BENCH_RESULTS_FILE_ENV]: resultsFile } },
      );
      if (child.status !== 0) failed.push(name);
    }
    const lines = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8").split("\n").filter(Boolean) : [];
    const rows = summaryRows(lines, names);
    const table = measuresTable(rows);
    console.log(`\n${table}`);
    writePerformanceSection(
      SUMMARY_SECTION,
      [
        SUMMARY_SECTION,
        "",
        `The table \`npm run bench\` ends with. Last full run: ${machineLine(started)}; PostgreSQL from apt on 127.0.0.1. Each benchmark's section below has the method, the data and the history.`,
        "",
        table,
      ].join("\n"),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(failed.length === 0 ? `\nAll ${names.length} benchmark(s) passed.` : `\nFAILED: ${failed.join(", ")}`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  // A benchmark that failed half-way can leave a database pool or a server open, which would keep this
  // process (and so `npm run bench`) waiting for ever; its result is already written.
  .finally(() => process.exit());
