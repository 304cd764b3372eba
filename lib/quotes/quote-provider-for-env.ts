import "server-only";
import { getEnv } from "@/lib/env";
import { createCsgProvider } from "@/lib/quotes/csg/csg-provider";
import { localRateBookProvider } from "@/lib/quotes/local-rate-book-provider";
import type { QuoteProvider } from "@/lib/quotes/quote-provider";
import { withQuoteCache } from "@/lib/quotes/quote-cache";

/**
 * The quote provider this deployment uses: CSG when CSG_API_KEY is set, else the local rate book.
 * The CSG provider is one per process, so its token and response cache are shared by every request.
 */

let csg: { apiKey: string; baseUrl: string; provider: QuoteProvider } | null = null;

/**
 * The local rate book behind a 10-minute cache: a compare page re-rendered for a new effective date
 * or county, and the many contacts of one ZIP and age, need not run the rate query again.
 */
const LOCAL_CACHE_TTL_MS = 10 * 60_000;
const cachedLocal = withQuoteCache(localRateBookProvider, { ttlMs: LOCAL_CACHE_TTL_MS, maxEntries: 5_000 });

/** Forgets cached local quotes (after a rate book load in this process). */
export function clearQuoteCaches() {
  cachedLocal.clear();
}

export function getQuoteProvider(): QuoteProvider {
  const env = getEnv();
  if (env.parts.quotes !== "csg" || !env.csg.apiKey) return cachedLocal;
  const { apiKey, baseUrl } = env.csg;
  if (!csg || csg.apiKey !== apiKey || csg.baseUrl !== baseUrl) {
    csg = { apiKey, baseUrl, provider: createCsgProvider({ apiKey, baseUrl }) };
  }
  return csg.provider;
}
