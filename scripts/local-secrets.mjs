// The embedded mode's secrets: generated once per data directory and kept beside the database in
// secrets.json (mode 0600), so sign-in links, signed tokens and encrypted health answers survive restarts.
// No secret has a default anywhere: a start that is not embedded must bring its own (lib/env.ts says so).
// Tooling, not app code: it may read process.env.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const GENERATED = {
  AUTH_SECRET: () => randomBytes(32).toString("base64"),
  ELIGIBILITY_ENCRYPTION_KEY: () => randomBytes(32).toString("base64"),
};

/** The secrets for the embedded database in `dir`, created (0600) on the first call. */
export function embeddedSecrets(dir) {
  const file = join(dir, "secrets.json");
  let stored = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8"));
  const missing = Object.keys(GENERATED).filter((name) => typeof stored[name] !== "string" || stored[name] === "");
  if (missing.length) {
    for (const name of missing) stored[name] = GENERATED[name]();
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600); // also when an older file was created more open
  return { file, secrets: stored };
}
