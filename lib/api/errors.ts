import { z } from "zod";

/**
 * One error shape for every API answer: `{ error: { code, message, fields? } }`, with the HTTP status
 * taken from one table (architecture.md rules 2–3).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  /** A state-changing call whose body is not JSON (a form post, text/plain): docs/security.md, "CSRF". */
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
  /** A service we depend on (the CSG quote API, the database) is failing: not our bug, worth a retry later. */
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type FieldErrors = Record<string, string[]>;

export type ErrorBody = { error: { code: ErrorCode; message: string; fields?: FieldErrors } };

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  bad_request: "The request could not be understood.",
  unauthorized: "Session expired. Please log in again.",
  forbidden: "You don't have permission to do that.",
  not_found: "Not found.",
  conflict: "That conflicts with an existing record.",
  payload_too_large: "The request is too large.",
  unsupported_media_type: "The request body must be JSON (Content-Type: application/json).",
  validation_failed: "Some fields are invalid.",
  rate_limited: "Too many requests. Please wait a moment and try again.",
  internal: "Something went wrong. Please try again.",
  service_unavailable: "This service is temporarily unavailable. Please try again in a few minutes.",
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldErrors;
  /** Seconds until a rate-limited caller may retry (sent as Retry-After). */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { fields?: FieldErrors; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message ?? DEFAULT_MESSAGES[code], { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }

  static notFound(what = "Not found.") {
    return new AppError("not_found", what);
  }
}

/** Field errors keyed by dotted path ("address.zip"); "_" holds errors about the whole input. */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

type PrismaLikeError = {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown; originalCode?: unknown } } };
};

/** Seconds a caller is asked to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** Prisma's codes for "cannot reach / lost / timed out talking to the database server" and "no connection from the pool in time". */
const DATABASE_DOWN_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** The driver adapter's kinds for the same (@prisma/adapter-pg convertDriverError). */
const DATABASE_DOWN_ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
/** Node's socket errors when the server is not there. */
const DATABASE_DOWN_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);
/**
 * PostgreSQL's SQLSTATEs: 08xxx connection exceptions, 53300 too many connections, 57P01-57P03 the
 * server shutting down or starting up.
 */
const DATABASE_DOWN_SQLSTATE = /^(08[0-9A-Z]{3}|53300|57P0[123])$/;
/**
 * The messages that say so without a code: node-postgres's connect timeout and dropped connection, its
 * pool waiting too long, Prisma's transaction that could not get a connection within maxWait (P2028).
 */
const DATABASE_DOWN_MESSAGE =
  /Connection terminated (due to connection timeout|unexpectedly)|timeout exceeded when trying to connect|Unable to start a transaction in the given time|Can't reach database server/;

/**
 * Whether an error says the database is unavailable (down, unreachable, refusing, out of connections),
 * as opposed to a query's own fault. Pure: reads the error's code, driver-adapter cause and message.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as PrismaLikeError;
  const code = typeof e.code === "string" ? e.code : "";
  const cause = e.meta?.driverAdapterError?.cause;
  const sqlState =
    typeof cause?.originalCode === "string" ? cause.originalCode : typeof cause?.code === "string" ? cause.code : "";
  const message = typeof e.message === "string" ? e.message.trim() : "";
  return (
    DATABASE_DOWN_PRISMA_CODES.has(code) ||
    DATABASE_DOWN_SOCKET_CODES.has(code) ||
    DATABASE_DOWN_SQLSTATE.test(code) ||
    (typeof cause?.kind === "string" && DATABASE_DOWN_ADAPTER_KINDS.has(cause.kind)) ||
    DATABASE_DOWN_SQLSTATE.test(sqlState) ||
    DATABASE_DOWN_MESSAGE.test(message)
  );
}

/**
 * Maps any thrown value to an AppError. Unknown errors become a 500 whose message never leaks the
 * original (it may carry SQL, values or secrets).
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) {
    return new AppError("validation_failed", undefined, { fields: fieldErrorsFromZod(error) });
  }
  const e = error as PrismaLikeError | null;
  if (e && typeof e === "object" && typeof e.code === "string") {
    switch (e.code) {
      case "P2025": // record to update/delete not found (or hidden by row-level security)
        return new AppError("not_found", undefined, { cause: error });
      case "P2002": // unique constraint
        return new AppError("conflict", undefined, { cause: error });
      case "P2003": // foreign key: the referenced row does not exist (for this organization)
        return new AppError("not_found", undefined, { cause: error });
      case "P2039": // row-level security refused a write: another organization's row
        return new AppError("not_found", undefined, { cause: error });
    }
  }
  // The database is down or out of connections: 503 with Retry-After, not a 500 (nothing is wrong with the request).
  if (isDatabaseUnavailable(error))
    return new AppError("service_unavailable", undefined, {
      cause: error,
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
  return new AppError("internal", undefined, { cause: error });
}
