import { createPromiseCache, quoteRequestKey, withQuoteCache } from "@/lib/quotes/quote-cache";
import type { CarrierQuote, QuoteProvider, QuoteRequest } from "@/lib/quotes/quote-provider";

const REQ: QuoteRequest = {
  zip5: "78701",
  state: "TX",
  age: 70,
  gender: "F",
  tobacco: false,
  plans: ["G", "N"],
  effectiveDate: "2026-12-01",
};
const QUOTE = { naic: "1", carrierName: "A", groupName: "A", plan: "G", monthlyCents: 100 } as CarrierQuote;

function countingProvider() {
  let calls = 0;
  const provider: QuoteProvider = { name: "counting", getQuotes: async () => (calls++, [{ ...QUOTE }]) };
  return { provider, calls: () => calls };
}

test("repeats within the TTL are answered from memory; a different request or an expired entry asks again", async () => {
  let clock = 0;
  const { provider, calls } = countingProvider();
  const cached = withQuoteCache(provider, { ttlMs: 1000, maxEntries: 10, now: () => clock });
  await cached.getQuotes(REQ);
  await cached.getQuotes({ ...REQ, plans: ["N", "G"] }); // same plans, other order
  expect(calls()).toBe(1);
  await cached.getQuotes({ ...REQ, effectiveDate: "2027-01-01" });
  expect(calls()).toBe(2);
  clock = 1001;
  await cached.getQuotes(REQ);
  expect(calls()).toBe(3);
  cached.clear();
  await cached.getQuotes(REQ);
  expect(calls()).toBe(4);
});

test("callers get copies, so one caller's edits never reach another", async () => {
  const cached = withQuoteCache(countingProvider().provider, { ttlMs: 1000, maxEntries: 10 });
  const first = await cached.getQuotes(REQ);
  first[0]!.monthlyCents = 1;
  expect((await cached.getQuotes(REQ))[0]!.monthlyCents).toBe(100);
});

test("concurrent callers share one load; a failure is not kept", async () => {
  let calls = 0;
  const cache = createPromiseCache<number>({ ttlMs: 1000, maxEntries: 10 });
  const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 5));
  expect(await Promise.all([cache.get("k", load), cache.get("k", load)])).toEqual([1, 1]);
  await expect(cache.get("bad", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  expect(await cache.get("bad", async () => 7)).toBe(7);
});

test("holds at most maxEntries, dropping the oldest", async () => {
  const cache = createPromiseCache<number>({ ttlMs: 1000, maxEntries: 2 });
  for (const key of ["a", "b", "c"]) await cache.get(key, async () => 1);
  expect(cache.size).toBe(2);
  let reloaded = false;
  await cache.get("a", async () => ((reloaded = true), 2));
  expect(reloaded).toBe(true);
});

test("the key covers every field that changes the answer", () => {
  const base = quoteRequestKey(REQ);
  for (const change of [
    { zip5: "78702" },
    { countyFips: "48453" },
    { age: 71 },
    { gender: "M" as const },
    { tobacco: true },
    { naicAllow: ["1"] },
    { naicExclude: ["1"] },
  ]) {
    expect(quoteRequestKey({ ...REQ, ...change })).not.toBe(base);
  }
});
