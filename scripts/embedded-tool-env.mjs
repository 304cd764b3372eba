// Operator scripts (npm run seed, state-rules, rates:load) talk to DATABASE_URL. Without one, they talk to
// the embedded database that a running `npm start` serves (127.0.0.1:EMBEDDED_DB_PORT, default 55432), with
// the secrets that data directory was given (.data/secrets.json): the same app, from another terminal.
// Imported first, for its effect on process.env, before anything reads the configuration.
// Tooling, not app code: it may read process.env.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

if (!process.env.DATABASE_URL) {
  const root = resolve(import.meta.dirname, "..");
  const dataDir = resolve(root, process.env.EMBEDDED_DB_DIR ?? ".data/pglite");
  const secretsFile = join(dirname(dataDir), "secrets.json");
  if (!existsSync(secretsFile)) {
    console.error("No DATABASE_URL, and no embedded database here yet: run `npm start` first (or set DATABASE_URL).");
    process.exit(1);
  }
  process.env.DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_DB_PORT ?? 55432}/postgres`;
  process.env.DATABASE_EMBEDDED = "1";
  process.env.SERVED_BY = "npm-start";
  for (const [name, value] of Object.entries(JSON.parse(readFileSync(secretsFile, "utf8"))))
    process.env[name] ||= value;
}
