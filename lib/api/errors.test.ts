import { AppError, DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, toAppError } from "@/lib/api/errors";

const adapterError = (cause: Record<string, unknown>, code = "P2010") =>
  Object.assign(new Error("Invalid `prisma.user.findFirst()` invocation"), {
    code,
    meta: { driverAdapterError: { name: "DriverAdapterError", cause } },
  });
const socketError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: "connect" });

describe("isDatabaseUnavailable: the database is down, unreachable or out of connections", () => {
  it.each([
    [
      "Prisma P1001 (can't reach the server)",
      Object.assign(new Error("Can't reach database server at db:5432"), { code: "P1001" }),
    ],
    [
      "Prisma P1017 (server closed the connection)",
      Object.assign(new Error("Server has closed the connection."), { code: "P1017" }),
    ],
    [
      "Prisma P2024 (no pool connection in time)",
      Object.assign(new Error("Timed out fetching a new connection from the connection pool."), { code: "P2024" }),
    ],
    [
      "Prisma P2028 when a transaction could not start within maxWait",
      Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), {
        code: "P2028",
      }),
    ],
    ["the adapter's DatabaseNotReachable", adapterError({ kind: "DatabaseNotReachable", host: "db", port: 5432 })],
    ["the adapter's ConnectionClosed", adapterError({ kind: "ConnectionClosed" })],
    ["the adapter's SocketTimeout", adapterError({ kind: "SocketTimeout" })],
    [
      "the adapter's TooManyConnections",
      adapterError({ kind: "TooManyConnections", cause: "sorry, too many clients already" }),
    ],
    ["PostgreSQL 57P01 (admin shutdown)", adapterError({ kind: "postgres", code: "57P01", originalCode: "57P01" })],
    ["PostgreSQL 57P03 (cannot connect now)", adapterError({ kind: "postgres", code: "57P03" })],
    ["PostgreSQL 08006 (connection failure)", adapterError({ kind: "postgres", originalCode: "08006" })],
    ["node-postgres's connect timeout", new Error("Connection terminated due to connection timeout")],
    ["node-postgres's dropped connection", new Error("Connection terminated unexpectedly")],
    ["node-postgres's pool wait", new Error("timeout exceeded when trying to connect")],
    ["ECONNREFUSED", socketError("ECONNREFUSED")],
    ["ETIMEDOUT", socketError("ETIMEDOUT")],
  ])("%s → 503 service_unavailable with Retry-After", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const mapped = toAppError(error);
    expect([mapped.code, mapped.status, mapped.retryAfterSeconds]).toEqual([
      "service_unavailable",
      503,
      DATABASE_RETRY_AFTER_SECONDS,
    ]);
    expect(mapped.toBody().error.message).not.toContain("5432");
  });

  it.each([
    ["a unique violation", Object.assign(new Error("Unique constraint failed"), { code: "P2002" }), "conflict"],
    ["a record not found", Object.assign(new Error("Record to update not found."), { code: "P2025" }), "not_found"],
    ["a query's own SQL error", adapterError({ kind: "postgres", code: "22P02", originalCode: "22P02" }), "internal"],
    [
      "P2028 for an expired transaction (our transaction took too long)",
      Object.assign(new Error("Transaction API error: Transaction already closed"), { code: "P2028" }),
      "internal",
    ],
    [
      "a TLS misconfiguration",
      adapterError({ kind: "TlsConnectionError", reason: "self-signed certificate" }),
      "internal",
    ],
    ["a plain bug", new TypeError("x is undefined"), "internal"],
    ["an AppError", new AppError("forbidden"), "forbidden"],
  ])("%s is not an outage (%s)", (_label, error, code) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(toAppError(error).code).toBe(code);
  });

  it("ignores values that are not errors", () => {
    for (const value of [null, undefined, "Connection terminated unexpectedly", 42])
      expect(isDatabaseUnavailable(value)).toBe(false);
  });
});
