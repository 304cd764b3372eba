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
  /** A service we depend on (the CSG quote API) is failing: not our bug, worth a retry later. */
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

  constructor(code: ErrorCode, message?: string, options: { fields?: FieldErrors; retryAfterSeconds?: number; cause?: unknown } = {}) {
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

type PrismaLikeError = { code?: unknown; name?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } };

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
  return new AppError("internal", undefined, { cause: error });
}
