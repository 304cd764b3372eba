import { z } from "zod";

/**
 * The only reader of process.env. Chooses the embedded or production part for each concern
 * (architecture.md, "Two ways to run") and fails fast, with a message that says what to set,
 * when a combination cannot work.
 */

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const flag = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

export const rawEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** development | test | production. Only "production" is a real deployment: it turns off /dev/outbox and requires real parts. */
  APP_ENV: z.enum(["development", "test", "production"]).optional(),
  APP_URL: z.url().default("http://localhost:3000"),
  PRODUCT_NAME: z.string().default("Gapwise"),
  SUPPORT_EMAIL: z.email().default("support@gapwise.app"),
  POSTAL_ADDRESS: z.string().default("Gapwise, 100 Main Street, Austin, TX 78701"),
  /** Where /demo ("Try It Out") sends visitors: an external demo site; unset: the sample quote page of this app. */
  DEMO_URL: optional.pipe(z.url({ protocol: /^https?$/, error: "DEMO_URL must be an http(s) URL" }).optional()),
  /** The external calendar behind /schedule-main's "Schedule a Demo Call"; unset: an email to SUPPORT_EMAIL. */
  DEMO_BOOKING_URL: optional.pipe(z.url({ protocol: /^https?$/, error: "DEMO_BOOKING_URL must be an http(s) URL" }).optional()),

  DATABASE_URL: optional,
  /** Set by `npm start` when DATABASE_URL points at the embedded pglite-server (it serializes connections). */
  DATABASE_EMBEDDED: flag,

  AUTH_SECRET: optional,
  /** Base64 of 32 random bytes: the AES-256-GCM key for health-questionnaire answers at rest. */
  ELIGIBILITY_ENCRYPTION_KEY: optional,

  EMAIL_FROM: z.string().default("Gapwise <no-reply@gapwise.local>"),
  RESEND_API_KEY: optional,
  RESEND_BASE_URL: z.url().optional(),
  RESEND_WEBHOOK_SECRET: optional,
  /** When set, every email goes to this address with "[TEST]" in the subject. */
  EMAIL_TEST_ADDRESS: z.email().optional(),

  INNGEST_EVENT_KEY: optional,
  INNGEST_SIGNING_KEY: optional,
  INNGEST_DEV: flag,

  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_ID: optional,
  STRIPE_METERED_PRICE_ID: optional,
  /** The recurring price of one extra agent seat (pro add-on); unset: extra seats are not sold through checkout. */
  STRIPE_EXTRA_AGENT_PRICE_ID: optional,
  /** The billing meter's event name behind STRIPE_METERED_PRICE_ID (aggregation "last": the contact count is a level, not a sum). */
  STRIPE_METER_EVENT_NAME: z.string().trim().min(1).default("gapwise_contacts"),
  /** Points the Stripe SDK at a local fake in tests: http://127.0.0.1:PORT */
  STRIPE_API_BASE: z.url().optional(),

  /** "off" stops the embedded outreach ticker (the browser suite does, so its timing never competes with the journeys). */
  OUTREACH_TICKER: z.enum(["on", "off"]).default("on"),

  /** How many proxies in front of the app append to X-Forwarded-For (rate limits use the address the outermost one saw). 0: ignore the header. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(1),

  /** Bearer secret for HTTP cron entry points (withCron). Unset: those routes answer 404. */
  CRON_SECRET: optional,

  CSG_API_KEY: optional,
  CSG_BASE_URL: z.url().default("https://csgapi.appspot.com"),

  /** Optional explainer videos on the compare page; without them the page explains in text. */
  PLAN_G_VS_N_VIDEO_URL: z.url().optional(),
  QUALIFY_VIDEO_URL: z.url().optional(),
});

export type RawEnv = z.infer<typeof rawEnvSchema>;

export type Parts = {
  database: "embedded" | "postgres";
  email: "outbox" | "resend";
  jobs: "ticker" | "inngest";
  payments: "off" | "stripe";
  quotes: "local" | "csg";
};

// Development-only defaults: the embedded mode must run with no configuration at all. A production
// deployment (APP_ENV=production) must set its own, which parseEnv enforces.
const DEV_AUTH_SECRET = "gapwise-embedded-development-secret-do-not-use-in-production";
// sha256("gapwise-embedded-development-eligibility-key"): public, so it protects nothing outside development.
const DEV_ELIGIBILITY_KEY = "+Cs1MHrqp70QFoeWlG8FGFmUNan2wDKZhlEg8DI9vBM=";
const isAes256Key = (base64: string) => /^[A-Za-z0-9+/]{43}=$/.test(base64) && Buffer.from(base64, "base64").length === 32;

export class EnvError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee .env.example and docs/operations.md.`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>) {
  const parsed = rawEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const raw = parsed.data;
  const appEnv = raw.APP_ENV ?? (raw.NODE_ENV === "test" ? "test" : "development");
  const isProduction = appEnv === "production";
  const problems: string[] = [];

  const parts: Parts = {
    database: raw.DATABASE_URL && !raw.DATABASE_EMBEDDED ? "postgres" : "embedded",
    email: raw.RESEND_API_KEY ? "resend" : "outbox",
    jobs: raw.INNGEST_EVENT_KEY || raw.INNGEST_SIGNING_KEY ? "inngest" : "ticker",
    payments: raw.STRIPE_SECRET_KEY ? "stripe" : "off",
    quotes: raw.CSG_API_KEY ? "csg" : "local",
  };

  if (raw.DATABASE_URL && !/^postgres(ql)?:\/\//.test(raw.DATABASE_URL)) {
    problems.push("DATABASE_URL must be a postgres:// or postgresql:// URL.");
  }
  if (parts.jobs === "inngest" && !(raw.INNGEST_EVENT_KEY && raw.INNGEST_SIGNING_KEY)) {
    problems.push("Inngest needs both INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY (set both, or neither for the in-process ticker).");
  }
  if (parts.payments === "stripe") {
    const missing = (["STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ID"] as const).filter((k) => !raw[k]);
    if (missing.length) problems.push(`Stripe is on (STRIPE_SECRET_KEY is set) but ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} missing.`);
    const secretLive = raw.STRIPE_SECRET_KEY!.startsWith("sk_live_");
    const publishableLive = raw.STRIPE_PUBLISHABLE_KEY?.startsWith("pk_live_");
    if (raw.STRIPE_PUBLISHABLE_KEY && secretLive !== publishableLive) {
      problems.push("STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys.");
    }
  } else if (raw.STRIPE_PUBLISHABLE_KEY || raw.STRIPE_WEBHOOK_SECRET) {
    problems.push("Stripe keys are partly set: STRIPE_SECRET_KEY is missing (set it, or remove the other STRIPE_* variables to run with billing off).");
  }
  if (raw.ELIGIBILITY_ENCRYPTION_KEY && !isAes256Key(raw.ELIGIBILITY_ENCRYPTION_KEY)) {
    problems.push("ELIGIBILITY_ENCRYPTION_KEY must be the base64 of exactly 32 bytes (openssl rand -base64 32).");
  }
  if (isProduction) {
    if (!raw.ELIGIBILITY_ENCRYPTION_KEY) problems.push("APP_ENV=production needs ELIGIBILITY_ENCRYPTION_KEY (openssl rand -base64 32): health answers are encrypted with it.");
    if (parts.database !== "postgres") problems.push("APP_ENV=production needs DATABASE_URL pointing at PostgreSQL (the embedded database is for development).");
    if (!raw.AUTH_SECRET || raw.AUTH_SECRET.length < 32) problems.push("APP_ENV=production needs AUTH_SECRET of at least 32 characters (openssl rand -base64 32).");
    if (parts.email !== "resend") problems.push("APP_ENV=production needs RESEND_API_KEY: the outbox transport never delivers email.");
    if (parts.jobs !== "inngest") problems.push("APP_ENV=production needs INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY.");
    if (raw.INNGEST_DEV) problems.push("INNGEST_DEV must not be set in production.");
    if (!raw.APP_URL.startsWith("https://")) problems.push("APP_ENV=production needs APP_URL to be an https:// URL.");
  }
  if (problems.length) throw new EnvError(problems);

  return {
    appEnv,
    isProduction,
    isTest: appEnv === "test",
    parts,
    appUrl: raw.APP_URL.replace(/\/$/, ""),
    productName: raw.PRODUCT_NAME,
    supportEmail: raw.SUPPORT_EMAIL,
    postalAddress: raw.POSTAL_ADDRESS,
    demoUrl: raw.DEMO_URL ?? "/compare?demo=true",
    demoBookingUrl: raw.DEMO_BOOKING_URL ?? `mailto:${raw.SUPPORT_EMAIL}?subject=${encodeURIComponent(`${raw.PRODUCT_NAME} demo`)}`,
    databaseUrl: raw.DATABASE_URL,
    databaseIsEmbeddedServer: raw.DATABASE_EMBEDDED,
    authSecret: raw.AUTH_SECRET ?? DEV_AUTH_SECRET,
    /** AES-256-GCM key (base64 of 32 bytes) for EligibilityAnswer.answers. */
    eligibilityKey: raw.ELIGIBILITY_ENCRYPTION_KEY ?? DEV_ELIGIBILITY_KEY,
    email: {
      from: raw.EMAIL_FROM,
      resendApiKey: raw.RESEND_API_KEY,
      resendBaseUrl: raw.RESEND_BASE_URL,
      resendWebhookSecret: raw.RESEND_WEBHOOK_SECRET,
      testAddress: raw.EMAIL_TEST_ADDRESS,
    },
    inngest: { eventKey: raw.INNGEST_EVENT_KEY, signingKey: raw.INNGEST_SIGNING_KEY, dev: raw.INNGEST_DEV },
    stripe: {
      secretKey: raw.STRIPE_SECRET_KEY,
      publishableKey: raw.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
      priceId: raw.STRIPE_PRICE_ID,
      meteredPriceId: raw.STRIPE_METERED_PRICE_ID,
      extraAgentPriceId: raw.STRIPE_EXTRA_AGENT_PRICE_ID,
      meterEventName: raw.STRIPE_METER_EVENT_NAME,
      apiBase: raw.STRIPE_API_BASE,
    },
    cronSecret: raw.CRON_SECRET,
    trustedProxyHops: raw.TRUSTED_PROXY_HOPS,
    outreachTicker: raw.OUTREACH_TICKER === "on",
    csg: { apiKey: raw.CSG_API_KEY, baseUrl: raw.CSG_BASE_URL },
    videos: { planGvsN: raw.PLAN_G_VS_N_VIDEO_URL, qualify: raw.QUALIFY_VIDEO_URL },
  };
}

export type Env = ReturnType<typeof parseEnv>;

let cached: Env | undefined;

/** The validated configuration of this process. Throws EnvError on the first call if it is invalid. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change variables between cases; this drops the cached parse. */
export function resetEnvForTests() {
  cached = undefined;
}
