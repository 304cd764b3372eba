import {
  apiSecurityHeaders,
  contentSecurityPolicy,
  isTokenPage,
  pageSecurityHeaders,
  type SecurityFacts,
} from "@/lib/security/security-headers";

const LOCAL: SecurityFacts = { appUrl: "http://localhost:3000", devServer: false, stripe: false, videoUrls: [] };
const PRODUCTION: SecurityFacts = {
  appUrl: "https://app.gapwise.example",
  devServer: false,
  stripe: true,
  videoUrls: ["https://www.youtube.com/embed/abc?rel=0", undefined, "not a url"],
};
const NONCE = "bm9uY2UtZm9yLXRlc3Rz";

/** "a b; c d" → { a: ["b"], c: ["d"] } */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe("contentSecurityPolicy", () => {
  it("is Next's nonce recipe: scripts by this request's nonce and what they load, nothing framed, no plugins", () => {
    expect(directives(contentSecurityPolicy({ nonce: NONCE, facts: LOCAL }))).toEqual({
      "default-src": ["'self'"],
      "script-src": ["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'"],
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:", "blob:", "http://localhost:3000"],
      "font-src": ["'self'", "data:"],
      "connect-src": ["'self'"],
      "frame-src": ["'self'"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
    });
  });

  it("lets Stripe's checkout and the configured videos in, and upgrades requests over https", () => {
    const policy = directives(contentSecurityPolicy({ nonce: NONCE, facts: PRODUCTION }));
    expect(policy["script-src"]).toEqual([
      "'self'",
      `'nonce-${NONCE}'`,
      "'strict-dynamic'",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
    ]);
    expect(policy["frame-src"]).toEqual([
      "'self'",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
      "https://checkout.stripe.com",
      "https://www.youtube.com",
    ]);
    expect(policy["connect-src"]).toEqual(["'self'", "https://api.stripe.com", "https://checkout.stripe.com"]);
    expect(policy["img-src"]).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://app.gapwise.example",
      "https://*.stripe.com",
    ]);
    expect(policy["upgrade-insecure-requests"]).toEqual([]);
    expect(directives(contentSecurityPolicy({ nonce: NONCE, facts: LOCAL }))).not.toHaveProperty(
      "upgrade-insecure-requests",
    );
  });

  it("allows eval (React's dev stacks) and the reload socket under next dev only", () => {
    const dev = directives(contentSecurityPolicy({ nonce: NONCE, facts: { ...LOCAL, devServer: true } }));
    expect(dev["script-src"]).toContain("'unsafe-eval'");
    expect(dev["connect-src"]).toEqual(["'self'", "ws:"]);
    expect(contentSecurityPolicy({ nonce: NONCE, facts: PRODUCTION })).not.toContain("unsafe-eval");
  });
});

describe("isTokenPage", () => {
  it("is every page whose URL carries a token, and nothing that only starts like one", () => {
    const tokenPages = [
      "/compare",
      "/compare/abc",
      "/eligibility",
      "/schedule",
      "/landing",
      "/quote",
      "/thanks",
      "/self-onboarding/agency",
      "/unsubscribe",
      "/auth/verify/agency/0123abcd",
      "/confirm-email/0123abcd",
    ];
    expect(tokenPages.filter((path) => !isTokenPage(path))).toEqual([]);
    expect(
      [
        "/",
        "/schedule-main",
        "/comparison",
        "/contacts",
        "/dashboard",
        "/auth",
        "/login",
        "/dev/outbox",
        "/confirm-emails",
      ].filter(isTokenPage),
    ).toEqual([]);
  });
});

describe("pageSecurityHeaders", () => {
  it("gives a signed-in page its policy, no framing, nosniff and the browser's usual referrer", () => {
    expect(pageSecurityHeaders({ pathname: "/dashboard", nonce: NONCE, facts: LOCAL })).toEqual({
      "Content-Security-Policy": contentSecurityPolicy({ nonce: NONCE, facts: LOCAL }),
      "X-Frame-Options": "DENY",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });

  it("sends no Referer from a token page, and HSTS over https", () => {
    const headers = pageSecurityHeaders({ pathname: "/compare", nonce: NONCE, facts: PRODUCTION });
    expect(headers["Referrer-Policy"]).toBe("no-referrer");
    expect(headers["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(pageSecurityHeaders({ pathname: "/compare", nonce: NONCE, facts: LOCAL })).not.toHaveProperty(
      "Strict-Transport-Security",
    );
  });
});

describe("apiSecurityHeaders", () => {
  it("is nosniff everywhere and HSTS over https", () => {
    expect(apiSecurityHeaders(LOCAL)).toEqual({ "X-Content-Type-Options": "nosniff" });
    expect(apiSecurityHeaders(PRODUCTION)).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Strict-Transport-Security": "max-age=31536000",
    });
  });
});
