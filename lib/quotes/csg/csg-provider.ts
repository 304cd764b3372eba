import "server-only";
import { readFileSync } from "node:fs";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";
import { AppError } from "@/lib/api/errors";
import {
  CSG_PLAN_CODES,
  CSG_QUOTE_FIELDS,
  csgCountyName,
  mapCsgRows,
  type CarrierGroupLookup,
  type CsgQuoteRow,
} from "@/lib/quotes/csg/csg-mapping";
import { clampRatingAge } from "@/lib/quotes/pricing";
import type { CarrierQuote, PlanCode, QuoteProvider, QuoteRequest } from "@/lib/quotes/quote-provider";
import { findZip } from "@/lib/zip/zip-table";

/**
 * Quotes from CSG Actuarial's Medicare Supplement API (quote-engine.md §1a):
 *  - token auth (POST /v1/auth.json, header x-api-token), one token shared by concurrent calls and
 *    reused until shortly before it expires; on 403 ("Session Expired") one re-auth and one retry;
 *  - one GET /v1/med_supp/quotes.json per plan, all plans in parallel, with `naic=` allow filters,
 *    the county in CSG's spelling and a `field=` projection; a 400 with a county is retried without it
 *    (CSG rejects county names it does not know);
 *  - an in-memory cache per plan call, so re-rendering the compare page does not call CSG again.
 * Every failure becomes one AppError with a generic message; the detail stays in `cause`.
 */

export const QUOTE_SERVICE_UNAVAILABLE_MESSAGE =
  "Quotes are temporarily unavailable. Please try again in a few minutes.";

/**
 * CSG outages answer 503 (service_unavailable). The detail (HTTP status, timeout) is in `cause`,
 * which the error log line names, never in the message a browser sees.
 */
export function quoteServiceUnavailable(detail: string, cause?: unknown): AppError {
  return new AppError("service_unavailable", QUOTE_SERVICE_UNAVAILABLE_MESSAGE, {
    cause: new Error(`CSG: ${detail}`, cause === undefined ? undefined : { cause }),
  });
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** CSG's quote data changes with monthly filings at most, and the effective date is part of the key. */
const DEFAULT_CACHE_TTL_MS = 6 * 60 * 60 * 1000;
const DEFAULT_CACHE_MAX_ENTRIES = 1_000;
/** Tokens last about 8 hours; renew before that so a long page load never rides an expiring one. */
const TOKEN_LIFETIME_MS = 7 * 60 * 60 * 1000;
const TOKEN_RENEW_MARGIN_MS = 5 * 60 * 1000;
const PORTAL_NAME = "csg_individual";

export type CsgProviderOptions = {
  apiKey: string;
  /** "https://api.csgactuarial.com/v1" or the legacy "https://csgapi.appspot.com" (with or without /v1). */
  baseUrl: string;
  fetch?: typeof fetch;
  now?: () => Date;
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  /** Per HTTP call. CSG takes 5–15 s for all carriers in a ZIP, 0.5–2 s with a few NAICs. */
  timeoutMs?: number;
  /** The county name CSG should rate in, null for none. Default: from the ZIP crosswalk. */
  countyNameFor?: (req: QuoteRequest) => string | null;
  /** Carrier family by NAIC. Default: data/reference/carriers/carrier_naic_groups.json, else CSG's parent company. */
  groupNameFor?: CarrierGroupLookup;
};

/** The requested county (or the ZIP's largest county in the rating state), spelled for CSG. */
export function csgCountyForRequest(req: QuoteRequest): string | null {
  const zip = findZip(req.zip5);
  if (!zip) return null;
  const state = req.state.toUpperCase();
  const county =
    (req.countyFips ? zip.countyDetails.find((c) => c.fips === req.countyFips) : undefined) ??
    zip.countyDetails.find((c) => c.state === state);
  return county ? csgCountyName(county.name) : null;
}

let carrierGroups: Map<string, string> | null = null;

/** The 8 supported carrier families (data/reference/carriers/carrier_naic_groups.json), read once. */
export function supportedCarrierGroup(naic: string): string | undefined {
  if (!carrierGroups) {
    const file = JSON.parse(readFileSync(REFERENCE_FILES.carrierGroups, "utf8")) as {
      carriers: Record<string, string[]>;
    };
    carrierGroups = new Map(
      Object.entries(file.carriers).flatMap(([group, naics]) => naics.map((n) => [n, group] as const)),
    );
  }
  return carrierGroups.get(naic);
}

function apiRoot(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

type CacheEntry = { expiresAt: number; quotes: Promise<CarrierQuote[]> };

export function createCsgProvider(options: CsgProviderOptions): QuoteProvider {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cacheTtlMs = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  const cacheMaxEntries = options.cacheMaxEntries ?? DEFAULT_CACHE_MAX_ENTRIES;
  const countyNameFor = options.countyNameFor ?? csgCountyForRequest;
  const groupNameFor = options.groupNameFor ?? supportedCarrierGroup;
  const root = apiRoot(options.baseUrl);
  if (!options.apiKey) throw new Error("createCsgProvider needs an API key (CSG_API_KEY).");

  let token: { value: string; renewAt: number } | null = null;
  let pendingAuth: Promise<string> | null = null;
  const cache = new Map<string, CacheEntry>();

  /** fetch with a timeout; network failures and timeouts become the one unavailable error. */
  async function call(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      // DOMException is not always an instanceof Error (other realms), so look at the name only.
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === "TimeoutError" || name === "AbortError";
      throw quoteServiceUnavailable(
        timedOut ? `${what} timed out after ${timeoutMs} ms` : `${what} failed: network error`,
        error,
      );
    }
  }

  async function readJson(response: Response, what: string): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      throw quoteServiceUnavailable(`${what} answered unreadable JSON`, error);
    }
  }

  async function discard(response: Response) {
    await response.arrayBuffer().catch(() => undefined);
  }

  async function authenticate(): Promise<string> {
    const response = await call(
      `${root}/auth.json`,
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ api_key: options.apiKey, portal_name: PORTAL_NAME }),
      },
      "authentication",
    );
    if (!response.ok) {
      await discard(response);
      throw quoteServiceUnavailable(`authentication answered HTTP ${response.status} (check CSG_API_KEY)`);
    }
    const body = (await readJson(response, "authentication")) as { token?: unknown; expires_date?: unknown } | null;
    if (!body || typeof body.token !== "string" || body.token === "")
      throw quoteServiceUnavailable("authentication answered without a token");
    const issuedAt = now().getTime();
    const expires = typeof body.expires_date === "string" ? Date.parse(body.expires_date) : NaN;
    const lifetime =
      Number.isFinite(expires) && expires > issuedAt
        ? Math.min(expires - issuedAt, TOKEN_LIFETIME_MS)
        : TOKEN_LIFETIME_MS;
    token = { value: body.token, renewAt: issuedAt + Math.max(0, lifetime - TOKEN_RENEW_MARGIN_MS) };
    return body.token;
  }

  /** The current token, authenticating once for all concurrent callers when there is none. */
  function currentToken(): Promise<string> {
    if (token && now().getTime() < token.renewAt) return Promise.resolve(token.value);
    pendingAuth ??= authenticate().finally(() => {
      pendingAuth = null;
    });
    return pendingAuth;
  }

  async function authorizedGet(params: URLSearchParams, what: string): Promise<Response> {
    const url = `${root}/med_supp/quotes.json?${params}`;
    const get = (value: string) =>
      call(url, { method: "GET", headers: { "x-api-token": value, accept: "application/json" } }, what);
    const used = await currentToken();
    const response = await get(used);
    if (response.status !== 403) return response;
    await discard(response);
    // Parallel plan calls all see the same expired token: only the first drops it, so they share one re-auth.
    if (token?.value === used) token = null;
    return get(await currentToken());
  }

  function quoteParams(req: QuoteRequest, csgPlan: string, county: string | null): URLSearchParams {
    const params = new URLSearchParams({
      zip5: req.zip5,
      age: String(clampRatingAge(req.age)),
      gender: req.gender,
      tobacco: req.tobacco ? "1" : "0",
      plan: csgPlan,
      effective_date: req.effectiveDate,
      select: "0",
    });
    if (county) params.append("county", county);
    for (const naic of req.naicAllow ?? []) params.append("naic", naic);
    for (const field of CSG_QUOTE_FIELDS) params.append("field", field);
    return params;
  }

  async function fetchPlan(req: QuoteRequest, plan: PlanCode, county: string | null): Promise<CarrierQuote[]> {
    const csgPlan = CSG_PLAN_CODES[plan];
    let what = `quotes for plan ${csgPlan}`;
    let response = await authorizedGet(quoteParams(req, csgPlan, county), what);
    if (response.status === 400 && county) {
      await discard(response);
      what = `${what} without county`;
      response = await authorizedGet(quoteParams(req, csgPlan, null), what);
    }
    if (!response.ok) {
      await discard(response);
      throw quoteServiceUnavailable(`${what} answered HTTP ${response.status}`);
    }
    const rows = await readJson(response, what);
    if (!Array.isArray(rows)) throw quoteServiceUnavailable(`${what} answered something other than a list`);
    return mapCsgRows({ rows: rows as CsgQuoteRow[], plan, req, groupNameFor });
  }

  function cachedPlan(req: QuoteRequest, plan: PlanCode, county: string | null): Promise<CarrierQuote[]> {
    const allow = req.naicAllow ? [...new Set(req.naicAllow)].sort() : null;
    const key = JSON.stringify([
      req.zip5,
      req.state.toUpperCase(),
      county,
      clampRatingAge(req.age),
      req.gender,
      req.tobacco,
      plan,
      req.effectiveDate,
      allow,
    ]);
    const at = now().getTime();
    const hit = cache.get(key);
    if (hit && hit.expiresAt > at) return hit.quotes;
    if (hit) cache.delete(key);

    const quotes = fetchPlan(req, plan, county);
    const entry: CacheEntry = { expiresAt: at + cacheTtlMs, quotes };
    // A failure is not cached: the next render asks CSG again.
    quotes.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    cache.set(key, entry);
    // Oldest first (Map keeps insertion order): drop expired entries, then the oldest beyond the cap.
    for (const [k, e] of cache) {
      if (cache.size <= cacheMaxEntries && e.expiresAt > at) break;
      if (e !== entry) cache.delete(k);
    }
    return quotes;
  }

  return {
    name: "csg",
    async getQuotes(req: QuoteRequest): Promise<CarrierQuote[]> {
      const plans = [...new Set(req.plans)].filter((plan) => plan in CSG_PLAN_CODES);
      if (plans.length === 0 || (req.naicAllow && req.naicAllow.length === 0)) return [];
      const county = countyNameFor(req);
      const perPlan = await Promise.all(plans.map((plan) => cachedPlan(req, plan, county)));

      const allow = req.naicAllow ? new Set(req.naicAllow) : null;
      const exclude = new Set(req.naicExclude ?? []);
      return perPlan
        .flat()
        .filter((q) => (!allow || allow.has(q.naic)) && !exclude.has(q.naic))
        .sort(
          (a, b) =>
            plans.indexOf(a.plan) - plans.indexOf(b.plan) ||
            a.monthlyCents - b.monthlyCents ||
            a.carrierName.localeCompare(b.carrierName),
        )
        .map((q) => ({ ...q }));
    },
  };
}
