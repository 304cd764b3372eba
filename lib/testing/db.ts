import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { setPrismaForTests } from "@/lib/db";

/**
 * A fresh, fully migrated database for one test file.
 * - Default: in-process PGlite (embedded Postgres), restored from a migrated snapshot cached on disk.
 * - With TEST_DATABASE_URL (CI's second run): a new database on that real PostgreSQL server.
 * Either way the same migration files are applied, so the integration suite proves both.
 */

export const MIGRATIONS_DIR = join(process.cwd(), "prisma", "migrations");

export function migrationSql(): { name: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((d) => /^\d+_/.test(d))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(MIGRATIONS_DIR, name, "migration.sql"), "utf8") }));
}

export type TestDatabase = {
  prisma: PrismaClient;
  kind: "pglite" | "postgres";
  /** Raw SQL as the owner (superuser), bypassing Prisma: for assertions about the database itself. */
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
};

async function migratedSnapshot(): Promise<Blob> {
  const migrations = migrationSql();
  const hash = createHash("sha256").update(JSON.stringify(migrations)).digest("hex").slice(0, 16);
  const file = join(tmpdir(), `gapwise-pglite-${hash}.tar.gz`);
  if (!existsSync(file)) {
    const pg = new PGlite({ extensions: { pg_trgm, unaccent, btree_gin } });
    for (const m of migrations) await pg.exec(m.sql);
    const dump = await pg.dumpDataDir("gzip");
    await pg.close();
    // Several jest workers may race here: write to a private name, then rename (atomic).
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

async function createPGliteDatabase(): Promise<TestDatabase> {
  const pg = new PGlite({ extensions: { pg_trgm, unaccent, btree_gin }, loadDataDir: await migratedSnapshot() });
  await pg.waitReady;
  const prisma = new PrismaClient({
    adapter: new PrismaPGlite(pg),
    transactionOptions: { maxWait: 20_000, timeout: 20_000 },
  });
  return {
    prisma,
    kind: "pglite",
    query: async <T>(sql: string, params?: unknown[]) => (await pg.query<T>(sql, params)).rows,
    close: async () => {
      await prisma.$disconnect();
      await pg.close();
    },
  };
}

async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const { Client } = await import("pg");
  const name = `gapwise_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const owner = new Client({ connectionString: url.toString() });
  await owner.connect();
  for (const m of migrationSql()) await owner.query(m.sql);
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url.toString(), max: 5 }) });
  return {
    prisma,
    kind: "postgres",
    query: async <T>(sql: string, params?: unknown[]) => (await owner.query(sql, params)).rows as T[],
    close: async () => {
      await prisma.$disconnect();
      await owner.end();
      const dropper = new Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresDatabase(url) : createPGliteDatabase();
}

/**
 * Registers beforeAll/afterAll hooks that give the test file its own database and install it as the
 * app's client (lib/db). Returns a handle whose fields are filled in before the first test runs.
 */
export function setupTestDatabase(): TestDatabase {
  const handle = {} as TestDatabase;
  beforeAll(async () => {
    const db = await createTestDatabase();
    Object.assign(handle, db);
    setPrismaForTests(db.prisma);
  }, 120_000);
  afterAll(async () => {
    setPrismaForTests(undefined);
    await handle.close?.();
  });
  return handle;
}
