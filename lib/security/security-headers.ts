/**
 * The security headers of every answer (docs/security.md, "Security headers"). Pure: proxy.ts passes
 * the page's path, its nonce and the facts of the deployment (lib/security/security-facts.ts); the one
 * API wrapper (lib/api/handler.ts) passes the facts. No process.env here, no clock, no randomness.
 */

export type SecurityFacts = {
  /** APP_URL. https: the app is served over TLS, so HSTS and upgrade-insecure-requests. */
  appUrl: string;
  /** `next dev`: React rebuilds server error stacks with eval there (Next's CSP guide). Never in `next start`. */
  devServer: boolean;
  /** Stripe is on: the payment step mounts Stripe's embedded checkout (js.stripe.com and its frames). */
  stripe: boolean;
  /** The operator's explainer videos on the compare page (PLAN_G_VS_N_VIDEO_URL, QUALIFY_VIDEO_URL): framed from their origin. */
  videoUrls: ReadonlyArray<string | null | undefined>;
};

/**
 * Pages whose URL carries a token (a quote link, an unsubscribe token, a sign-in link, a self-signup's
 * address confirmation): never sent to another site as a Referer. `/schedule` is not `/schedule-main`.
 */
const TOKEN_PAGES = [
  "compare",
  "eligibility",
  "schedule",
  "landing",
  "quote",
  "thanks",
  "self-onboarding",
  "unsubscribe",
  "auth/verify",
  "confirm-email",
];

export function isTokenPage(pathname: string): boolean {
  return TOKEN_PAGES.some((page) => pathname === `/${page}` || pathname.startsWith(`/${page}/`));
}

// Stripe's integration security guide lists these for Stripe.js and embedded Checkout: the script and its
// frames (the card form, 3-D Secure's hooks), and the checkout session's calls.
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: [
    "https://js.stripe.com",
    "https://*.js.stripe.com",
    "https://hooks.stripe.com",
    "https://checkout.stripe.com",
  ],
  connect: ["https://api.stripe.com", "https://checkout.stripe.com"],
  img: ["https://*.stripe.com"],
};

const isHttps = (url: string) => url.startsWith("https://");

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { origin, protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:" ? origin : null;
  } catch {
    return null;
  }
}

const unique = (sources: ReadonlyArray<string | null | false>) => [
  ...new Set(sources.filter((s): s is string => Boolean(s))),
];

/**
 * The Content-Security-Policy of a page (Next's documented nonce recipe, set by proxy.ts):
 * - script-src: this request's nonce with 'strict-dynamic' (Next puts the nonce on its own scripts;
 *   what they load is trusted from them); 'self' and Stripe's host only for browsers without
 *   'strict-dynamic'; 'unsafe-eval' under `next dev` only.
 * - style-src 'unsafe-inline': React and recharts write style attributes, which no nonce can cover, and
 *   the outbox previews emails (inline styles by nature) in a srcdoc frame, which inherits this policy.
 * - img-src: data: and blob: for the logo previews before upload; APP_URL's origin for the images of an
 *   email previewed in the outbox (absolute links to APP_URL, which on a preview may be another host).
 * - frame-src: Stripe's frames when Stripe is on; the configured video origins.
 * - frame-ancestors 'none': no page is framed by anyone (the spec embeds none of them), consumer pages included.
 */
export function contentSecurityPolicy({ nonce, facts }: { nonce: string; facts: SecurityFacts }): string {
  const appOrigin = originOf(facts.appUrl);
  const stripe = (list: string[]) => (facts.stripe ? list : []);
  const directives: Array<[string, ReadonlyArray<string | null | false>]> = [
    ["default-src", ["'self'"]],
    [
      "script-src",
      ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...stripe(STRIPE.script), facts.devServer && "'unsafe-eval'"],
    ],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", appOrigin, ...stripe(STRIPE.img)]],
    ["font-src", ["'self'", "data:"]],
    // `next dev` reloads over a websocket, which older browsers do not count as 'self'.
    ["connect-src", ["'self'", ...stripe(STRIPE.connect), facts.devServer && "ws:"]],
    ["frame-src", ["'self'", ...stripe(STRIPE.frame), ...facts.videoUrls.map(originOf)]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  const policy = directives.map(([name, sources]) => `${name} ${unique(sources).join(" ")}`);
  if (isHttps(facts.appUrl)) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** Served over https: browsers remember for a year to never try plain http (not includeSubDomains: APP_URL's siblings are not ours to decide). */
function transportHeaders(facts: SecurityFacts): Record<string, string> {
  return isHttps(facts.appUrl) ? { "Strict-Transport-Security": "max-age=31536000" } : {};
}

/** Headers of every page answer (proxy.ts), redirects included. */
export function pageSecurityHeaders({
  pathname,
  nonce,
  facts,
}: {
  pathname: string;
  nonce: string;
  facts: SecurityFacts;
}): Record<string, string> & { "Content-Security-Policy": string } {
  return {
    "Content-Security-Policy": contentSecurityPolicy({ nonce, facts }),
    // For browsers that predate frame-ancestors.
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": isTokenPage(pathname) ? "no-referrer" : "strict-origin-when-cross-origin",
    ...transportHeaders(facts),
  };
}

/**
 * Headers of every API answer (the one wrapper). Cache-Control is the wrapper's: no-store unless the
 * route set its own (the logo, the public household-discount file).
 */
export function apiSecurityHeaders(facts: SecurityFacts): Record<string, string> {
  return { "X-Content-Type-Options": "nosniff", ...transportHeaders(facts) };
}
