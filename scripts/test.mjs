#!/usr/bin/env node
// `npm test`: lint, format (prettier --check: lines ≤ 120 characters), typecheck, then jest (unit and integration on embedded Postgres). Each step prints
// its own summary; the exit code is the truth (the first failing step's code).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const jestReport = join(mkdtempSync(join(tmpdir(), "gapwise-jest-")), "report.json");

const steps = [
  ["lint", "node_modules/.bin/eslint", ["--max-warnings=0", "."]],
  ["format", "node_modules/.bin/prettier", ["--check", "--log-level=warn", "."]],
  ["typecheck", "node_modules/.bin/tsc", ["--noEmit", "-p", "."]],
  [
    "jest",
    "node_modules/.bin/jest",
    ["--ci", "--json", `--outputFile=${jestReport}`, ...process.argv.slice(2)],
    { NODE_OPTIONS: "--experimental-vm-modules --no-warnings=ExperimentalWarning" },
  ],
];

for (const [name, bin, args, extraEnv = {}] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(bin, args, {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...extraEnv },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (name === "jest" && existsSync(jestReport)) {
    const report = JSON.parse(readFileSync(jestReport, "utf8"));
    console.log(`jest: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  }
  if (result.status !== 0) {
    console.error(`✖ ${name} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} passed (${seconds} s)`);
}
