import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The Prisma singleton and the tenant wall.
 *
 * - `prisma` is the base client. It connects as the database owner and bypasses row-level security:
 *   use it only for work that is not one organization's (sign-in, signup, seed, sweeps that then
 *   switch to a tenant, the rate book).
 * - `tenantDb(orgId)` scopes every operation to one organization: each call runs in a transaction that
 *   first sets `app.org_id` and drops to the `app` role, so Postgres row-level security hides every
 *   other organization's rows even if a `where` forgets its `organizationId` (rls.md).
 * - `tenantTransaction(orgId, fn)` is the same wall for a multi-statement unit of work.
 */

export type Db = PrismaClient;
export type TxClient = Prisma.TransactionClient;

const globalForDb = globalThis as unknown as { __gapwisePrisma?: PrismaClient };

/**
 * Pool and transaction settings. pglite-server interleaves protocol messages across connections and
 * serializes transactions (rls.md pitfalls 4 and 6): one connection and generous waits there. On
 * PostgreSQL a normal pool whose connect timeout (which also bounds the wait for a free connection) is
 * short: a database that does not answer makes a request fail within 2 s, as a 503 with Retry-After
 * (lib/api/errors.ts isDatabaseUnavailable), instead of hanging until a transaction's maxWait.
 */
export function databaseClientSettings(embedded: boolean) {
  return embedded
    ? { pool: { max: 1, connectionTimeoutMillis: 20_000 }, transactionOptions: { maxWait: 20_000, timeout: 20_000 } }
    : { pool: { max: 10, connectionTimeoutMillis: 2_000 }, transactionOptions: { maxWait: 5_000, timeout: 15_000 } };
}

function createClient(): PrismaClient {
  const env = getEnv();
  if (!env.databaseUrl) {
    throw new Error(
      "DATABASE_URL is not set. Start the app with `npm start` (it starts the embedded database) or set DATABASE_URL.",
    );
  }
  const { pool, transactionOptions } = databaseClientSettings(env.databaseIsEmbeddedServer);
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString: env.databaseUrl, ...pool }),
    transactionOptions,
  });
}

export function getPrisma(): PrismaClient {
  globalForDb.__gapwisePrisma ??= createClient();
  return globalForDb.__gapwisePrisma;
}

/** Tests install their own client (embedded PGlite or a real PostgreSQL) before any query runs. */
export function setPrismaForTests(client: PrismaClient | undefined) {
  globalForDb.__gapwisePrisma = client;
}

/** The base client, created on first use so that importing this module never needs a database. */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const client = getPrisma();
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

function assertOrganizationId(organizationId: string) {
  // set_config takes text; the policy casts it to uuid. Refuse anything else here so that a bad id is
  // a programming error, not a database error.
  if (!isUuid(organizationId)) throw new Error("tenantDb needs an organization id (uuid)");
}

function setTenantSql(organizationId: string) {
  // One statement sets both, inside the transaction only (SET LOCAL semantics): nothing leaks to the
  // next user of the pooled connection (rls.md pitfall 3).
  return Prisma.sql`SELECT set_config('app.org_id', ${organizationId}, true), set_config('role', 'app', true)`;
}

function tenantExtension(organizationId: string) {
  return Prisma.defineExtension((client) =>
    client.$extends({
      name: "tenant",
      query: {
        // Top-level $allOperations (not $allModels) so that $queryRaw on the scoped client is scoped too.
        async $allOperations({ args, query }) {
          const [, result] = await client.$transaction([client.$executeRaw(setTenantSql(organizationId)), query(args)]);
          return result;
        },
      },
    }),
  );
}

/**
 * A client whose every operation is confined to one organization by row-level security. Do not open
 * an interactive `$transaction` on it (rls.md pitfall 5): use tenantTransaction instead.
 */
export function tenantDb(organizationId: string) {
  assertOrganizationId(organizationId);
  return getPrisma().$extends(tenantExtension(organizationId));
}

export type TenantDb = ReturnType<typeof tenantDb>;

/** Runs `fn` in one transaction confined to one organization; it sees its own uncommitted rows. */
export async function tenantTransaction<T>(
  organizationId: string,
  fn: (tx: TxClient) => Promise<T>,
  options?: { timeout?: number; maxWait?: number },
): Promise<T> {
  assertOrganizationId(organizationId);
  return getPrisma().$transaction(async (tx) => {
    await tx.$executeRaw(setTenantSql(organizationId));
    return fn(tx);
  }, options);
}
