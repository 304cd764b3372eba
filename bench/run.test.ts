import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// `npm run bench` runs each benchmark in a child process and waits for it to exit. A benchmark that fails
// half-way can leave a pool or a server open: the child must still exit, or the whole run waits for ever
// (on 2026-11-30 a failed csv-import held the full run for minutes until it was killed).
describe("bench/run.ts", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "gapwise-run-test-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function runBench(name: string) {
    return spawnSync(
      join(process.cwd(), "node_modules", ".bin", "tsx"),
      ["--tsconfig", "tsconfig.scripts.json", join(process.cwd(), "bench", "run.ts"), name],
      { env: { ...process.env, BENCH_DIR: dir }, encoding: "utf8", timeout: 30_000 },
    );
  }

  it("exits with a failure when a benchmark throws with a handle still open", () => {
    writeFileSync(
      join(dir, "leaky.ts"),
      `export async function leaky() {
        setInterval(() => undefined, 1_000); // what an open database pool does to the event loop
        throw new Error("failed half-way");
      }\n`,
    );
    const child = runBench("leaky");
    expect({ signal: child.signal, status: child.status }).toEqual({ signal: null, status: 1 });
    expect(child.stderr).toContain("failed half-way");
  });

  it("exits with success when a benchmark passes, an open handle notwithstanding", () => {
    writeFileSync(
      join(dir, "steady.ts"),
      `export async function steady() {
        setInterval(() => undefined, 1_000);
        return { passed: true };
      }\n`,
    );
    const child = runBench("steady");
    expect({ signal: child.signal, status: child.status }).toEqual({ signal: null, status: 0 });
  });
});
