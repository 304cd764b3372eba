#!/usr/bin/env node
// `npm run build:deploy`: the build command of a deployment (vercel.json's buildCommand; any host's build
// step). Checks the configuration, applies pending migrations to DATABASE_URL, seeds, then `next build`:
//  - every deployment: the reference data (plans, carriers, state switch rules, household rules), which
//    only inserts or updates and never touches an agency's data;
//  - a preview: also the SAMPLE rate book (into a database without a rate book) and the sample agency when
//    it is missing, so a reviewer has something to look at.
// Production's rate book is loaded by an operator (`npm run rates:load`) or comes from CSG.
// Tooling, not app code: it may read process.env.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function step(title, command, args) {
  console.log(`\n[build:deploy] ${title}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`[build:deploy] ${title}: failed`);
    process.exit(result.status ?? 1);
  }
}

const tsx = ["node_modules/.bin/tsx", ["--tsconfig", "tsconfig.scripts.json"]];
step("checking the configuration", tsx[0], [...tsx[1], "scripts/check-env.ts", "--deployment"]);
step("applying migrations", "node", ["scripts/prisma-wasm.mjs", "deploy"]);
step("seeding", tsx[0], [...tsx[1], "prisma/seed.ts", "--deployment"]);
step("next build", "node_modules/.bin/next", ["build"]);
