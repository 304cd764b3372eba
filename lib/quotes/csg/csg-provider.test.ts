import { AppError } from "@/lib/api/errors";
import { CSG_PLAN_CODES, csgCountyName } from "@/lib/quotes/csg/csg-mapping";
import { createCsgProvider, QUOTE_SERVICE_UNAVAILABLE_MESSAGE } from "@/lib/quotes/csg/csg-provider";
import type { QuoteRequest } from "@/lib/quotes/quote-provider";
import { startFakeCsgServer, type FakeCsgServer } from "@/lib/testing/fake-csg-server";

const baseRequest: QuoteRequest = {
  zip5: "32092",
  state: "FL",
  age: 65,
  gender: "M",
  tobacco: false,
  plans: ["G"],
  effectiveDate: "2025-07-01",
};

let server: FakeCsgServer;
let clock: Date;

beforeEach(async () => {
  server = await startFakeCsgServer();
  clock = new Date("2025-06-10T15:00:00Z");
});

afterEach(async () => {
  await server.close();
});

function provider(options: Partial<Parameters<typeof createCsgProvider>[0]> = {}) {
  return createCsgProvider({ apiKey: server.apiKey, baseUrl: server.baseUrl, now: () => clock, ...options });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("CSG authentication", () => {
  it("authenticates once with the API key and reuses the token for every call", async () => {
    const csg = provider();
    await csg.getQuotes({ ...baseRequest, plans: ["G", "N", "HDG"] });
    await csg.getQuotes({ ...baseRequest, age: 70 });

    expect(server.authRequests()).toHaveLength(1);
    expect(server.authRequests()[0]!.body).toEqual({ api_key: server.apiKey, portal_name: "csg_individual" });
    expect(server.quoteRequests()).toHaveLength(4);
    for (const request of server.quoteRequests()) expect(request.headers["x-api-token"]).toBe("fake-token-1");
  });

  it("re-authenticates once on 403 and retries, sharing the new token across parallel calls", async () => {
    const csg = provider();
    await csg.getQuotes(baseRequest);
    server.expireTokens();

    const quotes = await csg.getQuotes({ ...baseRequest, age: 72, plans: ["G", "N"] });

    expect(quotes.map((q) => q.plan)).toContain("N");
    expect(server.authRequests()).toHaveLength(2);
    // 1 first call + 2 plans refused with the stale token + 2 retries.
    expect(server.quoteRequests()).toHaveLength(5);
    expect(
      server
        .quoteRequests()
        .slice(-2)
        .map((r) => r.headers["x-api-token"]),
    ).toEqual(["fake-token-2", "fake-token-2"]);
  });

  it("renews the token before its 8-hour lifetime runs out, without waiting for a 403", async () => {
    const csg = provider();
    await csg.getQuotes(baseRequest);
    clock = new Date(clock.getTime() + 7 * 3600_000);
    await csg.getQuotes({ ...baseRequest, age: 66 });

    expect(server.authRequests()).toHaveLength(2);
    expect(server.quoteRequests().map((r) => r.headers["x-api-token"])).toEqual(["fake-token-1", "fake-token-2"]);
  });

  it("fails with the quote-service error when the API key is refused", async () => {
    const error = await rejection(provider({ apiKey: "wrong" }).getQuotes(baseRequest));
    expect(error.message).toBe(QUOTE_SERVICE_UNAVAILABLE_MESSAGE);
    expect(String((error.cause as Error).message)).toMatch(/authentication answered HTTP 401/);
    expect(server.quoteRequests()).toHaveLength(0);
  });

  it("accepts the base URL with or without /v1 and a trailing slash", async () => {
    await provider({ baseUrl: `${server.baseUrl}/v1/` }).getQuotes(baseRequest);
    await provider({ baseUrl: server.baseUrl }).getQuotes(baseRequest);
    expect(server.requests.map((r) => r.path)).toEqual([
      "/v1/auth.json",
      "/v1/med_supp/quotes.json",
      "/v1/auth.json",
      "/v1/med_supp/quotes.json",
    ]);
  });
});

describe("CSG quote calls", () => {
  it("sends one call per plan, in parallel, with the person's parameters", async () => {
    await provider().getQuotes({ ...baseRequest, age: 102, tobacco: true, gender: "F", plans: ["G", "N", "HDG", "G"] });

    const calls = server.quoteRequests();
    expect(calls.map((c) => c.query.getAll("plan"))).toEqual(expect.arrayContaining([["G"], ["N"], ["HDG"]]));
    expect(calls).toHaveLength(3);
    expect(server.maxConcurrentQuotes()).toBe(3);
    const query = calls[0]!.query;
    expect(query.get("zip5")).toBe("32092");
    expect(query.get("age")).toBe("99");
    expect(query.get("gender")).toBe("F");
    expect(query.get("tobacco")).toBe("1");
    expect(query.get("effective_date")).toBe("2025-07-01");
    expect(query.get("select")).toBe("0");
    expect(query.getAll("field")).toEqual(
      expect.arrayContaining(["rate.month", "view_type", "discounts", "company_base.naic"]),
    );
  });

  it('sends CSG no personal details: only age, gender, tobacco, ZIP and the plan ("Your information is shared only with" the agency)', async () => {
    await provider().getQuotes({ ...baseRequest, plans: ["G"] });
    const keys = new Set(server.quoteRequests().flatMap((call) => [...call.query.keys()]));
    expect(keys.size).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toMatch(/name|mail|phone|birth|dob|address|street|contact/i);
    expect(keys.has("age")).toBe(true);
    expect(keys.has("birth_date") || keys.has("dob")).toBe(false);
  });

  it("maps the state plans to CSG's codes and back", async () => {
    const quotes = await provider().getQuotes({ ...baseRequest, zip5: "55401", state: "MN", plans: ["MN_EXTENDED"] });

    expect(server.quoteRequests()[0]!.query.get("plan")).toBe("MN_EXTB");
    expect(quotes).toEqual([
      expect.objectContaining({
        plan: "MN_EXTENDED",
        naic: "79413",
        monthlyCents: 18900,
        ratingMethod: "community",
        groupName: "UnitedHealthcare",
      }),
    ]);
    expect(CSG_PLAN_CODES).toMatchObject({
      MN_BASIC: "MN_BASIC",
      WI_BASIC: "WI_BASE",
      WI_HIGH_DEDUCTIBLE: "WI_HDED",
      MA_CORE: "MA_CORE",
      MA_SUPPLEMENT_1: "MA_SUPP1",
    });
  });

  it("maps rates in cents, fees in dollars, discounts as fractions and view_type rows", async () => {
    const quotes = await provider().getQuotes(baseRequest);
    const byNaic = Object.fromEntries(quotes.map((q) => [q.naic, q]));

    expect(quotes.map((q) => q.naic)).toEqual(["78700", "65269", "71412", "84549", "73288"]);
    // view_type []: the household price is rate × (1 − 0.07); the $20 fee is 2000 cents.
    expect(byNaic["78700"]).toEqual({
      naic: "78700",
      carrierName: "AETNA HEALTH AND LIFE INSURANCE COMPANY",
      groupName: "Aetna",
      plan: "G",
      ratingMethod: "attained_age",
      monthlyCents: 13250,
      householdMonthlyCents: 12323,
      discountBps: 700,
      discountCategory: "Roommate",
      policyFeeCents: 2000,
      filingEffectiveDate: "2025-03-01",
      age: 65,
      gender: "M",
      tobacco: false,
      source: "csg",
      isSample: false,
      // company_base.ambest_rating and rate_increases[] come through the field= projection
      amBestRating: "A",
      rateHistory: { increases: [{ date: "2024-05-01", pct: 0.061 }], since: null },
    });
    // sans_hhd / with_hhd pair: the with_hhd row's rate is the household price; Preferred rows are not shown.
    expect(byNaic["65269"]).toMatchObject({
      monthlyCents: 14000,
      householdMonthlyCents: 11200,
      discountBps: 2000,
      discountCategory: "Multi-Insured / Roommate",
      groupName: "Cigna",
    });
    // No discount offered: no household price and no category.
    expect(byNaic["84549"]).toMatchObject({
      ratingMethod: "community",
      householdMonthlyCents: null,
      discountBps: null,
      discountCategory: null,
      groupName: "UnitedHealth Grp",
    });
    // The cheaper Medicare SELECT row is dropped; the rate type comes from CSG.
    expect(byNaic["71412"]).toMatchObject({
      ratingMethod: "issue_age",
      monthlyCents: 14800,
      householdMonthlyCents: 13024,
      discountBps: 1200,
      filingEffectiveDate: "2024-11-01",
    });
    // Standard + Standard II at a carrier that is not UHC: Standard II does not count, so the Standard
    // price (× 0.95 for households); Level 2 is never shown.
    expect(byNaic["73288"]).toMatchObject({
      monthlyCents: 16225,
      householdMonthlyCents: 15414,
      policyFeeCents: 1500,
      groupName: "Humana",
    });
  });
});

describe("NAIC filters", () => {
  it("asks CSG for the allowed NAICs only and drops the excluded ones", async () => {
    const csg = provider();
    const allowed = await csg.getQuotes({ ...baseRequest, naicAllow: ["78700", "65269", "73288"] });
    expect(server.quoteRequests()[0]!.query.getAll("naic")).toEqual(["78700", "65269", "73288"]);
    expect(allowed.map((q) => q.naic).sort()).toEqual(["65269", "73288", "78700"]);

    const excluded = await csg.getQuotes({
      ...baseRequest,
      naicAllow: ["78700", "65269", "73288"],
      naicExclude: ["65269"],
    });
    expect(excluded.map((q) => q.naic).sort()).toEqual(["73288", "78700"]);
  });

  it("answers nothing, without calling CSG, when no NAIC is allowed", async () => {
    expect(await provider().getQuotes({ ...baseRequest, naicAllow: [] })).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("county", () => {
  it.each([
    ["St. Johns County", "ST. JOHNS"],
    ["Dona Ana County", "DONA ANA"],
    ["Doña Ana County", "DONA ANA"],
    ["Orleans Parish", "ORLEANS"],
    ["Juneau City and Borough", "JUNEAU"],
    ["Bethel Census Area", "BETHEL"],
    ["Mayagüez Municipio", "MAYAGUEZ"],
    ["Richmond city", "RICHMOND CITY"],
    ["Los Angeles County", "LOS ANGELES"],
  ])("spells %s as %s", (hud, csg) => {
    expect(csgCountyName(hud)).toBe(csg);
  });

  it("sends the chosen county, or the ZIP's main county in the state, in CSG's spelling", async () => {
    const csg = provider();
    await csg.getQuotes(baseRequest);
    await csg.getQuotes({ ...baseRequest, zip5: "23223", state: "VA", countyFips: "51760" });
    await csg.getQuotes({ ...baseRequest, zip5: "23223", state: "VA", countyFips: "51087" });
    expect(server.quoteRequests().map((r) => r.query.getAll("county"))).toEqual([
      ["ST. JOHNS"],
      ["RICHMOND CITY"],
      ["HENRICO"],
    ]);
  });

  it("retries without the county when CSG answers 400 for it", async () => {
    server.knownCounties = new Set(["DUVAL"]);
    const quotes = await provider().getQuotes(baseRequest);

    expect(quotes).toHaveLength(5);
    expect(server.quoteRequests().map((r) => r.query.getAll("county"))).toEqual([["ST. JOHNS"], []]);
  });
});

describe("response cache", () => {
  it("answers a repeated request from memory, per plan, until the TTL passes", async () => {
    const csg = provider({ cacheTtlMs: 60_000 });
    const first = await csg.getQuotes({ ...baseRequest, plans: ["G", "N"] });
    expect(server.quoteRequests()).toHaveLength(2);

    expect(await csg.getQuotes({ ...baseRequest, plans: ["G", "N"] })).toEqual(first);
    await csg.getQuotes({ ...baseRequest, plans: ["N"], naicExclude: ["78700"] });
    expect(server.quoteRequests()).toHaveLength(2);

    // A different person is a different key.
    await csg.getQuotes({ ...baseRequest, plans: ["N"], tobacco: true });
    expect(server.quoteRequests()).toHaveLength(3);

    clock = new Date(clock.getTime() + 60_001);
    await csg.getQuotes({ ...baseRequest, plans: ["G", "N"] });
    expect(server.quoteRequests()).toHaveLength(5);
  });

  it("shares one call between identical requests made at the same moment", async () => {
    const csg = provider();
    const [a, b] = await Promise.all([csg.getQuotes(baseRequest), csg.getQuotes(baseRequest)]);
    expect(a).toEqual(b);
    expect(server.quoteRequests()).toHaveLength(1);
  });

  it("hands out copies, so a caller editing a quote does not change the cache", async () => {
    const csg = provider();
    const [first] = await csg.getQuotes(baseRequest);
    first!.monthlyCents = 1;
    const [again] = await csg.getQuotes(baseRequest);
    expect(again!.monthlyCents).toBe(13250);
  });

  it("keeps at most cacheMaxEntries entries, dropping the oldest", async () => {
    const csg = provider({ cacheMaxEntries: 2 });
    for (const age of [65, 66, 67]) await csg.getQuotes({ ...baseRequest, age });
    await csg.getQuotes({ ...baseRequest, age: 67 });
    await csg.getQuotes({ ...baseRequest, age: 65 });
    expect(server.quoteRequests().map((r) => r.query.get("age"))).toEqual(["65", "66", "67", "65"]);
  });

  it("does not cache a failure", async () => {
    const csg = provider();
    server.quoteStatus = 503;
    const error = await rejection(csg.getQuotes(baseRequest));
    expect(error).toMatchObject({ code: "service_unavailable", message: QUOTE_SERVICE_UNAVAILABLE_MESSAGE });
    expect((error.cause as Error).message).toMatch(/HTTP 503/);

    server.quoteStatus = null;
    expect(await csg.getQuotes(baseRequest)).toHaveLength(5);
  });
});

describe("errors", () => {
  it("gives up after the timeout with the quote-service error", async () => {
    server.quoteDelayMs = 1_000;
    const error = await rejection(provider({ timeoutMs: 100 }).getQuotes(baseRequest));
    expect(error).toMatchObject({ code: "service_unavailable", message: QUOTE_SERVICE_UNAVAILABLE_MESSAGE });
    expect((error.cause as Error).message).toMatch(/timed out after 100 ms/);
  });

  it("fails when CSG still refuses the request without the county", async () => {
    server.quoteStatus = 400;
    const error = await rejection(provider().getQuotes(baseRequest));
    expect((error.cause as Error).message).toMatch(/without county answered HTTP 400/);
    expect(server.quoteRequests()).toHaveLength(2);
  });

  it("fails when the token is refused even after re-authenticating", async () => {
    const fetchNoToken: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), "x-api-token": "stale" } });
    const error = await rejection(provider({ fetch: fetchNoToken }).getQuotes(baseRequest));
    expect((error.cause as Error).message).toMatch(/HTTP 403/);
    expect(server.authRequests()).toHaveLength(2);
  });

  it("fails when the network is unreachable", async () => {
    const closed = server.baseUrl;
    await server.close();
    server = await startFakeCsgServer();
    const error = await rejection(createCsgProvider({ apiKey: "k", baseUrl: closed }).getQuotes(baseRequest));
    expect((error.cause as Error).message).toMatch(/network error/);
  });
});
