import { resetEnvForTests } from "@/lib/env";
import { localRateBookProvider } from "@/lib/quotes/local-rate-book-provider";
import { getQuoteProvider } from "@/lib/quotes/quote-provider-for-env";
import { startFakeCsgServer } from "@/lib/testing/fake-csg-server";

const saved = { key: process.env.CSG_API_KEY, url: process.env.CSG_BASE_URL };

afterEach(() => {
  for (const [name, value] of [
    ["CSG_API_KEY", saved.key],
    ["CSG_BASE_URL", saved.url],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
});

describe("getQuoteProvider", () => {
  it("uses the local rate book when CSG_API_KEY is not set", () => {
    delete process.env.CSG_API_KEY;
    resetEnvForTests();
    expect(getQuoteProvider().name).toBe(localRateBookProvider.name);
    expect(getQuoteProvider()).toBe(getQuoteProvider());
  });

  it("uses one CSG provider, pointed at CSG_BASE_URL, when CSG_API_KEY is set", async () => {
    const server = await startFakeCsgServer({ apiKey: "env-key" });
    try {
      process.env.CSG_API_KEY = "env-key";
      process.env.CSG_BASE_URL = server.baseUrl;
      resetEnvForTests();

      const provider = getQuoteProvider();
      expect(provider.name).toBe("csg");
      expect(getQuoteProvider()).toBe(provider);

      const quotes = await provider.getQuotes({
        zip5: "32092",
        state: "FL",
        age: 65,
        gender: "M",
        tobacco: false,
        plans: ["N"],
        effectiveDate: "2025-07-01",
      });
      expect(quotes.map((q) => q.source)).toEqual(["csg", "csg"]);
      expect(server.authRequests()[0]!.body).toMatchObject({ api_key: "env-key" });
    } finally {
      await server.close();
    }
  });
});
