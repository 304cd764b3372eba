import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { PrismaPg } from "@prisma/adapter-pg";
import { NextRequest } from "next/server";
import { GET as listContactsRoute } from "@/app/api/contacts/route";
import { GET as orgDetailsRoute } from "@/app/api/org/[slug]/details/route";
import { databaseClientSettings, setPrismaForTests } from "@/lib/db";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { setupTestDatabase } from "@/lib/testing/db";

/**
 * A database outage answers 503 service_unavailable with Retry-After, quickly: the production pool's
 * connect timeout (lib/db.ts databaseClientSettings) bounds the wait, and the error table maps
 * connection failures to 503 (lib/api/errors.ts). Before, a silent database answered 500 after 5 s.
 */
const db = setupTestDatabase();
let silent: Server;
const sockets = new Set<Socket>();

beforeAll(async () => {
  // Accepts connections and never says a word: a database that hangs (a dead host behind a load balancer).
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

async function withDatabaseAt(connectionString: string, run: () => Promise<void>) {
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString, ...databaseClientSettings(false).pool }),
    transactionOptions: databaseClientSettings(false).transactionOptions,
  });
  const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
  setPrismaForTests(client);
  try {
    await run();
  } finally {
    setPrismaForTests(db.prisma);
    logged.mockRestore();
    await client.$disconnect().catch(() => undefined);
  }
}

const signedIn = () =>
  new NextRequest("http://localhost/api/contacts", { headers: { cookie: "authjs.session-token=whatever" } });
const publicCall = () =>
  orgDetailsRoute(
    new NextRequest("http://localhost/api/org/some-agency/details", { headers: { "x-forwarded-for": "203.0.113.7" } }),
    { params: Promise.resolve({ slug: "some-agency" }) },
  );

async function expectUnavailable(call: () => Promise<Response>, withinMs: number) {
  const started = Date.now();
  const res = await call();
  const elapsed = Date.now() - started;
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("30");
  expect(await res.json()).toEqual({
    error: {
      code: "service_unavailable",
      message: "This service is temporarily unavailable. Please try again in a few minutes.",
    },
  });
  expect(elapsed).toBeLessThan(withinMs);
}

describe("a database outage", () => {
  it("a database that does not answer: 503 with Retry-After within the connect timeout, signed-in and public calls alike", async () => {
    expect(databaseClientSettings(false).pool.connectionTimeoutMillis).toBeLessThanOrEqual(2_000);
    await withDatabaseAt(`postgresql://app:app@127.0.0.1:${(silent.address() as AddressInfo).port}/app`, async () => {
      await expectUnavailable(() => listContactsRoute(signedIn(), { params: Promise.resolve({}) }), 4_000);
      await expectUnavailable(publicCall, 4_000);
    });
  });

  it("a database that refuses connections: 503 with Retry-After at once", async () => {
    await withDatabaseAt("postgresql://app:app@127.0.0.1:1/app", async () => {
      await expectUnavailable(() => listContactsRoute(signedIn(), { params: Promise.resolve({}) }), 2_000);
      await expectUnavailable(publicCall, 2_000);
    });
  });
});
