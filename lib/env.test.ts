import { EnvError, parseEnv } from "@/lib/env";

const secrets = { AUTH_SECRET: "s".repeat(32), ELIGIBILITY_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64") };
/** What `npm start` hands the app in embedded mode: its marker and the secrets it generated. */
const npmStart = { SERVED_BY: "npm-start", ...secrets };
const stripe = {
  STRIPE_SECRET_KEY: "sk_test_1",
  STRIPE_PUBLISHABLE_KEY: "pk_test_1",
  STRIPE_WEBHOOK_SECRET: "whsec_1",
  STRIPE_PRICE_ID: "price_1",
};
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

const twilio = {
  TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "twilio-auth-token",
  TWILIO_FROM_NUMBER: "+15125550100",
};

describe("parseEnv", () => {
  it("turns SMS on with Twilio's account, token and sender; off without any; stops when they are partly set", () => {
    expect(parseEnv({ ...production, ...twilio }).parts.sms).toBe("twilio");
    const { TWILIO_FROM_NUMBER: _from, ...withoutFrom } = twilio;
    expect(
      parseEnv({ ...production, ...withoutFrom, TWILIO_MESSAGING_SERVICE_SID: `MG${"b".repeat(32)}` }).parts.sms,
    ).toBe("twilio");
    expect(parseEnv(production).parts.sms).toBe("off");
    expect(() => parseEnv({ ...production, ...withoutFrom })).toThrow("Twilio is partly set");
    expect(() => parseEnv({ ...production, TWILIO_AUTH_TOKEN: "t" })).toThrow("Twilio is partly set");
    expect(() => parseEnv({ ...production, ...twilio, TWILIO_FROM_NUMBER: "5125550100" })).toThrow("E.164");
    expect(() => parseEnv({ ...production, ...twilio, TWILIO_ACCOUNT_SID: "SK123" })).toThrow("TWILIO_ACCOUNT_SID");
  });

  it("paces Resend at RESEND_REQUESTS_PER_SECOND, 2 a second (Resend's default) when unset; refuses what is not a positive rate", () => {
    expect(parseEnv(production).email.resendRequestsPerSecond).toBe(2);
    expect(parseEnv({ ...production, RESEND_REQUESTS_PER_SECOND: "" }).email.resendRequestsPerSecond).toBe(2);
    expect(parseEnv({ ...production, RESEND_REQUESTS_PER_SECOND: "10" }).email.resendRequestsPerSecond).toBe(10);
    expect(() => parseEnv({ ...production, RESEND_REQUESTS_PER_SECOND: "0" })).toThrow("RESEND_REQUESTS_PER_SECOND");
    expect(() => parseEnv({ ...production, RESEND_REQUESTS_PER_SECOND: "fast" })).toThrow("RESEND_REQUESTS_PER_SECOND");
  });

  it("chooses every embedded part under npm start with nothing else set", () => {
    const env = parseEnv(npmStart);
    expect(env.parts).toEqual({
      database: "embedded",
      email: "outbox",
      jobs: "ticker",
      payments: "off",
      quotes: "local",
      sms: "off",
    });
    expect(env.isProduction).toBe(false);
    expect(env.appUrl).toBe("http://localhost:3000");
  });

  it("chooses the production parts from their variables", () => {
    const env = parseEnv({ ...production, ...stripe, CSG_API_KEY: "csg" });
    expect(env.parts).toEqual({
      database: "postgres",
      email: "resend",
      jobs: "inngest",
      payments: "stripe",
      quotes: "csg",
      sms: "off",
    });
    // CSG's current host by default (quote-engine.md); the legacy one only when configured.
    expect(env.csg.baseUrl).toBe("https://api.csgactuarial.com/v1");
    expect(
      parseEnv({ ...production, CSG_API_KEY: "csg", CSG_BASE_URL: "https://csgapi.appspot.com" }).csg.baseUrl,
    ).toBe("https://csgapi.appspot.com");
  });

  it("treats the embedded pglite-server URL as the embedded database", () => {
    expect(
      parseEnv({
        ...npmStart,
        DATABASE_URL: "postgresql://postgres:postgres@127.0.0.1:55432/postgres",
        DATABASE_EMBEDDED: "1",
      }).parts.database,
    ).toBe("embedded");
  });

  it.each([
    [{ ...npmStart, INNGEST_EVENT_KEY: "evt" }, "Inngest needs both INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY"],
    [
      { ...npmStart, STRIPE_SECRET_KEY: "sk_test_1" },
      "STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID are missing",
    ],
    [{ ...npmStart, ...stripe, STRIPE_PUBLISHABLE_KEY: "pk_live_1" }, "both be test keys or both be live keys"],
    [{ ...npmStart, STRIPE_WEBHOOK_SECRET: "whsec_1" }, "STRIPE_SECRET_KEY is missing"],
    [{ ...npmStart, DATABASE_URL: "mysql://x" }, "DATABASE_URL must be a postgres"],
    [{ ...npmStart, APP_URL: "not a url" }, "APP_URL"],
    [{ ...production, DATABASE_URL: undefined }, "APP_ENV=production needs DATABASE_URL"],
    [{ ...production, AUTH_SECRET: "short" }, "AUTH_SECRET must be at least 32 characters"],
    [{ ...production, AUTH_SECRET: undefined }, "AUTH_SECRET is not set"],
    [{ ...production, RESEND_API_KEY: undefined }, "needs RESEND_API_KEY"],
    [{ ...production, ELIGIBILITY_ENCRYPTION_KEY: undefined }, "ELIGIBILITY_ENCRYPTION_KEY is not set"],
    [{ ...npmStart, ELIGIBILITY_ENCRYPTION_KEY: Buffer.alloc(16, 7).toString("base64") }, "base64 of exactly 32 bytes"],
    [
      { ...npmStart, ELIGIBILITY_ENCRYPTION_KEY: "not base64 at all, and far too long to be a key of 32 bytes" },
      "base64 of exactly 32 bytes",
    ],
    [{ ...production, APP_URL: "http://insecure.example" }, "https:// URL"],
  ])("fails fast with a clear message for %o", (vars, message) => {
    expect(() => parseEnv(vars as Record<string, string | undefined>)).toThrow(EnvError);
    expect(() => parseEnv(vars as Record<string, string | undefined>)).toThrow(message);
  });

  it("has no default secret: outside tests a start without them stops, whatever the mode", () => {
    for (const vars of [
      {},
      { SERVED_BY: "npm-start" },
      { APP_ENV: "development", CRON_SECRET: "c".repeat(32) },
      { APP_ENV: "preview", APP_URL: "https://p.example" },
    ]) {
      expect(() => parseEnv(vars)).toThrow("AUTH_SECRET is not set");
      expect(() => parseEnv(vars)).toThrow("ELIGIBILITY_ENCRYPTION_KEY is not set");
    }
  });

  it("gives a test process random secrets of its own (32-byte health-answer key), and uses configured ones when set", () => {
    const test = parseEnv({ NODE_ENV: "test" });
    expect(Buffer.from(test.eligibilityKey, "base64")).toHaveLength(32);
    expect(test.authSecret).not.toMatch(/development|do-not-use/);
    expect(test.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(parseEnv(production).eligibilityKey).toBe(production.ELIGIBILITY_ENCRYPTION_KEY);
    expect(parseEnv(production).authSecret).toBe(production.AUTH_SECRET);
  });

  it("runs the in-process ticker only under npm start; elsewhere jobs need Inngest or CRON_SECRET", () => {
    expect(parseEnv(npmStart).parts.jobs).toBe("ticker");
    expect(() => parseEnv({ ...secrets })).toThrow("CRON_SECRET for /api/cron/outreach");
    expect(parseEnv({ ...secrets, CRON_SECRET: "c".repeat(32) }).parts.jobs).toBe("cron");
    expect(parseEnv({ ...secrets, INNGEST_EVENT_KEY: "e", INNGEST_SIGNING_KEY: "s" }).parts.jobs).toBe("inngest");
  });

  it("opens keyless dev tools only to an npm start bound to loopback", () => {
    expect(parseEnv(npmStart).servedLocally).toBe(true);
    expect(parseEnv({ ...npmStart, SERVED_HOST: "localhost" }).servedLocally).toBe(true);
    expect(parseEnv({ ...npmStart, SERVED_HOST: "0.0.0.0" }).servedLocally).toBe(false);
    expect(parseEnv({ ...secrets, CRON_SECRET: "c".repeat(32) }).servedLocally).toBe(false);
  });

  it.each([
    [{ ...npmStart, OUTBOX_ACCESS_KEY: "short" }, "OUTBOX_ACCESS_KEY must be at least 24 characters"],
    [{ ...production, OUTBOX_ACCESS_KEY: "k".repeat(32) }, "OUTBOX_ACCESS_KEY must not be set in production"],
  ])("guards the outbox key: %o", (vars, message) => {
    expect(() => parseEnv(vars)).toThrow(message);
  });

  it("reads the trusted proxies and the host's client-address header; refuses what it cannot read, and the old hop count", () => {
    expect(parseEnv(npmStart).clientAddress).toEqual({ trustedProxies: [], trustedProxyHeader: undefined });
    expect(
      parseEnv({
        ...production,
        TRUSTED_PROXIES: "10.0.0.0/8, 203.0.113.7",
        TRUSTED_PROXY_HEADER: "X-Vercel-Forwarded-For",
      }).clientAddress,
    ).toEqual({
      trustedProxies: ["10.0.0.0/8", "203.0.113.7/32"],
      trustedProxyHeader: "x-vercel-forwarded-for",
    });
    expect(() => parseEnv({ ...production, TRUSTED_PROXIES: "10.0.0.0/8, lb.internal" })).toThrow(
      "TRUSTED_PROXIES: lb.internal is neither an address nor a CIDR range",
    );
    expect(() => parseEnv({ ...production, TRUSTED_PROXY_HEADER: "x-forwarded-for: 1.2.3.4" })).toThrow(
      "TRUSTED_PROXY_HEADER must be a header name",
    );
    expect(() => parseEnv({ ...production, TRUSTED_PROXY_HOPS: "1" })).toThrow(
      "TRUSTED_PROXY_HOPS is no longer read: list the addresses of your proxies in TRUSTED_PROXIES",
    );
    expect(parseEnv({ ...npmStart, TRUSTED_PROXY_HOPS: "" }).clientAddress.trustedProxies).toEqual([]);
  });

  describe("preview deployments", () => {
    const preview = {
      VERCEL_ENV: "preview",
      VERCEL_URL: "gapwise-abc123.vercel.app",
      DATABASE_URL: "postgresql://u:p@db.example:5432/gapwise_preview",
      CRON_SECRET: "c".repeat(32),
      ...secrets,
    };

    it("is a preview on the host's preview deployments, even when APP_ENV says production", () => {
      expect(parseEnv(preview).appEnv).toBe("preview");
      expect(parseEnv({ ...preview, APP_ENV: "production" }).appEnv).toBe("preview");
      expect(
        parseEnv({ ...preview, VERCEL_ENV: undefined, APP_ENV: "preview", APP_URL: "https://review.example" })
          .isPreview,
      ).toBe(true);
    });

    it("points links at the preview itself: APP_URL, else the branch URL, else the deployment URL", () => {
      expect(parseEnv(preview).appUrl).toBe("https://gapwise-abc123.vercel.app");
      expect(parseEnv({ ...preview, VERCEL_BRANCH_URL: "gapwise-git-feature.vercel.app" }).appUrl).toBe(
        "https://gapwise-git-feature.vercel.app",
      );
      expect(parseEnv({ ...preview, APP_URL: "https://review.example/" }).appUrl).toBe("https://review.example");
      expect(() => parseEnv({ ...preview, VERCEL_URL: undefined })).toThrow("APP_URL is not set");
    });

    it("holds every consumer email: the outbox, or Resend only to EMAIL_TEST_ADDRESS, always marked [PREVIEW]", () => {
      expect(parseEnv(preview).parts.email).toBe("outbox");
      expect(parseEnv({ ...preview, RESEND_API_KEY: "re_1" }).parts.email).toBe("outbox");
      const toTester = parseEnv({ ...preview, RESEND_API_KEY: "re_1", EMAIL_TEST_ADDRESS: "qa@gapwise.example" });
      expect(toTester.parts.email).toBe("resend");
      expect(toTester.email.testAddress).toBe("qa@gapwise.example");
      expect(parseEnv(preview).email.subjectPrefix).toBe("[PREVIEW] ");
      expect(parseEnv(production).email.subjectPrefix).toBe("");
    });

    it("holds every text: Twilio only to SMS_TEST_NUMBER, else nothing is sent, always marked [PREVIEW]", () => {
      expect(parseEnv({ ...preview, ...twilio }).parts.sms).toBe("off");
      const toTester = parseEnv({ ...preview, ...twilio, SMS_TEST_NUMBER: "+15125550123" });
      expect(toTester.parts.sms).toBe("twilio");
      expect(toTester.sms.testNumber).toBe("+15125550123");
      expect(toTester.sms.bodyPrefix).toBe("[PREVIEW] ");
      expect(parseEnv({ ...production, ...twilio }).sms.bodyPrefix).toBe("");
    });

    it.each([
      [
        { ...preview, ...stripe, STRIPE_SECRET_KEY: "sk_live_1", STRIPE_PUBLISHABLE_KEY: "pk_live_1" },
        "must not use live Stripe keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY)",
      ],
      [{ ...preview, ...stripe, STRIPE_SECRET_KEY: "rk_live_1" }, "must not use live Stripe keys (STRIPE_SECRET_KEY)"],
      [{ ...preview, DATABASE_URL: undefined }, "A preview needs DATABASE_URL pointing at PostgreSQL"],
      [{ ...preview, CRON_SECRET: undefined }, "CRON_SECRET for /api/cron/outreach"],
    ])("stops at start with a message for %o", (vars, message) => {
      expect(() => parseEnv(vars)).toThrow(message);
    });

    it("accepts test-mode Stripe keys and Inngest branch keys", () => {
      const env = parseEnv({
        ...preview,
        ...stripe,
        CRON_SECRET: undefined,
        INNGEST_EVENT_KEY: "e",
        INNGEST_SIGNING_KEY: "s",
      });
      expect(env.parts).toMatchObject({ payments: "stripe", jobs: "inngest", database: "postgres" });
    });
  });

  it("accepts a complete production configuration", () => {
    expect(parseEnv(production).isProduction).toBe(true);
  });
});
