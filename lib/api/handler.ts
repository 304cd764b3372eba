import "server-only";
import { randomUUID, timingSafeEqual } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { resolveClientAddress, rateLimitSubject } from "@/lib/api/client-address";
import { AppError, fieldErrorsFromZod, toAppError } from "@/lib/api/errors";
import { UNDECODABLE_PATH_MESSAGE } from "@/lib/api/path-encoding";
import { getSessionUser, sessionTokenFrom, type SessionUser } from "@/lib/auth/session";
import { consumeChallengeSolution } from "@/lib/challenge/challenge";
import { CHALLENGE_HEADER, type ChallengePurpose } from "@/lib/challenge/challenge-format";
import { tenantDb, type TenantDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { consumeRateLimit } from "@/lib/rate-limit";
import { isAcceptedBodyType, mediaType, originVerdict } from "@/lib/security/csrf";
import { securityFacts } from "@/lib/security/security-facts";
import { apiSecurityHeaders } from "@/lib/security/security-headers";
import { illFormedTextPaths, TEXT_MESSAGES } from "@/lib/validation/text";

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
  /** Media types a state-changing call may send besides application/json (RFC 8058's one-click unsubscribe posts a form). */
  acceptBodyTypes?: readonly string[];
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

async function readBody(
  req: NextRequest,
  schema: Schema | undefined,
  maxBytes: number,
  tooLargeMessage?: string,
): Promise<unknown> {
  if (!schema) return undefined;
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("payload_too_large", tooLargeMessage);
  const text = await req.text();
  if (Buffer.byteLength(text) > maxBytes) throw new AppError("payload_too_large", tooLargeMessage);
  let json: unknown = undefined;
  if (text.trim() !== "") {
    // A body must say it is JSON (lib/security/csrf.ts); the content type was checked before the session or the rate limit.
    if (mediaType(req.headers.get("content-type")) === null) throw new AppError("unsupported_media_type");
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
  // Lone surrogates are not text (lib/validation/text.ts): refused in every input, whatever its schema.
  const illFormed = illFormedTextPaths(value);
  if (illFormed.length)
    throw new AppError("validation_failed", TEXT_MESSAGES.illFormed, {
      fields: Object.fromEntries(illFormed.map((path) => [path, [TEXT_MESSAGES.illFormed]])),
    });
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError("validation_failed", undefined, { fields: fieldErrorsFromZod(result.error) });
  return result.data;
}

function queryObject(req: NextRequest): Record<string, string> {
  return Object.fromEntries(req.nextUrl.searchParams.entries());
}

/**
 * CSRF (docs/security.md): a state-changing call must come from this app's own origin and, when it
 * declares a content type, declare JSON. Runs first: a refused call costs no session lookup, no rate
 * limit count and no write.
 */
function refuseCrossSite(req: NextRequest, acceptBodyTypes: readonly string[] | undefined) {
  const verdict = originVerdict({
    method: req.method,
    origin: req.headers.get("origin"),
    secFetchSite: req.headers.get("sec-fetch-site"),
    requestHosts: [req.headers.get("host"), req.headers.get("x-forwarded-host")?.split(",")[0], req.nextUrl.host],
    appUrl: getEnv().appUrl,
  });
  if (!verdict.allowed) throw new AppError("forbidden", "Cross-site requests are not allowed.");
  if (
    !isAcceptedBodyType({ method: req.method, contentType: req.headers.get("content-type"), accepted: acceptBodyTypes })
  )
    throw new AppError("unsupported_media_type");
}

async function parseInput<B, Q, P>(req: NextRequest, ctx: RouteContext | undefined, options: InputOptions<B, Q, P>) {
  const rawParams = await routeParams(ctx);
  // Params first: a malformed id is "not found", not a validation problem the caller can fix.
  let params: unknown;
  try {
    params = parseWith(options.params as Schema | undefined, rawParams);
  } catch (error) {
    if (error instanceof AppError && error.code === "validation_failed") throw AppError.notFound();
    throw error;
  }
  const query = parseWith(options.query as Schema | undefined, queryObject(req));
  const body = await readBody(
    req,
    options.body as Schema | undefined,
    options.maxBodyBytes ?? DEFAULT_MAX_BODY,
    options.tooLargeMessage,
  );
  return { params, query, body } as { params: Infer<P>; query: Infer<Q>; body: Infer<B> };
}

/** The route's params; a segment that does not decode (URIError: "%ff%fe") is a 400, never a 500. */
async function routeParams(ctx: RouteContext | undefined): Promise<Record<string, string | string[] | undefined>> {
  try {
    return (await ctx?.params) ?? {};
  } catch (error) {
    if (error instanceof URIError) throw new AppError("bad_request", UNDECODABLE_PATH_MESSAGE);
    throw error;
  }
}

function decodedOrRaw(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Path for logs, with anything that looks like an email address redacted (some spec routes carry one). */
function loggablePath(req: NextRequest) {
  return req.nextUrl.pathname
    .split("/")
    .map((segment) => (decodedOrRaw(segment).includes("@") ? ":redacted" : segment))
    .join("/");
}

export function errorResponse(error: unknown, req: NextRequest, requestId: string): NextResponse {
  const appError = toAppError(error);
  if (appError.code === "internal" || appError.code === "service_unavailable") {
    // Never the message or the values: they can carry SQL, PII or secrets. The request id ties the
    // answer to this line.
    const cause = appError.cause as { name?: string; code?: string } | undefined;
    console.error(
      JSON.stringify({
        level: "error",
        requestId,
        method: req.method,
        path: loggablePath(req),
        error: cause?.name ?? "Error",
        code: cause?.code,
      }),
    );
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
 * The headers every API answer gets: `Server-Timing: app;dur=<ms>` (the time from the wrapper's entry,
 * so benchmarks (bench/quotes.ts) and browsers' dev tools can tell server time from network and
 * queueing time), the security headers, and `Cache-Control: no-store` unless the route chose its own:
 * answers carry personal data, which no shared cache or back button should keep.
 */
function finish(response: Response, startedAt?: number): Response {
  try {
    if (startedAt !== undefined)
      response.headers.set("server-timing", `app;dur=${(performance.now() - startedAt).toFixed(2)}`);
    for (const [name, value] of Object.entries(apiSecurityHeaders(securityFacts()))) response.headers.set(name, value);
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
  } catch {
    // Some responses (e.g. a redirect from fetch) have immutable headers; the security headers then come from next.config.ts.
  }
  return response;
}

/** Signed-in callers of one organization. `roles: ["admin"]` admits admins only. */
export function withOrg<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(handler: (ctx: OrgContext<B, Q, P>) => Promise<unknown>, options: InputOptions<B, Q, P> & { roles?: Role[] } = {}) {
  return async (req: NextRequest, ctx?: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    const startedAt = performance.now();
    try {
      refuseCrossSite(req, options.acceptBodyTypes);
      const user = await getSessionUser(sessionTokenFrom(req.cookies));
      if (!user) throw new AppError("unauthorized");
      if (options.roles?.length) {
        const allowed = options.roles.some((role) => (role === "admin" ? user.isAdmin : user.isAgent));
        if (!allowed) throw new AppError("forbidden");
      }
      const input = await parseInput(req, ctx, options);
      const db = tenantDb(user.organizationId);
      return finish(
        respond(await handler({ req, requestId, user, organizationId: user.organizationId, db, ...input })),
        startedAt,
      );
    } catch (error) {
      return finish(errorResponse(error, req, requestId), startedAt);
    }
  };
}

export type PublicContext<B, Q, P> = Input<B, Q, P> & { ip: string };

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/**
 * Who the caller is, as per-IP rate limits count it: the client's address (lib/api/client-address.ts:
 * the socket's address our server appended to X-Forwarded-For, or what a trusted proxy or the host's
 * header says), its /64 for IPv6; "unknown" when the request carries no address (never under
 * scripts/serve.mjs, `next start` or a Vercel-style host, which all write one).
 */
export function clientIp(req: { headers: Pick<Headers, "get"> }): string {
  const address = resolveClientAddress(req.headers, getEnv().clientAddress);
  return address ? rateLimitSubject(address) : "unknown";
}

/**
 * Consumer and public calls: no session. Public pages are addressed by signed tokens; the handler
 * derives the organization from the row it finds. Rate-limited per client IP when `rateLimit` is given.
 * `challenge`: the call creates records from a public form, so it must carry a solved proof-of-work
 * challenge for that purpose (lib/challenge), checked and spent after the client's rate limit and the
 * input's validation (a form with a mistake keeps its solution), before the handler, so neither a flood
 * nor a replay reaches it.
 */
export function withPublic<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  handler: (ctx: PublicContext<B, Q, P>) => Promise<unknown>,
  options: InputOptions<B, Q, P> & {
    rateLimit?: RateLimitRule;
    /** Proof-of-work (lib/challenge): the form's solved challenge in the x-challenge-solution header, single use. */
    challenge?: ChallengePurpose;
    /**
     * A webhook whose handler verifies a signature over the raw body (Stripe, Resend): the signature, not
     * the caller's origin, authorizes it, and no browser calls it. No Origin or content-type rule.
     */
    signedWebhook?: true;
  } = {},
) {
  return async (req: NextRequest, ctx?: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    const startedAt = performance.now();
    try {
      if (!options.signedWebhook) refuseCrossSite(req, options.acceptBodyTypes);
      const ip = clientIp(req);
      if (options.rateLimit) {
        const { name, limit, windowSeconds } = options.rateLimit;
        await consumeRateLimit({ key: `${name}:ip:${ip}`, limit, windowSeconds, now: new Date() });
      }
      const input = await parseInput(req, ctx, options);
      // After the input: a form with a mistake gets its field errors without spending its proof-of-work.
      if (options.challenge)
        await consumeChallengeSolution({
          purpose: options.challenge,
          solution: req.headers.get(CHALLENGE_HEADER),
          now: new Date(),
        });
      return finish(respond(await handler({ req, requestId, ip, ...input })), startedAt);
    } catch (error) {
      return finish(errorResponse(error, req, requestId), startedAt);
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
export function withCron<Q extends Schema | undefined = undefined>(
  handler: (ctx: Input<undefined, Q, undefined>) => Promise<unknown>,
  options: { query?: Q } = {},
) {
  return async (req: NextRequest, ctx?: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    try {
      const secret = getEnv().cronSecret;
      if (!secret) throw AppError.notFound();
      if (!sameSecret(req.headers.get("authorization") ?? "", `Bearer ${secret}`))
        throw new AppError("unauthorized", "Invalid cron credentials.");
      const input = await parseInput(req, ctx, options);
      return finish(respond(await handler({ req, requestId, ...input })));
    } catch (error) {
      return finish(errorResponse(error, req, requestId));
    }
  };
}
