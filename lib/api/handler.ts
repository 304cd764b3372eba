import "server-only";
import { randomUUID, timingSafeEqual } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { AppError, fieldErrorsFromZod, toAppError } from "@/lib/api/errors";
import { getSessionUser, sessionTokenFrom, type SessionUser } from "@/lib/auth/session";
import { consumeChallengeSolution } from "@/lib/challenge/challenge";
import { CHALLENGE_HEADER, type ChallengePurpose } from "@/lib/challenge/challenge-format";
import { tenantDb, type TenantDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { consumeRateLimit, rateLimitClient } from "@/lib/rate-limit";

/**
 * The three wrappers every route handler goes through (architecture.md rule 2). Each one parses
 * params, query and body with zod, runs the handler, and maps every error to the one error shape.
 *
 *   export const GET = withOrg(async ({ db, user, query }) => listContacts({ db, user, ...query }), { query: listContactsQuerySchema });
 */

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

type InputOptions<B, Q, P> = {
  body?: B;
  query?: Q;
  params?: P;
  /** Largest accepted JSON body in bytes (default 1 MB). */
  maxBodyBytes?: number;
  /** The 413's message when the body is over maxBodyBytes (default: the error table's). */
  tooLargeMessage?: string;
};

type Input<B, Q, P> = { req: NextRequest; body: Infer<B>; query: Infer<Q>; params: Infer<P>; requestId: string };

export type Role = "admin" | "agent";

export type OrgContext<B, Q, P> = Input<B, Q, P> & {
  user: SessionUser;
  organizationId: string;
  /** Every query through this client is confined to the caller's organization by row-level security. */
  db: TenantDb;
};

const DEFAULT_MAX_BODY = 1024 * 1024;

async function readBody(req: NextRequest, schema: Schema | undefined, maxBytes: number, tooLargeMessage?: string): Promise<unknown> {
  if (!schema) return undefined;
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("payload_too_large", tooLargeMessage);
  const text = await req.text();
  if (Buffer.byteLength(text) > maxBytes) throw new AppError("payload_too_large", tooLargeMessage);
  let json: unknown = undefined;
  if (text.trim() !== "") {
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError("bad_request", "The request body must be valid JSON.");
    }
  }
  return parseWith(schema, json ?? {});
}

function parseWith(schema: Schema | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError("validation_failed", undefined, { fields: fieldErrorsFromZod(result.error) });
  return result.data;
}

function queryObject(req: NextRequest): Record<string, string> {
  return Object.fromEntries(req.nextUrl.searchParams.entries());
}

async function parseInput<B, Q, P>(req: NextRequest, ctx: RouteContext | undefined, options: InputOptions<B, Q, P>) {
  const rawParams = (await ctx?.params) ?? {};
  // Params first: a malformed id is "not found", not a validation problem the caller can fix.
  let params: unknown;
  try {
    params = parseWith(options.params as Schema | undefined, rawParams);
  } catch (error) {
    if (error instanceof AppError && error.code === "validation_failed") throw AppError.notFound();
    throw error;
  }
  const query = parseWith(options.query as Schema | undefined, queryObject(req));
  const body = await readBody(req, options.body as Schema | undefined, options.maxBodyBytes ?? DEFAULT_MAX_BODY, options.tooLargeMessage);
  return { params, query, body } as { params: Infer<P>; query: Infer<Q>; body: Infer<B> };
}

/** Path for logs, with anything that looks like an email address redacted (some spec routes carry one). */
function loggablePath(req: NextRequest) {
  return req.nextUrl.pathname
    .split("/")
    .map((segment) => (decodeURIComponent(segment).includes("@") ? ":redacted" : segment))
    .join("/");
}

export function errorResponse(error: unknown, req: NextRequest, requestId: string): NextResponse {
  const appError = toAppError(error);
  if (appError.code === "internal" || appError.code === "service_unavailable") {
    // Never the message or the values: they can carry SQL, PII or secrets. The request id ties the
    // answer to this line.
    const cause = appError.cause as { name?: string; code?: string } | undefined;
    console.error(JSON.stringify({ level: "error", requestId, method: req.method, path: loggablePath(req), error: cause?.name ?? "Error", code: cause?.code }));
    if (!getEnv().isProduction && cause instanceof Error && getEnv().appEnv === "development") console.error(cause);
  }
  const headers: Record<string, string> = { "x-request-id": requestId };
  if (appError.retryAfterSeconds) headers["retry-after"] = String(appError.retryAfterSeconds);
  return NextResponse.json(appError.toBody(), { status: appError.status, headers });
}

function respond(result: unknown): Response {
  if (result instanceof Response) return result;
  return NextResponse.json(result ?? { success: true });
}

/**
 * Adds `Server-Timing: app;dur=<ms>`: the time from the wrapper's entry to the answer, so benchmarks
 * (bench/quotes.ts) and browsers' dev tools can tell server time from network and queueing time.
 */
function withServerTiming(response: Response, startedAt: number): Response {
  try {
    response.headers.set("server-timing", `app;dur=${(performance.now() - startedAt).toFixed(2)}`);
  } catch {
    // Some responses (e.g. a redirect from fetch) have immutable headers; timing is optional.
  }
  return response;
}

/** Signed-in callers of one organization. `roles: ["admin"]` admits admins only. */
export function withOrg<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, P extends Schema | undefined = undefined>(
  handler: (ctx: OrgContext<B, Q, P>) => Promise<unknown>,
  options: InputOptions<B, Q, P> & { roles?: Role[] } = {},
) {
  return async (req: NextRequest, ctx?: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    const startedAt = performance.now();
    try {
      const user = await getSessionUser(sessionTokenFrom(req.cookies));
      if (!user) throw new AppError("unauthorized");
      if (options.roles?.length) {
        const allowed = options.roles.some((role) => (role === "admin" ? user.isAdmin : user.isAgent));
        if (!allowed) throw new AppError("forbidden");
      }
      const input = await parseInput(req, ctx, options);
      const db = tenantDb(user.organizationId);
      return withServerTiming(respond(await handler({ req, requestId, user, organizationId: user.organizationId, db, ...input })), startedAt);
    } catch (error) {
      return withServerTiming(errorResponse(error, req, requestId), startedAt);
    }
  };
}

export type PublicContext<B, Q, P> = Input<B, Q, P> & { ip: string };

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/**
 * The caller's address for rate limits. X-Forwarded-For is a list the client may start itself; each
 * proxy appends the address it saw. So the trustworthy entry is the one added by our outermost proxy:
 * counted from the right by TRUSTED_PROXY_HOPS (default 1: one load balancer in front). A client
 * that sends its own X-Forwarded-For only adds entries to the left of it.
 */
export function clientIp(req: { headers: Pick<Headers, "get"> }): string {
  const hops = getEnv().trustedProxyHops;
  const forwarded = (req.headers.get("x-forwarded-for") ?? "").split(",").map((part) => part.trim()).filter(Boolean);
  const candidate = hops > 0 && forwarded.length > 0 ? forwarded[Math.max(0, forwarded.length - hops)] : hops > 0 ? req.headers.get("x-real-ip") : null;
  // Only an address-shaped value becomes part of a database key.
  const ip = candidate?.trim();
  return ip && ip.length <= 64 && /^[0-9a-fA-F:.]+$/.test(ip) ? ip : "local";
}

/**
 * Consumer and public calls: no session. Public pages are addressed by signed tokens; the handler
 * derives the organization from the row it finds. Rate-limited per client IP when `rateLimit` is given.
 * `challenge`: the call creates records from a public form, so it must carry a solved proof-of-work
 * challenge for that purpose (lib/challenge), checked and spent after the client's rate limit and
 * before the body is read, so neither a flood nor a replay reaches the handler.
 */
export function withPublic<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, P extends Schema | undefined = undefined>(
  handler: (ctx: PublicContext<B, Q, P>) => Promise<unknown>,
  options: InputOptions<B, Q, P> & { rateLimit?: RateLimitRule; challenge?: ChallengePurpose } = {},
) {
  return async (req: NextRequest, ctx?: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    const startedAt = performance.now();
    try {
      const ip = clientIp(req);
      if (options.rateLimit) {
        const { name, limit, windowSeconds } = options.rateLimit;
        await consumeRateLimit({ key: `${name}:ip:${rateLimitClient(ip)}`, limit, windowSeconds, now: new Date() });
      }
      if (options.challenge) await consumeChallengeSolution({ purpose: options.challenge, solution: req.headers.get(CHALLENGE_HEADER), now: new Date() });
      const input = await parseInput(req, ctx, options);
      return withServerTiming(respond(await handler({ req, requestId, ip, ...input })), startedAt);
    } catch (error) {
      return withServerTiming(errorResponse(error, req, requestId), startedAt);
    }
  };
}

/** Compares a presented credential with the expected one in constant time. */
function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Scheduled entry points called over HTTP by a cron service: `Authorization: Bearer <CRON_SECRET>`.
 * Without CRON_SECRET configured the route does not exist (404). (Inngest routes verify their own
 * signatures; the embedded ticker calls lib functions directly.)
 */
export function withCron<Q extends Schema | undefined = undefined>(handler: (ctx: Input<undefined, Q, undefined>) => Promise<unknown>, options: { query?: Q } = {}) {
  return async (req: NextRequest, ctx?: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    try {
      const secret = getEnv().cronSecret;
      if (!secret) throw AppError.notFound();
      if (!sameSecret(req.headers.get("authorization") ?? "", `Bearer ${secret}`)) throw new AppError("unauthorized", "Invalid cron credentials.");
      const input = await parseInput(req, ctx, options);
      return respond(await handler({ req, requestId, ...input }));
    } catch (error) {
      return errorResponse(error, req, requestId);
    }
  };
}
