#!/usr/bin/env node
// `npm start`: one command from a fresh clone to a running app.
//  - Embedded mode (no DATABASE_URL): starts Postgres-in-WASM (PGlite) under ./.data/ behind a local
//    socket, so the app, the migrations and the seed talk to it like to any PostgreSQL server.
//  - Applies pending migrations, seeds the sample agency when missing, builds when the sources changed
//    since the last build, then serves the build with scripts/serve.mjs (`next start` plus the socket's address
//    in X-Forwarded-For) and prints where to go.
//  `npm start -- --dev` runs `next dev` instead of build + start.
// This is tooling, not app code: it may read process.env (the app reads it only through lib/env.ts).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { embeddedSecrets } from "./local-secrets.mjs";

const root = resolve(import.meta.dirname, "..");
const isDev = process.argv.includes("--dev");
try {
  process.loadEnvFile(join(root, ".env"));
} catch {
  /* no .env: embedded defaults */
}

const port = process.env.PORT ?? "3000";
// Loopback only unless HOST says otherwise: the embedded mode is a local demo, and its development tools
// (the outbox lists every sign-in link) open without a key only to requests from this machine.
const host = process.env.HOST ?? "127.0.0.1";
const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
const env = {
  ...process.env,
  PORT: port,
  APP_URL: appUrl,
  NEXT_TELEMETRY_DISABLED: "1",
  SERVED_BY: "npm-start",
  SERVED_HOST: host,
};
const children = new Set();
let dbServer;
let shuttingDown = false;

function log(message) {
  console.log(`[gapwise] ${message}`);
}

function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit", ...options });
    children.add(child);
    child.on("exit", (code, signal) => {
      children.delete(child);
      if (code === 0) resolvePromise();
      else reject(new Error(`${command} ${args.join(" ")} exited with ${signal ?? code}`));
    });
  });
}

async function startEmbeddedDatabase() {
  const dataDir = resolve(root, process.env.EMBEDDED_DB_DIR ?? ".data/pglite");
  const dbPort = Number(process.env.EMBEDDED_DB_PORT ?? 55432);
  mkdirSync(resolve(dataDir, ".."), { recursive: true }); // PGlite creates the data dir, not its parents
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { btree_gin } = await import("@electric-sql/pglite/contrib/btree_gin");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent, btree_gin } });
  const server = new PGLiteSocketServer({ db, port: dbPort, host: "127.0.0.1", maxConnections: 10 });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw new Error(
      `could not start the embedded database on port ${dbPort} (${error.code ?? error.message}). Is another \`npm start\` running? Set EMBEDDED_DB_PORT to use another port.`,
    );
  }
  env.DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${dbPort}/postgres`;
  env.DATABASE_EMBEDDED = "1";
  // Secrets set in the environment win; otherwise this data directory's own, generated on its first start.
  const { file, secrets } = embeddedSecrets(dirname(dataDir));
  for (const [name, value] of Object.entries(secrets)) env[name] ||= value;
  log(`secrets for this data directory in ${file}`);
  log(`embedded PostgreSQL (PGlite) on 127.0.0.1:${dbPort}, data in ${dataDir}`);
  return {
    close: async () => {
      await server.stop();
      await db.close();
    },
  };
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry === ".next" || entry === "generated" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function buildIsStale() {
  const stampFile = join(root, ".next", "gapwise-build-stamp");
  if (!existsSync(join(root, ".next", "BUILD_ID")) || !existsSync(stampFile)) return true;
  const sources = [
    "app",
    "components",
    "lib",
    "inngest",
    "public",
    "prisma/schema.prisma",
    "package-lock.json",
    "next.config.ts",
    "proxy.ts",
    "instrumentation.ts",
  ];
  const newest = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  return newest > Number(readFileSync(stampFile, "utf8"));
}

async function waitUntilServing(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the app did not answer at ${url} within ${timeoutMs / 1000} s`);
}

async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const child of children) child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, children.size ? 500 : 0));
  await dbServer?.close().catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

try {
  if (!process.env.DATABASE_URL) dbServer = await startEmbeddedDatabase();
  else log("using the PostgreSQL server at DATABASE_URL");
  await run("node_modules/.bin/tsx", ["--tsconfig", "tsconfig.scripts.json", "scripts/check-env.ts"]);
  await run("node", ["scripts/prisma-wasm.mjs", "deploy"]);
  await run("node_modules/.bin/tsx", ["--tsconfig", "tsconfig.scripts.json", "prisma/seed.ts"]);
  const bin = "node_modules/.bin/next";
  if (isDev) {
    const dev = run(bin, ["dev", "-p", port, "-H", host]);
    await waitUntilServing(appUrl);
    printReady();
    await dev;
  } else {
    if (buildIsStale()) {
      log("building the app (first start, or the sources changed)…");
      const startedAt = Date.now();
      await run(bin, ["build"]);
      writeFileSync(join(root, ".next", "gapwise-build-stamp"), String(startedAt));
    }
    const server = run("node", ["scripts/serve.mjs"], { env: { ...env, HOST: host } });
    await waitUntilServing(appUrl);
    printReady();
    await server;
  }
} catch (error) {
  if (!shuttingDown) {
    console.error(`[gapwise] ${error.message}`);
    await shutdown(1);
  }
}

function printReady() {
  const mode = env.DATABASE_EMBEDDED
    ? "embedded mode (sample data, nothing leaves this machine)"
    : "with your PostgreSQL";
  console.log(`
  Gapwise is running at ${appUrl}  —  ${mode}

  Sign in: open ${appUrl}/login and ask for a link for admin@sample-agency.test
  (or the agents alex@sample-agency.test, jordan@sample-agency.test); the link arrives in the
  outbox at ${appUrl}/dev/outbox, where every email the app sends is shown. Or sign up a new agency.
  Stop with Ctrl+C.
`);
}
