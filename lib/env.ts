import { randomBytes } from "node:crypto";
import { z } from "zod";
import { parseTrustedProxies } from "@/lib/api/client-address";
import { isLoopbackHost } from "@/lib/dev-tools/dev-access-rule";

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
  /**
   * development | test | preview | production. "production" and "preview" are deployments: both need real secrets
   * and PostgreSQL; a preview never reaches a consumer. Unset: VERCEL_ENV decides on a Vercel-style host, else development.
   */
  APP_ENV: z.enum(["development", "test", "preview", "production"]).optional(),
  /** Set by a Vercel-style host: production | preview | development. VERCEL_ENV=preview always means a preview. */
  VERCEL_ENV: z.enum(["production", "preview", "development"]).optional(),
  /** The deployment's own host name (no scheme), set by the host; APP_URL of a preview when APP_URL is unset. */
  VERCEL_URL: optional,
  /** The branch's stable host name (no scheme), set by the host; preferred over VERCEL_URL for a preview's links. */
  VERCEL_BRANCH_URL: optional,
  /** Public base URL, used in links inside emails. Unset: the preview's own URL on a preview, http://localhost:3000 locally. */
  APP_URL: optional.pipe(z.url().optional()),
  /** "npm-start": set by `npm start` (scripts/start.mjs) only. The in-process job ticker and keyless dev tools exist only then. */
  SERVED_BY: optional.pipe(z.enum(["npm-start"]).optional()),
  /** The address `npm start` binds the server to (set by it, from HOST; default 127.0.0.1). Keyless dev tools need a loopback address. */
  SERVED_HOST: optional,
  /** Opens /dev/outbox and /api/dev/* outside localhost (never in production): a reviewer's key for a preview. 24+ characters. */
  OUTBOX_ACCESS_KEY: optional,
  PRODUCT_NAME: z.string().default("Gapwise"),
  SUPPORT_EMAIL: z.email().default("support@gapwise.app"),
  POSTAL_ADDRESS: z.string().default("Gapwise, 100 Main Street, Austin, TX 78701"),
  /** Where /demo ("Try It Out") sends visitors: an external demo site; unset: the sample quote page of this app. */
  DEMO_URL: optional.pipe(z.url({ protocol: /^https?$/, error: "DEMO_URL must be an http(s) URL" }).optional()),
  /** The external calendar behind /schedule-main's "Schedule a Demo Call"; unset: an email to SUPPORT_EMAIL. */
  DEMO_BOOKING_URL: optional.pipe(
    z.url({ protocol: /^https?$/, error: "DEMO_BOOKING_URL must be an http(s) URL" }).optional(),
  ),

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
  /** Requests a second this process sends to Resend (its team limit; default 2, Resend's own default). */
  RESEND_REQUESTS_PER_SECOND: optional.pipe(z.coerce.number<string | undefined>().positive().max(1000).optional()),
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

  /** Twilio (SMS, issue #20 point 3): the account, its auth token (API calls and the inbound webhook's signature). */
  TWILIO_ACCOUNT_SID: optional.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, "TWILIO_ACCOUNT_SID must be the account's SID: AC and 32 hex digits")
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optional,
  /** The number texts come from, E.164 (+15125550100); or TWILIO_MESSAGING_SERVICE_SID. */
  TWILIO_FROM_NUMBER: optional.pipe(
    z
      .string()
      .regex(/^\+1\d{10}$/, "TWILIO_FROM_NUMBER must be a US number in E.164 form, such as +15125550100")
      .optional(),
  ),
  TWILIO_MESSAGING_SERVICE_SID: optional.pipe(
    z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, "TWILIO_MESSAGING_SERVICE_SID must be MG and 32 hex digits")
      .optional(),
  ),
  /** Points the Twilio SDK at a local fake in tests: http://127.0.0.1:PORT */
  TWILIO_API_BASE: z.url().optional(),
  /** When set, every text goes to this number (E.164) instead; on a preview, the only number Twilio may text. */
  SMS_TEST_NUMBER: optional.pipe(
    z
      .string()
      .regex(/^\+1\d{10}$/, "SMS_TEST_NUMBER must be a US number in E.164 form, such as +15125550100")
      .optional(),
  ),

  /** "off" stops the embedded outreach ticker (the browser suite does, so its timing never competes with the journeys). */
  OUTREACH_TICKER: z.enum(["on", "off"]).default("on"),

  /**
   * The proxies in front of the app whose X-Forwarded-For entries are believed: IPs and CIDR ranges, comma
   * separated (lib/api/client-address.ts). Unset: the client is the address our own server saw.
   */
  TRUSTED_PROXIES: optional,
  /** A header the host sets to the client's address and never passes on from clients (x-vercel-forwarded-for on Vercel). */
  TRUSTED_PROXY_HEADER: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, "TRUSTED_PROXY_HEADER must be a header name, such as x-vercel-forwarded-for")
      .transform((name) => name.toLowerCase())
      .optional(),
  ),
  /** Replaced by TRUSTED_PROXIES: set, it stops the start with a message saying what to set instead. */
  TRUSTED_PROXY_HOPS: optional,

  /** Bearer secret for HTTP cron entry points (withCron). Unset: those routes answer 404. */
  CRON_SECRET: optional,

  CSG_API_KEY: optional,
  CSG_BASE_URL: z.url().default("https://api.csgactuarial.com/v1"),

  /** Optional explainer videos on the compare page; without them the page explains in text. */
  PLAN_G_VS_N_VIDEO_URL: z.url().optional(),
  QUALIFY_VIDEO_URL: z.url().optional(),
});

export type RawEnv = z.infer<typeof rawEnvSchema>;

export type AppEnv = "development" | "test" | "preview" | "production";

export type Parts = {
  database: "embedded" | "postgres";
  email: "outbox" | "resend";
  /** ticker: in-process, under `npm start` only; inngest: Inngest functions; cron: /api/cron/outreach called by the host's cron. */
  jobs: "ticker" | "inngest" | "cron";
  payments: "off" | "stripe";
  quotes: "local" | "csg";
  /** off: no text is sent (sendSms answers "off"); twilio: the Twilio SDK. */
  sms: "off" | "twilio";
};

// No secret has a default. `npm start` in embedded mode generates its own once (kept under .data/, mode 0600);
// a test process gets random ones of its own, so nothing signed in one run is valid in another.
const testSecrets = {
  authSecret: randomBytes(32).toString("base64"),
  eligibilityKey: randomBytes(32).toString("base64"),
};
const isAes256Key = (base64: string) =>
  /^[A-Za-z0-9+/]{43}=$/.test(base64) && Buffer.from(base64, "base64").length === 32;

export class EnvError extends Error {
  constructor(problems: string[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee .env.example and docs/operations.md.`,
    );
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>) {
  const parsed = rawEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const raw = parsed.data;
  const appEnv = deploymentMode(raw);
  const isProduction = appEnv === "production";
  const isPreview = appEnv === "preview";
  const isTest = appEnv === "test";
  const isDeployment = isProduction || isPreview;
  const servedByNpmStart = raw.SERVED_BY === "npm-start";
  const problems: string[] = [];

  const parts: Parts = {
    database: raw.DATABASE_URL && !raw.DATABASE_EMBEDDED ? "postgres" : "embedded",
    // A preview sends through Resend only to EMAIL_TEST_ADDRESS; without one every email stays in the outbox.
    email: raw.RESEND_API_KEY && (!isPreview || raw.EMAIL_TEST_ADDRESS) ? "resend" : "outbox",
    jobs: raw.INNGEST_EVENT_KEY || raw.INNGEST_SIGNING_KEY ? "inngest" : servedByNpmStart || isTest ? "ticker" : "cron",
    payments: raw.STRIPE_SECRET_KEY ? "stripe" : "off",
    quotes: raw.CSG_API_KEY ? "csg" : "local",
    // Like email: a preview texts through Twilio only to SMS_TEST_NUMBER; without one nothing is sent.
    sms:
      raw.TWILIO_ACCOUNT_SID &&
      raw.TWILIO_AUTH_TOKEN &&
      (raw.TWILIO_FROM_NUMBER || raw.TWILIO_MESSAGING_SERVICE_SID) &&
      (!isPreview || raw.SMS_TEST_NUMBER)
        ? "twilio"
        : "off",
  };

  if (raw.DATABASE_URL && !/^postgres(ql)?:\/\//.test(raw.DATABASE_URL)) {
    problems.push("DATABASE_URL must be a postgres:// or postgresql:// URL.");
  }
  if (parts.jobs === "inngest" && !(raw.INNGEST_EVENT_KEY && raw.INNGEST_SIGNING_KEY)) {
    problems.push(
      "Inngest needs both INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY (set both, or neither for the in-process ticker).",
    );
  }
  if (parts.payments === "stripe") {
    const missing = (["STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ID"] as const).filter(
      (k) => !raw[k],
    );
    if (missing.length)
      problems.push(
        `Stripe is on (STRIPE_SECRET_KEY is set) but ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} missing.`,
      );
    const secretLive = raw.STRIPE_SECRET_KEY!.startsWith("sk_live_");
    const publishableLive = raw.STRIPE_PUBLISHABLE_KEY?.startsWith("pk_live_");
    if (raw.STRIPE_PUBLISHABLE_KEY && secretLive !== publishableLive) {
      problems.push("STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys.");
    }
  } else if (raw.STRIPE_PUBLISHABLE_KEY || raw.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      "Stripe keys are partly set: STRIPE_SECRET_KEY is missing (set it, or remove the other STRIPE_* variables to run with billing off).",
    );
  }
  const twilioKeys = (["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"] as const).filter((k) => raw[k]);
  const twilioSender = raw.TWILIO_FROM_NUMBER || raw.TWILIO_MESSAGING_SERVICE_SID;
  if ((twilioKeys.length > 0 || twilioSender) && !(twilioKeys.length === 2 && twilioSender)) {
    problems.push(
      "Twilio is partly set: SMS needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER (or TWILIO_MESSAGING_SERVICE_SID), or none of them to leave SMS off.",
    );
  }
  if (raw.ELIGIBILITY_ENCRYPTION_KEY && !isAes256Key(raw.ELIGIBILITY_ENCRYPTION_KEY)) {
    problems.push("ELIGIBILITY_ENCRYPTION_KEY must be the base64 of exactly 32 bytes (openssl rand -base64 32).");
  }
  if (!isTest) {
    const started = servedByNpmStart ? "" : " (`npm start` in embedded mode creates both under .data/ by itself)";
    if (!raw.AUTH_SECRET)
      problems.push(
        `AUTH_SECRET is not set: sign-in links and signed tokens need it (openssl rand -base64 32)${started}.`,
      );
    else if (raw.AUTH_SECRET.length < 32)
      problems.push("AUTH_SECRET must be at least 32 characters (openssl rand -base64 32).");
    if (!raw.ELIGIBILITY_ENCRYPTION_KEY)
      problems.push(
        `ELIGIBILITY_ENCRYPTION_KEY is not set: health answers are encrypted with it (openssl rand -base64 32)${started}.`,
      );
  }
  if (parts.jobs === "cron" && !raw.CRON_SECRET) {
    problems.push(
      "Jobs need INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY, or CRON_SECRET for /api/cron/outreach, which the host's cron calls every minute (the in-process ticker runs only under `npm start`).",
    );
  }
  const appUrl = resolveAppUrl(raw, appEnv);
  if (!appUrl)
    problems.push(
      "APP_URL is not set: a deployment needs its public https URL for the links in emails (a preview on a Vercel-style host uses VERCEL_BRANCH_URL or VERCEL_URL).",
    );
  const trusted = parseTrustedProxies(raw.TRUSTED_PROXIES);
  if (trusted.invalid.length) {
    problems.push(
      `TRUSTED_PROXIES: ${trusted.invalid.join(", ")} ${trusted.invalid.length > 1 ? "are neither addresses nor CIDR ranges" : "is neither an address nor a CIDR range"} (example: 10.0.0.0/8, 203.0.113.7, 2001:db8::/32).`,
    );
  }
  if (raw.TRUSTED_PROXY_HOPS !== undefined) {
    problems.push(
      "TRUSTED_PROXY_HOPS is no longer read: list the addresses of your proxies in TRUSTED_PROXIES instead, or set TRUSTED_PROXY_HEADER on a host that writes the client's address into a header of its own (x-vercel-forwarded-for on Vercel). See docs/operations.md.",
    );
  }
  if (raw.OUTBOX_ACCESS_KEY && raw.OUTBOX_ACCESS_KEY.length < 24)
    problems.push("OUTBOX_ACCESS_KEY must be at least 24 characters (openssl rand -base64 24).");
  if (isDeployment) {
    const mode = isProduction ? "APP_ENV=production" : "A preview";
    if (parts.database !== "postgres")
      problems.push(
        `${mode} needs DATABASE_URL pointing at PostgreSQL (the embedded database cannot run on a serverless host).`,
      );
  }
  if (isPreview) {
    const live = (["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY"] as const).filter((k) =>
      /^(sk|pk|rk)_live_/.test(raw[k] ?? ""),
    );
    if (live.length)
      problems.push(
        `A preview must not use live Stripe keys (${live.join(", ")}): set the test-mode keys (sk_test_…, pk_test_…) for previews.`,
      );
  }
  if (isProduction) {
    if (parts.email !== "resend")
      problems.push("APP_ENV=production needs RESEND_API_KEY: the outbox transport never delivers email.");
    if (parts.jobs !== "inngest") problems.push("APP_ENV=production needs INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY.");
    if (raw.INNGEST_DEV) problems.push("INNGEST_DEV must not be set in production.");
    if (appUrl && !appUrl.startsWith("https://"))
      problems.push("APP_ENV=production needs APP_URL to be an https:// URL.");
    if (raw.OUTBOX_ACCESS_KEY)
      problems.push("OUTBOX_ACCESS_KEY must not be set in production: the outbox does not exist there.");
  }
  if (problems.length) throw new EnvError(problems);

  return {
    appEnv,
    isProduction,
    isPreview,
    isTest,
    /** `npm start` (or `npm start -- --dev`) serves this process: the in-process ticker, and dev tools for requests from this machine. */
    servedByNpmStart,
    /** `npm start` serves this process on a loopback address only: a request to localhost comes from this machine. */
    servedLocally: servedByNpmStart && isLoopbackHost(raw.SERVED_HOST ?? "127.0.0.1"),
    /** `next dev` (NODE_ENV=development) serves this process, not `next start`: the CSP allows React's dev-only eval. */
    devServer: raw.NODE_ENV === "development",
    parts,
    appUrl: appUrl!,
    productName: raw.PRODUCT_NAME,
    supportEmail: raw.SUPPORT_EMAIL,
    postalAddress: raw.POSTAL_ADDRESS,
    demoUrl: raw.DEMO_URL ?? "/compare?demo=true",
    demoBookingUrl:
      raw.DEMO_BOOKING_URL ?? `mailto:${raw.SUPPORT_EMAIL}?subject=${encodeURIComponent(`${raw.PRODUCT_NAME} demo`)}`,
    databaseUrl: raw.DATABASE_URL,
    databaseIsEmbeddedServer: raw.DATABASE_EMBEDDED,
    authSecret: raw.AUTH_SECRET ?? testSecrets.authSecret,
    /** AES-256-GCM key (base64 of 32 bytes) for EligibilityAnswer.answers. */
    eligibilityKey: raw.ELIGIBILITY_ENCRYPTION_KEY ?? testSecrets.eligibilityKey,
    outboxAccessKey: raw.OUTBOX_ACCESS_KEY,
    email: {
      from: raw.EMAIL_FROM,
      resendApiKey: raw.RESEND_API_KEY,
      resendBaseUrl: raw.RESEND_BASE_URL,
      resendWebhookSecret: raw.RESEND_WEBHOOK_SECRET,
      resendRequestsPerSecond: raw.RESEND_REQUESTS_PER_SECOND ?? 2,
      testAddress: raw.EMAIL_TEST_ADDRESS,
      /** Every email's subject starts with this on a preview ("[PREVIEW] "); empty elsewhere. */
      subjectPrefix: isPreview ? "[PREVIEW] " : "",
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
    sms: {
      accountSid: raw.TWILIO_ACCOUNT_SID,
      authToken: raw.TWILIO_AUTH_TOKEN,
      fromNumber: raw.TWILIO_FROM_NUMBER,
      messagingServiceSid: raw.TWILIO_MESSAGING_SERVICE_SID,
      apiBase: raw.TWILIO_API_BASE,
      testNumber: raw.SMS_TEST_NUMBER,
      /** Every text starts with this on a preview ("[PREVIEW] "); empty elsewhere. */
      bodyPrefix: isPreview ? "[PREVIEW] " : "",
    },
    cronSecret: raw.CRON_SECRET,
    /** How the client's address is read from a request (lib/api/client-address.ts). */
    clientAddress: { trustedProxies: trusted.proxies, trustedProxyHeader: raw.TRUSTED_PROXY_HEADER },
    outreachTicker: raw.OUTREACH_TICKER === "on",
    csg: { apiKey: raw.CSG_API_KEY, baseUrl: raw.CSG_BASE_URL },
    videos: { planGvsN: raw.PLAN_G_VS_N_VIDEO_URL, qualify: raw.QUALIFY_VIDEO_URL },
  };
}

/** A preview is a preview whatever APP_ENV says: a host's preview deployment must never act as production. */
function deploymentMode(raw: RawEnv): AppEnv {
  if (raw.VERCEL_ENV === "preview") return "preview";
  if (raw.APP_ENV) return raw.APP_ENV;
  if (raw.VERCEL_ENV === "production") return "production";
  return raw.NODE_ENV === "test" ? "test" : "development";
}

/** APP_URL without a trailing slash; on a preview without it, the host's branch (or deployment) URL; locally localhost. */
function resolveAppUrl(raw: RawEnv, appEnv: AppEnv): string | null {
  if (raw.APP_URL) return raw.APP_URL.replace(/\/$/, "");
  const hostName = raw.VERCEL_BRANCH_URL ?? raw.VERCEL_URL;
  if (appEnv === "preview" && hostName) return `https://${hostName.replace(/^https?:\/\//, "").replace(/\/$/, "")}`;
  if (appEnv === "production" || appEnv === "preview") return null;
  return "http://localhost:3000";
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
