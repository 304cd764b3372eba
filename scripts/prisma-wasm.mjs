#!/usr/bin/env node
// Prisma 7 migrations without the native schema-engine binary (which would be downloaded at run time,
// and these machines reach only the npm registry): drives @prisma/schema-engine-wasm through a driver
// adapter. Recipe and pitfalls: ../shared/design/stack.md and rls.md.
//   diff | create <name> | check | deploy | status | drift
// DATABASE_URL: postgres://... -> @prisma/adapter-pg ; pglite:<dir> or unset -> embedded PGlite (in memory)
import { mkdirSync, readdirSync, readFileSync, existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { PrismaPGlite } from "pglite-prisma-adapter";

const require = createRequire(import.meta.url);
const SCHEMA = resolve(process.env.PRISMA_SCHEMA ?? "prisma/schema.prisma");
const MIGRATIONS = resolve(process.env.PRISMA_MIGRATIONS ?? "prisma/migrations");
const filters = { externalTables: [], externalEnums: [] };
// The schema uses trigram indexes (one per organization, through btree_gin) and accent-free search text,
// so every PGlite (including the shadow database) loads pg_trgm, btree_gin and unaccent.
const newPGlite = (dataDir) => new PGlite(dataDir, { extensions: { pg_trgm, unaccent, btree_gin } });

async function loadEngineModule() {
  // package "exports" hides package.json and the .wasm: resolve the glue subpath
  const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bg = await import(bgPath);
  const wasmFile = bgPath.replace(/\.js$/, ".wasm");
  const { instance } = await WebAssembly.instantiate(readFileSync(wasmFile), { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start?.();
  return bg;
}

// pglite-prisma-adapter@0.7.2 executeScript() does not await client.exec(), so a failing migration
// would be reported as applied; and its shadow database lacks our extensions. Fix both.
function fixPGliteFactory(factory) {
  const fix = (adapter) => {
    adapter.executeScript = async (script) => {
      try {
        await adapter.client.exec(script);
      } catch (e) {
        adapter.onError(e);
      }
    };
    return adapter;
  };
  const connect = factory.connect.bind(factory);
  factory.connect = async () => fix(await connect());
  factory.connectToShadowDb = async () => fix(await new PrismaPGlite(newPGlite("memory://shadow")).connect());
  return factory;
}

// @prisma/adapter-pg@7.10.1 executeScript() splits the script on every ";", which breaks DO blocks and
// function bodies (our row-level-security migration has both). Send the whole script as one query.
function fixPgFactory(factory) {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    adapter.executeScript = async (script) => {
      try {
        await adapter.underlyingDriver().query(script);
      } catch (e) {
        adapter.onError(e);
      }
    };
    return adapter;
  };
  return factory;
}

async function adapterFactory(url) {
  if (!url || url.startsWith("pglite:")) {
    const dir = url ? url.slice("pglite:".length) : "memory";
    const pg = newPGlite(dir === "memory" ? undefined : dir);
    return { factory: fixPGliteFactory(new PrismaPGlite(pg)), close: () => pg.close() };
  }
  const { PrismaPg } = await import("@prisma/adapter-pg");
  return { factory: fixPgFactory(new PrismaPg({ connectionString: url, max: 1 })), close: async () => {} };
}

function schemaFiles() {
  return [{ path: SCHEMA, content: readFileSync(SCHEMA, "utf8") }];
}

function migrationsList() {
  const dirs = existsSync(MIGRATIONS)
    ? readdirSync(MIGRATIONS, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = join(MIGRATIONS, "migration_lock.toml");
  return {
    baseDir: MIGRATIONS,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => {
      const f = join(MIGRATIONS, name, "migration.sql");
      return {
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: existsSync(f)
            ? { tag: "ok", value: readFileSync(f, "utf8") }
            : { tag: "error", value: "missing migration.sql" },
        },
      };
    }),
  };
}

async function withEngine(url, fn) {
  const se = await loadEngineModule();
  const { factory, close } = await adapterFactory(url);
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  const engine = await se.SchemaEngine.new(
    { datamodels: schemaFiles().map((f) => [f.path, f.content]) },
    (log) => {
      if (process.env.DEBUG) console.error("[schema-engine]", log);
    },
    bound,
  );
  try {
    return await fn(engine);
  } catch (e) {
    // errors thrown inside the adapter come back as "External error id#N"
    const m = /External error id#(\d+)/.exec(String(e?.message));
    if (m) {
      const inner = bound.errorRegistry.consumeError(Number(m[1]));
      if (inner) e.message += " -> " + JSON.stringify(inner.error ?? inner);
    }
    throw e;
  } finally {
    engine.free?.();
    await close();
  }
}

const stamp = () => new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
const [cmd, name] = process.argv.slice(2);

try {
  switch (cmd) {
    case "diff": {
      const out = await withEngine(undefined, (e) =>
        e.diff({
          from: { tag: "empty" },
          to: { tag: "schemaDatamodel", files: schemaFiles() },
          script: true,
          exitCode: null,
          filters,
        }),
      );
      process.stdout.write(out.stdout ?? "");
      break;
    }
    case "create":
    case "check": {
      // shadow DB: in-memory PGlite
      const list = migrationsList();
      const from = list.migrationDirectories.length ? { tag: "migrations", ...list } : { tag: "empty" };
      const out = await withEngine(undefined, (e) =>
        e.diff({ from, to: { tag: "schemaDatamodel", files: schemaFiles() }, script: true, exitCode: true, filters }),
      );
      const sql = out.stdout ?? "";
      const empty = out.exitCode === 0;
      if (cmd === "check") {
        if (!empty) {
          console.error("schema.prisma has changes that no migration covers:\n" + sql);
          process.exit(1);
        }
        console.log("migrations are in sync with schema.prisma");
        break;
      }
      if (empty) {
        console.log("No schema changes; no migration created.");
        break;
      }
      if (!name) throw new Error("usage: create <name>");
      const dir = join(MIGRATIONS, `${stamp()}_${name.replace(/[^a-zA-Z0-9_]/g, "_")}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "migration.sql"), sql.endsWith("\n") ? sql : sql + "\n");
      const lock = join(MIGRATIONS, "migration_lock.toml");
      if (!existsSync(lock))
        writeFileSync(
          lock,
          '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
        );
      console.log("created", dir);
      break;
    }
    case "deploy": {
      const out = await withEngine(process.env.DATABASE_URL, (e) =>
        e.applyMigrations({ migrationsList: migrationsList(), filters }),
      );
      console.log(
        out.appliedMigrationNames.length
          ? `migrations applied: ${out.appliedMigrationNames.join(", ")}`
          : "database is up to date (no pending migrations)",
      );
      break;
    }
    case "drift": {
      // live database (through the adapter) vs schema.prisma; exit 1 on drift. PGlite only (adapter-pg can't introspect)
      const out = await withEngine(process.env.DATABASE_URL, (e) =>
        e.diff({
          from: { tag: "schemaDatasource", files: schemaFiles(), configDir: process.cwd() },
          to: { tag: "schemaDatamodel", files: schemaFiles() },
          script: true,
          exitCode: true,
          filters,
        }),
      );
      if (out.exitCode !== 0) {
        console.error("database drifted from schema.prisma:\n" + out.stdout);
        process.exit(1);
      }
      console.log("database matches schema.prisma");
      break;
    }
    case "status": {
      const out = await withEngine(process.env.DATABASE_URL, (e) =>
        e.diagnoseMigrationHistory({ migrationsList: migrationsList(), optInToShadowDatabase: false, filters }),
      );
      console.log(JSON.stringify(out, null, 2));
      break;
    }
    default:
      console.error("usage: prisma-wasm.mjs diff|create <name>|check|deploy|status|drift");
      process.exit(2);
  }
} catch (e) {
  console.error(`prisma-wasm ${cmd} failed: ${e?.message ?? e}`);
  process.exit(1);
}
// the wasm engine leaves a ~10 s timer alive after finishing; don't wait for it
process.exit(0);
