import { EnvError, parseEnv } from "@/lib/env";

const stripe = { STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PUBLISHABLE_KEY: "pk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1", STRIPE_PRICE_ID: "price_1" };
const production = {
  APP_ENV: "production",
  APP_URL: "https://app.gapwise.example",
  DATABASE_URL: "postgresql://u:p@db.example:5432/gapwise",
  AUTH_SECRET: "a".repeat(32),
  ELIGIBILITY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  RESEND_API_KEY: "re_123",
  INNGEST_EVENT_KEY: "evt",
  INNGEST_SIGNING_KEY: "signkey-prod-123",
};

describe("parseEnv", () => {
  it("chooses every embedded part when nothing is set", () => {
    const env = parseEnv({});
    expect(env.parts).toEqual({ database: "embedded", email: "outbox", jobs: "ticker", payments: "off", quotes: "local" });
    expect(env.isProduction).toBe(false);
    expect(env.appUrl).toBe("http://localhost:3000");
  });

  it("chooses the production parts from their variables", () => {
    const env = parseEnv({ ...production, ...stripe, CSG_API_KEY: "csg" });
    expect(env.parts).toEqual({ database: "postgres", email: "resend", jobs: "inngest", payments: "stripe", quotes: "csg" });
  });

  it("treats the embedded pglite-server URL as the embedded database", () => {
    expect(parseEnv({ DATABASE_URL: "postgresql://postgres:postgres@127.0.0.1:55432/postgres", DATABASE_EMBEDDED: "1" }).parts.database).toBe("embedded");
  });

  it.each([
    [{ INNGEST_EVENT_KEY: "evt" }, "Inngest needs both INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY"],
    [{ STRIPE_SECRET_KEY: "sk_test_1" }, "STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID are missing"],
    [{ ...stripe, STRIPE_PUBLISHABLE_KEY: "pk_live_1" }, "both be test keys or both be live keys"],
    [{ STRIPE_WEBHOOK_SECRET: "whsec_1" }, "STRIPE_SECRET_KEY is missing"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL must be a postgres"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ ...production, DATABASE_URL: undefined }, "APP_ENV=production needs DATABASE_URL"],
    [{ ...production, AUTH_SECRET: "short" }, "AUTH_SECRET of at least 32 characters"],
    [{ ...production, RESEND_API_KEY: undefined }, "needs RESEND_API_KEY"],
    [{ ...production, ELIGIBILITY_ENCRYPTION_KEY: undefined }, "needs ELIGIBILITY_ENCRYPTION_KEY"],
    [{ ELIGIBILITY_ENCRYPTION_KEY: Buffer.alloc(16, 7).toString("base64") }, "base64 of exactly 32 bytes"],
    [{ ELIGIBILITY_ENCRYPTION_KEY: "not base64 at all, and far too long to be a key of 32 bytes" }, "base64 of exactly 32 bytes"],
    [{ ...production, APP_URL: "http://insecure.example" }, "https:// URL"],
  ])("fails fast with a clear message for %o", (vars, message) => {
    expect(() => parseEnv(vars as Record<string, string | undefined>)).toThrow(EnvError);
    expect(() => parseEnv(vars as Record<string, string | undefined>)).toThrow(message);
  });

  it("uses a fixed 32-byte health-answer key outside production, and the configured one when set", () => {
    expect(Buffer.from(parseEnv({}).eligibilityKey, "base64")).toHaveLength(32);
    expect(parseEnv(production).eligibilityKey).toBe(production.ELIGIBILITY_ENCRYPTION_KEY);
  });

  it("accepts a complete production configuration", () => {
    expect(parseEnv(production).isProduction).toBe(true);
  });
});
