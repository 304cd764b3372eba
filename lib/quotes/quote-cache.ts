import type { CarrierQuote, QuoteProvider, QuoteRequest } from "@/lib/quotes/quote-provider";

/**
 * A small in-memory cache of promises with a time-to-live and a size cap (oldest first out).
 * Concurrent callers of the same key share one pending promise; a rejected promise is dropped so the
 * next caller tries again. Per process: each server instance keeps its own.
 */
export function createPromiseCache<T>({
  ttlMs,
  maxEntries,
  now = () => Date.now(),
}: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}) {
  const entries = new Map<string, { expiresAt: number; value: Promise<T> }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > at) return hit.value;
      if (hit) entries.delete(key);
      const entry = { expiresAt: at + ttlMs, value: load() };
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      entries.set(key, entry);
      // Map keeps insertion order: the first keys are the oldest.
      for (const k of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(k);
      }
      return entry.value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** The request's identity for caching: every field that changes the answer, in a fixed order. */
export function quoteRequestKey(req: QuoteRequest): string {
  return JSON.stringify([
    req.zip5,
    req.state.toUpperCase(),
    req.countyFips ?? null,
    req.age,
    req.gender,
    req.tobacco,
    [...req.plans].sort(),
    req.effectiveDate,
    req.naicAllow ? [...req.naicAllow].sort() : null,
    req.naicExclude ? [...req.naicExclude].sort() : null,
  ]);
}

/**
 * A provider that answers repeated requests from memory for `ttlMs`. Rates change when an operator
 * loads a rate book (clearQuoteCaches() runs then, in that process) or on a filing's effective date,
 * which is part of the key; other processes pick up a new book within the TTL.
 */
export function withQuoteCache(
  provider: QuoteProvider,
  { ttlMs, maxEntries, now }: { ttlMs: number; maxEntries: number; now?: () => number },
): QuoteProvider & { clear(): void } {
  const cache = createPromiseCache<CarrierQuote[]>({ ttlMs, maxEntries, now });
  return {
    name: provider.name,
    // Callers get their own array and objects: a caller that sorts or edits must not change the cache.
    getQuotes: async (req) =>
      (await cache.get(quoteRequestKey(req), () => provider.getQuotes(req))).map((q) => ({ ...q })),
    clear: () => cache.clear(),
  };
}
