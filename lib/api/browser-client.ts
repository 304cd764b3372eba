import type { ErrorBody, ErrorCode } from "@/lib/api/errors";

/**
 * The one browser API client: sends JSON to our routes and reads the one error shape of
 * lib/api/errors.ts (`{ error: { code, message, fields? } }`). Two ways to call it:
 * `apiCall` answers a result and never throws (forms that show the server's words per field);
 * `apiRequest` answers the body or throws an `ApiError` (loaders and one-shot actions).
 */

export type { ErrorBody, ErrorCode };

/** The field errors as a form reads them: any field may be absent. */
export type ApiFieldErrors = Record<string, string[] | undefined>;

export type ApiFailure = {
  ok: false;
  /** The HTTP status, or 0 when no answer arrived (network failure, aborted request). */
  status: number;
  /** The error code of the body, or null when the answer was not the one error shape. */
  code: ErrorCode | null;
  /** The server's own message, or null when it gave none (the caller shows its fallback). */
  message: string | null;
  fields: ApiFieldErrors;
};

export type ApiResult<T> = { ok: true; status: number; body: T } | ApiFailure;

export type ApiRequestOptions = {
  method?: string;
  /** Any JSON value; sent with Content-Type: application/json. Leave undefined for no body. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A fetch replacement (the proof-of-work challenge wraps fetch: components/challenge/use-challenge.ts). */
  send?: (url: string, init: RequestInit) => Promise<Response>;
};

/** Reads `{ error: { code, message, fields } }` out of any parsed body; anything else gives nulls. */
export function readErrorBody(body: unknown): {
  code: ErrorCode | null;
  message: string | null;
  fields: ApiFieldErrors;
} {
  const error = body && typeof body === "object" ? (body as Partial<ErrorBody>).error : undefined;
  if (!error || typeof error !== "object") return { code: null, message: null, fields: {} };
  const { code, message, fields } = error as Partial<ErrorBody["error"]>;
  return {
    code: typeof code === "string" ? code : null,
    message: typeof message === "string" ? message : null,
    fields: fields && typeof fields === "object" ? fields : {},
  };
}

function requestInit({ method, body, signal, headers }: ApiRequestOptions): RequestInit {
  const init: RequestInit = {
    headers: {
      Accept: "application/json",
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
  };
  if (method) init.method = method;
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;
  return init;
}

/** One call, answered as a result and never thrown. A 2xx answer whose body is not JSON is a failure. */
export async function apiCall<T>(url: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  try {
    const init = requestInit(options);
    const response = options.send ? await options.send(url, init) : await fetch(url, init);
    const body = (await response.json().catch(() => null)) as unknown;
    if (response.ok && body) return { ok: true, status: response.status, body: body as T };
    return { ok: false, status: response.status, ...readErrorBody(body) };
  } catch {
    return { ok: false, status: 0, code: null, message: null, fields: {} };
  }
}

/** A failed call as an Error: `message` is the server's words or the caller's fallback. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly fields: ApiFieldErrors;
  /** Whether the server gave its own message (else `message` is the fallback). */
  readonly fromServer: boolean;

  constructor(failure: ApiFailure, fallback: string) {
    super(failure.message ?? fallback);
    this.name = "ApiError";
    this.status = failure.status;
    this.code = failure.code;
    this.fields = failure.fields;
    this.fromServer = failure.message !== null;
  }
}

const DEFAULT_FAILURE = "Something went wrong. Please try again.";

/** One call that answers the body or throws an ApiError (with `fallback` as the message when the server gave none). */
export async function apiRequest<T>(url: string, options: ApiRequestOptions & { fallback?: string } = {}): Promise<T> {
  const result = await apiCall<T>(url, options);
  if (!result.ok) throw new ApiError(result, options.fallback ?? DEFAULT_FAILURE);
  return result.body;
}
