import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite is a test/embedded-only dependency; keep it (and the Prisma adapters) out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg"],
  // Reference data (ZIP table, carrier groups, …) is read from data/reference at run time: ship it with every
  // server function so a serverless host has it (lib/reference/reference-data.ts).
  outputFileTracingIncludes: { "/**": ["./data/reference/**/*"] },
  poweredByHeader: false,
  typedRoutes: false,
  // What no proxy or wrapper answers (build output, public files) still tells browsers not to guess a
  // type. Pages get their security headers (CSP, Referrer-Policy, …) from proxy.ts, API answers from the
  // one wrapper (lib/api/handler.ts): docs/security.md.
  async headers() {
    return [{ source: "/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] }];
  },
};

export default nextConfig;
