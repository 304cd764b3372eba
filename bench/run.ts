import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { basename, join } from "node:path";

/**
 * `npm run bench`: runs every benchmark in bench/ one after another (they share the machine, so never
 * in parallel), each in a process of its own so that one's memory never counts in the next one's peak
 * RSS, and exits non-zero if any misses its target. `npm run bench -- contacts-query` runs one.
 * Convention: bench/<name>.ts exports an async function named after the file (contacts-query →
 * contactsQuery) that resolves to { passed }.
 */

type BenchmarkResult = { passed: boolean };

const camelCase = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function isBenchmark(value: unknown): value is () => Promise<BenchmarkResult> {
  return typeof value === "function";
}

async function main() {
  const dir = join(process.cwd(), "bench");
  const only = process.argv.slice(2);
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && f !== "run.ts")
    .map((f) => basename(f, ".ts"))
    .filter((name) => only.length === 0 || only.includes(name))
    .sort();
  if (names.length === 0) throw new Error(`No benchmark matches ${only.join(", ")}`);

  const failed: string[] = [];
  if (names.length > 1) {
    for (const name of names) {
      const child = spawnSync(
        join(process.cwd(), "node_modules", ".bin", "tsx"),
        ["--tsconfig", "tsconfig.scripts.json", join(dir, "run.ts"), name],
        { stdio: "inherit" },
      );
      if (child.status !== 0) failed.push(name);
    }
    console.log(failed.length === 0 ? `\nAll ${names.length} benchmark(s) passed.` : `\nFAILED: ${failed.join(", ")}`);
    process.exitCode = failed.length === 0 ? 0 : 1;
    return;
  }
  for (const name of names) {
    const mod = (await import(join(dir, `${name}.ts`))) as Record<string, unknown>;
    const run = mod[camelCase(name)];
    if (!isBenchmark(run)) throw new Error(`bench/${name}.ts must export ${camelCase(name)}()`);
    console.log(`\n=== ${name} ===`);
    const result = await run();
    if (!result.passed) failed.push(name);
  }
  console.log(failed.length === 0 ? `\nAll ${names.length} benchmark(s) passed.` : `\nFAILED: ${failed.join(", ")}`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
